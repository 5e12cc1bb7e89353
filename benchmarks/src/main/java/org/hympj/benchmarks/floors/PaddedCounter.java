package org.hympj.benchmarks.floors;

/** A volatile long alone on its cache line (56 bytes of padding either side): the floor's message. */
public final class PaddedCounter {
    long p1, p2, p3, p4, p5, p6, p7;
    public volatile long value;
    long q1, q2, q3, q4, q5, q6, q7;
}
