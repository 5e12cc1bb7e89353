package org.hympj.npb.numerics;

/** One level's grid on one rank: n1 × n2 × n3 points with ghosts, planes distributed or whole. */
public final class MgGrid {
    public final int k;
    public final int n1;
    public final int n2;
    public final int n3;
    public final boolean distributed;
    /** Global interior index (0-based) of this rank's first interior plane. */
    public final int firstPlane;
    public final double[] v;

    public MgGrid(int k, int ranks, int rank) {
        this.k = k;
        int m = 1 << k;
        n1 = m + 2;
        n2 = m + 2;
        distributed = m >= 2 * ranks;
        int planes = distributed ? m / ranks : m;
        firstPlane = distributed ? planes * rank : 0;
        n3 = planes + 2;
        v = new double[n1 * n2 * n3];
    }

    public int at(int i3, int i2, int i1) {
        return (i3 * n2 + i2) * n1 + i1;
    }
}
