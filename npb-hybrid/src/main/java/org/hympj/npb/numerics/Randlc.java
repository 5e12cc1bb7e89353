package org.hympj.npb.numerics;

/**
 * The NPB linear congruential generator: {@code x(k+1) = a × x(k) mod 2^46}, returned as
 * {@code x / 2^46}. States are 46-bit integers held in a {@code long}: the low 64 bits of a
 * product are exact in two's complement, so masking them to 46 bits is the exact remainder.
 * This is the reference's default generator ({@code randi8}); its other form ({@code randdp})
 * splits both factors into 23-bit halves in double arithmetic and yields the same sequence at
 * about three times the cost.
 */
public final class Randlc {
    private static final long MASK46 = (1L << 46) - 1;
    /** 2^-46: a generator state times this is its deviate in (0, 1). */
    public static final double R46 = 1.0 / (1L << 46);

    private static final double TWO_TO_52 = 0x1p52;
    private static final long TWO_TO_52_BITS = Double.doubleToRawLongBits(TWO_TO_52);

    /** The multiplier of the NPB kernels, 5^13. */
    public static final long A = 1220703125L;

    private Randlc() {
    }

    /**
     * The deviate of a state, {@code x / 2^46}: the same bits as {@code R46 * (double) x},
     * without the cast. The cast compiles to {@code cvtsi2sd}, which writes only part of its
     * register and waits for that register's last value, and C2 may give it one that a long
     * computation wrote, chaining each step to the one before. Through the exponent field
     * instead: a state's bits under 2^52's exponent are 2^52 + x exactly.
     */
    public static double deviate(long x) {
        return R46 * (Double.longBitsToDouble(x | TWO_TO_52_BITS) - TWO_TO_52);
    }

    /** {@code a × x mod 2^46}. */
    public static long multiply(long a, long x) {
        return (a * x) & MASK46;
    }

    /**
     * The state {@code n} steps after {@code seed}: {@code seed × a^n mod 2^46}, by binary
     * powering, so a rank or a thread can start its part of a stream without running through
     * the parts before it.
     */
    public static long skip(long seed, long a, long n) {
        long t = seed;
        long power = a;
        for (long k = n; k != 0; k >>= 1) {
            if ((k & 1) != 0) {
                t = multiply(power, t);
            }
            power = multiply(power, power);
        }
        return t;
    }

    /** Fills {@code y[0..n)} with the {@code n} deviates that follow {@code seed}; returns the last state. */
    public static long fill(int n, long seed, long a, double[] y) {
        long x = seed;
        for (int i = 0; i < n; i++) {
            x = (a * x) & MASK46;
            y[i] = deviate(x);
        }
        return x;
    }
}
