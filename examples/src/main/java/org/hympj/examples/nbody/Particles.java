package org.hympj.examples.nbody;

/**
 * A rank's particles as flat primitive arrays (structure of arrays, three doubles per
 * vector): {@code count} particles, kept in space-filling-curve order by the decomposition.
 * Capacity grows when a decomposition brings more particles than fit.
 */
final class Particles {
    int count;
    long[] id;
    double[] position;
    double[] velocity;
    double[] acceleration;
    double[] potential;
    double[] mass;
    /** Interactions in the last force computation (1 before the first): the decomposition's weight. */
    long[] work;
    /** The Morton key of each particle, set by the decomposition. */
    long[] key;

    Particles(int capacity) {
        allocate(capacity);
    }

    /** Makes room for {@code capacity} particles; the contents are not kept. */
    void ensureCapacity(int capacity) {
        if (capacity > id.length) {
            allocate(Math.max(capacity, id.length + id.length / 4));
        }
    }

    private void allocate(int capacity) {
        id = new long[capacity];
        position = new double[3 * capacity];
        velocity = new double[3 * capacity];
        acceleration = new double[3 * capacity];
        potential = new double[capacity];
        mass = new double[capacity];
        key = new long[capacity];
        work = new long[capacity];
    }
}
