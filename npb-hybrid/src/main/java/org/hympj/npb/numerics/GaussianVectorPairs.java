package org.hympj.npb.numerics;

import jdk.incubator.vector.DoubleVector;
import jdk.incubator.vector.LongVector;
import jdk.incubator.vector.VectorMask;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorSpecies;

/**
 * {@link GaussianPairs}'s batch with the pairs a vector at a time (the Vector API,
 * {@link Vectors}): lane l takes pairs l, l + L, l + 2L, ... of the batch (L lanes), its state
 * stepped by a^(2L) from one to the next. Each lane draws, tests and transforms its pair as
 * the scalar loop does, with the same deviates; the logarithm is the API's (within an ulp or
 * so, where {@link Logarithm} is within one), and the lanes' sums are added lane by lane and
 * then across the lanes, so the sums agree with the scalar batch's within about 1e-13 a pair,
 * not to the bit, and the counts exactly unless a Gaussian deviate lies within an ulp of an
 * integer.
 *
 * <p>The steps run in calls of {@link #STEPS_PER_CALL}, the state and the lanes' sums carried
 * from call to call in arrays: until C2 compiles it, vector code runs as objects, tens of
 * microseconds a step, and a method called often reaches C2 sooner than a long loop does.
 *
 * <p>Loaded only when {@link Vectors#ON}. Not thread-safe: one per thread.
 */
final class GaussianVectorPairs {
    private static final VectorSpecies<Double> DOUBLES = DoubleLanes.SPECIES;
    private static final VectorSpecies<Long> LONGS = DOUBLES.withLanes(long.class);
    private static final int LANES = DoubleLanes.COUNT;
    /** At most {@link #FIELD_MASK}: see {@link #steps}. */
    private static final int STEPS_PER_CALL = 32;
    private static final int FIELD_BITS = 6;
    private static final long FIELD_MASK = (1L << FIELD_BITS) - 1;
    private static final long MASK46 = (1L << 46) - 1;
    private static final long TWO_TO_52_BITS = Double.doubleToRawLongBits(0x1p52);
    private static final long A2 = Randlc.multiply(Randlc.A, Randlc.A);
    /** a^(2L): a lane's state from one of its pairs to its next. */
    private static final long A_LANES = Randlc.skip(1, Randlc.A, 2L * LANES);
    /** The annuli counted, as EP's reference counts them. */
    static final int ANNULI = 10;

    /** Each lane's state, carried from call to call of {@link #steps}. */
    private final long[] state = new long[LANES];
    /** Each lane's sums of the Gaussian deviates, x then y. */
    private final double[] laneSums = new double[2 * LANES];

    /** The pairs one call of the vector loop takes; {@link #addPairs} takes multiples of it. */
    static int pairsPerCall() {
        return LANES * STEPS_PER_CALL;
    }

    /**
     * As {@link GaussianPairs#addBatch}, for {@code pairs} a multiple of {@link #pairsPerCall}
     * and {@code counts} of {@link #ANNULI} entries.
     */
    void addPairs(long seed, int pairs, double[] sums, long[] counts) {
        state[0] = seed;
        for (int l = 1; l < LANES; l++) {
            state[l] = Randlc.multiply(A2, state[l - 1]);
        }
        java.util.Arrays.fill(laneSums, 0.0);
        for (int done = 0; done < pairs; done += pairsPerCall()) {
            steps(state, laneSums, counts);
        }
        double sx = 0.0;
        double sy = 0.0;
        for (int l = 0; l < LANES; l++) {
            sx += laneSums[l];
            sy += laneSums[LANES + l];
        }
        sums[0] += sx;
        sums[1] += sy;
    }

    /**
     * {@link #STEPS_PER_CALL} steps, whose annulus counts it adds to {@code counts}. Each lane
     * counts in one long, {@value #FIELD_BITS} bits an annulus: a step adds 1 shifted to its
     * pair's annulus's field (the rejected pairs' to an eleventh field at the top, whose carries
     * leave the long), so no field passes {@link #STEPS_PER_CALL}. Neither a branch nor a mask
     * count per annulus: a branch for the rare outer annuli (a few pairs a batch) is one the
     * profile may not have seen when C2 compiles this, and taking it then throws the compiled
     * code away; a comparison and {@code trueCount} per annulus are ten operations a step where one add does.
     * An annulus of 10 or more would need |g| of 10, out of reach of the generator's deviates.
     */
    private static void steps(long[] state, double[] laneSums, long[] counts) {
        LongVector u = LongVector.fromArray(LONGS, state, 0);
        DoubleVector sx = DoubleVector.fromArray(DOUBLES, laneSums, 0);
        DoubleVector sy = DoubleVector.fromArray(DOUBLES, laneSums, LANES);
        DoubleVector zero = DoubleVector.zero(DOUBLES);
        LongVector one = LongVector.broadcast(LONGS, 1L);
        LongVector fields = LongVector.zero(LONGS);
        for (int s = 0; s < STEPS_PER_CALL; s++) {
            DoubleVector x1 = deviates(u.mul(Randlc.A).and(MASK46));
            DoubleVector x2 = deviates(u.mul(A2).and(MASK46));
            u = u.mul(A_LANES).and(MASK46);
            DoubleVector r = x1.mul(x1).add(x2.mul(x2));
            VectorMask<Double> in = r.compare(VectorOperators.LE, 1.0);
            DoubleVector f = r.lanewise(VectorOperators.LOG).mul(-2.0).div(r).sqrt();
            DoubleVector gx = x1.mul(f);
            DoubleVector gy = x2.mul(f);
            sx = sx.add(zero.blend(gx, in));
            sy = sy.add(zero.blend(gy, in));
            DoubleVector larger = gx.abs().max(gy.abs()).blend(ANNULI, in.not());
            // The annulus, larger's integer part (the scalar loop's (int) truncates): the nearest
            // integer, by adding and taking away 2^52, less one where it is above. Then its
            // field's shift as a long through the exponent field, as deviates() converts. A
            // conversion (D2L) instead made the whole step 1.7x as slow (JDK 17, AVX-512).
            DoubleVector nearest = larger.add(0x1p52).sub(0x1p52);
            DoubleVector annulus = nearest.blend(nearest.sub(1.0), nearest.compare(VectorOperators.GT, larger));
            LongVector shift = annulus.mul(FIELD_BITS).add(0x1p52).viewAsIntegralLanes().sub(TWO_TO_52_BITS);
            fields = fields.add(one.lanewise(VectorOperators.LSHL, shift));
        }
        u.intoArray(state, 0);
        sx.intoArray(laneSums, 0);
        sy.intoArray(laneSums, LANES);
        for (int l = 0; l < LANES; l++) {
            long laneFields = fields.lane(l);
            for (int k = 0; k < ANNULI; k++) {
                counts[k] += (laneFields >>> (FIELD_BITS * k)) & FIELD_MASK;
            }
        }
    }

    /** 2 x / 2^46 - 1 for each lane's state x, as the scalar loop forms it ({@link Randlc#deviate}). */
    private static DoubleVector deviates(LongVector states) {
        DoubleVector d = states.or(TWO_TO_52_BITS).reinterpretAsDoubles().sub(0x1p52).mul(Randlc.R46);
        return d.mul(2.0).sub(1.0);
    }
}
