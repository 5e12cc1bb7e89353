package org.hympj.comm.match;

/**
 * The first 64 bytes after the object header of a class whose fields are written for every
 * message (an {@link Arrival}, an {@link Operation}, the {@link MatchingLock}): a superclass's
 * fields come first in the JVM's layout, so a subclass's fields start past them, on no line
 * that the object before this one in memory reaches. The int fills the 4-byte gap after a
 * compressed header, which the JVM would otherwise give to a subclass's field. Each such class
 * ends with padding of its own, in its final class; {@code CacheLinePaddingTest} checks both
 * ends from the offsets the JVM gives.
 */
abstract class LeadingPadding {
    int p00;
    long p01, p02, p03, p04, p05, p06, p07, p08;
}
