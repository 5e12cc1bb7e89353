package org.hympj.examples.nbody;

/**
 * A Barnes-Hut octree over particles sorted by Morton key, each cell a run
 * {@code [first, last)} of the sorted particles, its children stored next to one another.
 * Cells carry their mass, centre of mass and an opening radius: a particle farther than
 * {@code side / theta + |centre of mass - geometric centre|} from the centre of mass takes
 * the cell as one point mass (Barnes' criterion with the offset that keeps a cell from
 * being used by a particle inside it, for theta &lt;= 1); otherwise the cell is opened, and a
 * leaf's particles act one by one.
 *
 * <p>Particles are given as {@code (x, y, z, m)} quadruples. The tree and every walk depend
 * only on the sorted particles, so the same particles give the same forces, bit for bit,
 * whichever rank or thread walks.
 *
 * <pre>
 * cell c:  data[8c .. 8c+7] = com x, com y, com z, mass, opening radius squared, (unused x3)
 *          children: firstChild[c] .. firstChild[c] + childCount[c] - 1 (0 for a leaf)
 *          particles: first[c] .. last[c] - 1
 * </pre>
 */
final class Octree {
    private static final int DATA = 8;
    private static final int MASS = 3;
    private static final int OPEN = 4;

    private final int leafSize;
    private double[] data = new double[0];
    private int[] firstChild = new int[0];
    private int[] childCount = new int[0];
    private int[] first = new int[0];
    private int[] last = new int[0];
    private int cells;

    private double[] particles;
    private long[] keys;
    private double[] min;
    private double side;
    private double theta;

    Octree(int leafSize) {
        this.leafSize = leafSize;
    }

    /**
     * Builds the tree over {@code n} particles {@code (x, y, z, m)} in {@code particles},
     * sorted by {@code keys}, taken in the cube at {@code min} of side {@code side}.
     */
    void build(double[] particles, long[] keys, int n, double[] min, double side, double theta) {
        this.particles = particles;
        this.keys = keys;
        this.min = min;
        this.side = side;
        this.theta = theta;
        cells = 1;
        ensureCells(Math.max(16, 2 * n / Math.max(1, leafSize) + 16));
        fill(0, 0, n, 0, 0, 0, 0);
    }

    int cells() {
        return cells;
    }

    private void ensureCells(int wanted) {
        if (wanted > firstChild.length) {
            int capacity = Math.max(wanted, firstChild.length * 3 / 2);
            data = java.util.Arrays.copyOf(data, capacity * DATA);
            firstChild = java.util.Arrays.copyOf(firstChild, capacity);
            childCount = java.util.Arrays.copyOf(childCount, capacity);
            first = java.util.Arrays.copyOf(first, capacity);
            last = java.util.Arrays.copyOf(last, capacity);
        }
    }

    /** Fills cell {@code c} with the particles {@code [lo, hi)}, which share the key prefix of a cube at {@code level} with integer corner (ix, iy, iz). */
    private void fill(int c, int lo, int hi, int level, long ix, long iy, long iz) {
        first[c] = lo;
        last[c] = hi;
        double m = 0;
        double mx = 0;
        double my = 0;
        double mz = 0;
        if (hi - lo <= leafSize || level == MortonKey.BITS) {
            firstChild[c] = 0;
            childCount[c] = 0;
            for (int p = lo; p < hi; p++) {
                double pm = particles[4 * p + 3];
                m += pm;
                mx += pm * particles[4 * p];
                my += pm * particles[4 * p + 1];
                mz += pm * particles[4 * p + 2];
            }
        } else {
            int shift = 3 * (MortonKey.BITS - 1 - level);
            int[] bounds = new int[9];
            bounds[0] = lo;
            bounds[8] = hi;
            int children = 0;
            for (int octant = 1; octant < 8; octant++) {
                bounds[octant] = firstWithOctantAtLeast(bounds[octant - 1], hi, shift, octant);
            }
            for (int octant = 0; octant < 8; octant++) {
                if (bounds[octant + 1] > bounds[octant]) {
                    children++;
                }
            }
            // Children are reserved together before any is filled, so they sit side by side.
            int child = cells;
            cells += children;
            ensureCells(cells);
            firstChild[c] = child;
            childCount[c] = children;
            long half = 1L << (MortonKey.BITS - 1 - level);
            for (int octant = 0; octant < 8; octant++) {
                if (bounds[octant + 1] > bounds[octant]) {
                    fill(child, bounds[octant], bounds[octant + 1], level + 1,
                        ix + ((octant >> 2) & 1) * half, iy + ((octant >> 1) & 1) * half, iz + (octant & 1) * half);
                    double cm = data[DATA * child + MASS];
                    m += cm;
                    mx += cm * data[DATA * child];
                    my += cm * data[DATA * child + 1];
                    mz += cm * data[DATA * child + 2];
                    child++;
                }
            }
        }
        int at = DATA * c;
        double cx = m > 0 ? mx / m : 0;
        double cy = m > 0 ? my / m : 0;
        double cz = m > 0 ? mz / m : 0;
        data[at] = cx;
        data[at + 1] = cy;
        data[at + 2] = cz;
        data[at + MASS] = m;
        double unit = side / MortonKey.CELLS;
        double cellSide = side / (1L << level);
        double half = 0.5 * cellSide;
        double gx = min[0] + ix * unit + half - cx;
        double gy = min[1] + iy * unit + half - cy;
        double gz = min[2] + iz * unit + half - cz;
        double open = cellSide / theta + Math.sqrt(gx * gx + gy * gy + gz * gz);
        data[at + OPEN] = open * open;
    }

    private int firstWithOctantAtLeast(int lo, int hi, int shift, int octant) {
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (((keys[mid] >>> shift) & 7) < octant) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    /**
     * The acceleration and potential at particle {@code self} (an index into the tree's
     * particles), softened with Plummer length {@code sqrt(eps2)}, into
     * {@code out[at .. at+2]} and {@code potential[self - offset]}. Returns the number of
     * interactions. {@code stack} needs 8 entries per tree level and a few more.
     */
    int accelerate(int self, double eps2, int[] stack, double[] out, int at, double[] potential, int potentialAt) {
        double px = particles[4 * self];
        double py = particles[4 * self + 1];
        double pz = particles[4 * self + 2];
        double ax = 0;
        double ay = 0;
        double az = 0;
        double phi = 0;
        int interactions = 0;
        int top = 0;
        stack[top++] = 0;
        while (top > 0) {
            int c = stack[--top];
            int d = DATA * c;
            double dx = data[d] - px;
            double dy = data[d + 1] - py;
            double dz = data[d + 2] - pz;
            double r2 = dx * dx + dy * dy + dz * dz;
            if (r2 > data[d + OPEN]) {
                double inv = 1.0 / Math.sqrt(r2 + eps2);
                double f = data[d + MASS] * inv * inv * inv;
                ax += f * dx;
                ay += f * dy;
                az += f * dz;
                phi -= data[d + MASS] * inv;
                interactions++;
            } else if (childCount[c] == 0) {
                for (int p = first[c], end = last[c]; p < end; p++) {
                    if (p == self) {
                        continue;
                    }
                    double qx = particles[4 * p] - px;
                    double qy = particles[4 * p + 1] - py;
                    double qz = particles[4 * p + 2] - pz;
                    double inv = 1.0 / Math.sqrt(qx * qx + qy * qy + qz * qz + eps2);
                    double f = particles[4 * p + 3] * inv * inv * inv;
                    ax += f * qx;
                    ay += f * qy;
                    az += f * qz;
                    phi -= particles[4 * p + 3] * inv;
                    interactions++;
                }
            } else {
                for (int k = childCount[c] - 1; k >= 0; k--) {
                    stack[top++] = firstChild[c] + k;
                }
            }
        }
        out[at] = ax;
        out[at + 1] = ay;
        out[at + 2] = az;
        potential[potentialAt] = phi;
        return interactions;
    }
}
