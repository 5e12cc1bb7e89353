package org.hympj.examples.nbody;

/**
 * Keys on the Morton (Z-order) space-filling curve: 21 bits per coordinate in a cube,
 * interleaved x, y, z from the top, so that the three bits at level L (counting from 0 at
 * the root) pick a particle's child octant, {@code (key >>> 3 * (20 - L)) & 7}, with x as the
 * high bit of the three. Sorting by key puts every octree cell's particles in one run.
 */
final class MortonKey {
    static final int BITS = 21;
    static final long CELLS = 1L << BITS;

    private MortonKey() {
    }

    /** The key of the point (x, y, z) in the cube of side {@code side} whose low corner is {@code min}. */
    static long of(double x, double y, double z, double[] min, double side) {
        return spread(cell(x, min[0], side)) << 2 | spread(cell(y, min[1], side)) << 1 | spread(cell(z, min[2], side));
    }

    private static long cell(double v, double min, double side) {
        long c = (long) ((v - min) / side * CELLS);
        return Math.min(Math.max(c, 0), CELLS - 1);
    }

    /** Moves bit i of the low 21 bits of {@code v} to bit 3i. */
    static long spread(long v) {
        v &= 0x1fffffL;
        v = (v | v << 32) & 0x1f00000000ffffL;
        v = (v | v << 16) & 0x1f0000ff0000ffL;
        v = (v | v << 8) & 0x100f00f00f00f00fL;
        v = (v | v << 4) & 0x10c30c30c30c30c3L;
        v = (v | v << 2) & 0x1249249249249249L;
        return v;
    }
}
