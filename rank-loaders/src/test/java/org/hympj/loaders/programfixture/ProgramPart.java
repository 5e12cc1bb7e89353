package org.hympj.loaders.programfixture;

/** A class of the program that is not declared shared: each rank loads its own. */
public final class ProgramPart {
    public static int uses;
}
