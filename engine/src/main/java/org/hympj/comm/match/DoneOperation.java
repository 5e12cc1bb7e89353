package org.hympj.comm.match;

/**
 * An operation complete from the start: the request of a call that does its work before it
 * returns (a non-blocking file access), which {@code Wait}, {@code Test} and their kin complete
 * as any other.
 */
public final class DoneOperation extends Operation {
    public DoneOperation() {
        complete();
    }
}
