package org.hympj.npb.numerics;

/**
 * EP's batches in one thread, each added by the scalar loop ({@link GaussianPairs}) or by the
 * vector one ({@link GaussianVectorPairs}), whichever is the faster by then. The vector loop
 * is faster once C2 has compiled it, and far slower before: its vectors are objects until
 * then, and C2 takes a while to get there. So until the vector loop
 * has shown itself faster, each batch starts with one call of it (a probe, its pairs the
 * batch's first) and the scalar loop takes the rest; the threads keep working at the scalar
 * rate while the compiler works. The same pairs either way, and the same counts; the sums
 * agree within about 1e-13 a pair ({@link GaussianVectorPairs}).
 *
 * <p>The machine's noise can hardly make the vector loop look faster before C2 has compiled
 * it: an interpreted or C1 probe of 256 pairs takes longer than the batch's whole scalar
 * part, which would have to be held up for hundreds of times its length. And if it did, or
 * if C2 later throws its code away, the next
 * whole vector batch is slower per pair than the best scalar part seen, and probing starts
 * again.
 *
 * <p>Where the vector loop never wins, every batch keeps paying for its probe: so with
 * vectors of fewer than four lanes (SSE only), {@link Vectors} turns vectors off.
 *
 * <p>Not thread-safe: one per thread (each keeps its own timings).
 */
public final class GaussianBatches {
    /**
     * The fewest batches a thread must have for the vector loop to be worth compiling: C2 spends
     * much CPU on it, on cores the ranks use, and a thread with fewer batches (classes S and W)
     * ends before the vector loop has repaid that.
     */
    public static final int FEWEST_BATCHES_FOR_VECTORS = 1024;
    /** The vector loop, or null when this thread's batches stay scalar. */
    private final GaussianVectorPairs vectorPairs;
    private boolean vectorsFaster;
    private double scalarNanosPerPair = Double.POSITIVE_INFINITY;
    private int vectorBatches;

    /** For a thread that will add {@code batches} batches. */
    public GaussianBatches(int batches) {
        vectorPairs = usesVectors(batches) ? new GaussianVectorPairs() : null;
    }

    private static boolean usesVectors(int batches) {
        return Vectors.ON && batches >= FEWEST_BATCHES_FOR_VECTORS;
    }

    /**
     * As {@link GaussianPairs#addBatch}, with {@code counts} of 10 entries and {@code pairs} a
     * multiple of a vector loop's call ({@link Vectors#lanes()} x 32 pairs) and more than one
     * call (EP's batches of 2^16 are).
     */
    public void addBatch(long seed, int pairs, double[] sums, long[] counts) {
        if (vectorPairs == null) {
            GaussianPairs.addBatch(seed, pairs, sums, counts);
            return;
        }
        if (vectorsFaster) {
            vectorBatches++;
            long start = System.nanoTime();
            vectorPairs.addPairs(seed, pairs, sums, counts);
            vectorsFaster = System.nanoTime() - start <= scalarNanosPerPair * pairs;
            return;
        }
        int probe = GaussianVectorPairs.pairsPerCall();
        long start = System.nanoTime();
        vectorPairs.addPairs(seed, probe, sums, counts);
        long probed = System.nanoTime();
        GaussianPairs.addBatch(Randlc.skip(seed, Randlc.A, 2L * probe), pairs - probe, sums, counts);
        long end = System.nanoTime();
        double scalarRate = (double) (end - probed) / (pairs - probe);
        scalarNanosPerPair = Math.min(scalarNanosPerPair, scalarRate);
        vectorsFaster = probed - start < scalarRate * probe;
    }

    /** The batches added by the vector loop alone (the probes' batches not among them). */
    public int vectorBatches() {
        return vectorBatches;
    }

    /**
     * Loads and initialises the vector loop's classes (the Vector API's among them) if threads with {@code batches} batches each will use it, by one call on a stream
     * of its own, as EP's reference calls its generator once before its timer; this compiles
     * nothing.
     */
    public static void prepare(int batches) {
        if (usesVectors(batches)) {
            new GaussianVectorPairs().addPairs(1, GaussianVectorPairs.pairsPerCall(), new double[2], new long[GaussianVectorPairs.ANNULI]);
        }
    }
}
