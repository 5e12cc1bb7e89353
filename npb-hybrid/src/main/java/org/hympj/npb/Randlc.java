package org.hympj.npb;

/**
 * The NPB linear congruential generator: {@code x(k+1) = a × x(k) mod 2^46}, returned as
 * {@code x / 2^46}. The product is computed exactly in double arithmetic by splitting both
 * factors into 23-bit halves, as the NPB reference does, so every platform yields the same
 * sequence (the verification values depend on it).
 */
public final class Randlc {
    private static final double R23 = 1.0 / (1 << 23);
    /** 2^-46: a generator state times this is its deviate in (0, 1). */
    public static final double R46 = R23 * R23;
    private static final double T23 = 1 << 23;
    private static final double T46 = T23 * T23;

    /** The multiplier of the NPB kernels, 5^13. */
    public static final double A = 1220703125.0;

    private Randlc() {
    }

    /**
     * {@code a × x mod 2^46}, for 0 < a, x < 2^46 holding integers. Every value truncated
     * here is non-negative, so {@code Math.floor} truncates exactly like the reference's
     * {@code int()}, in one instruction and without the saturation checks of a Java cast.
     */
    public static double multiply(double a, double x) {
        double t1 = R23 * a;
        double a1 = Math.floor(t1);
        double a2 = a - T23 * a1;
        t1 = R23 * x;
        double x1 = Math.floor(t1);
        double x2 = x - T23 * x1;
        t1 = a1 * x2 + a2 * x1;
        double t2 = Math.floor(R23 * t1);
        double z = t1 - T23 * t2;
        double t3 = T23 * z + a2 * x2;
        double t4 = Math.floor(R46 * t3);
        return t3 - T46 * t4;
    }

    /**
     * The state {@code n} steps after {@code seed}: {@code seed × a^n mod 2^46}, by binary
     * powering, so a rank or a thread can start its part of a stream without running through
     * the parts before it.
     */
    public static double skip(double seed, double a, long n) {
        double t = seed;
        double power = a;
        for (long k = n; k != 0; k >>= 1) {
            if ((k & 1) != 0) {
                t = multiply(power, t);
            }
            power = multiply(power, power);
        }
        return t;
    }

    /** Fills {@code y[0..n)} with the next {@code n} deviates; the seed is updated. */
    public static void fill(int n, double[] seed, double a, double[] y) {
        double x = seed[0];
        for (int i = 0; i < n; i++) {
            x = multiply(a, x);
            y[i] = R46 * x;
        }
        seed[0] = x;
    }
}
