package org.hympj.npb.numerics;

/**
 * The natural logarithm by table and short series, for EP's polar method, which takes one
 * per accepted pair. HotSpot's {@code Math.log} intrinsic is slower than glibc's {@code log},
 * which the reference calls; this one comes close to glibc's, and the logarithm is a large
 * part of EP's pair loop ({@link GaussianPairs}).
 *
 * <p>How: a positive normal x is 2^k z with z in [0.6875, 1.375) (so that z is near 1 when x
 * is). The top {@value #INTERVAL_BITS} bits of z's distance from 0.6875 pick one of 256
 * intervals, whose centre c (1 for the two intervals that touch 1, so that ln x is exactly
 * the series there, with no cancellation) gives ln x = k ln 2 + ln c + ln(1 + r), with
 * r = z / c - 1 formed by one fused multiply-add from z and a rounded 1/c (or, on a CPU
 * without the instruction, the same bits by Dekker's exact product), and |r| below 2^-8.
 * ln c and ln 2 are kept in two parts each; ln(1 + r) is its series to r^7, whose next
 * term is below 2^-59 of the result. The tables are computed when the class is initialised,
 * in double-double arithmetic (about 104 bits; a few milliseconds).
 *
 * <p>Within 1 ulp of the exact logarithm (tested against a 50-digit one and against
 * {@code StrictMath.log}, which is itself within 1 ulp); ln 1 is 0. Zero, negative,
 * subnormal, infinite and NaN arguments are handed to {@code Math.log}.
 */
public final class Logarithm {
    static final int INTERVAL_BITS = 8;
    private static final int INTERVALS = 1 << INTERVAL_BITS;
    /** The bits of 0.6875, where the reduced argument's range starts. */
    private static final long RANGE_START = 0x3fe6000000000000L;
    private static final long EXPONENT_FIELD = 0xFFFL << 52;
    private static final long SMALLEST_NORMAL = 0x0010000000000000L;
    private static final long INFINITY = 0x7FF0000000000000L;
    private static final long ONE_AND_A_HALF_TIMES_2_TO_52_BITS = Double.doubleToRawLongBits(0x1.8p52);
    /** ln 2 with its low 11 bits cleared, so that k times it is exact for every exponent k. */
    private static final double LN2_HIGH = Double.longBitsToDouble(Double.doubleToRawLongBits(Math.log(2)) & ~0x7FFL);
    private static final double LN2_LOW;
    /** Per interval, four entries: 1/c rounded, ln c rounded, the rest of ln c, and a pad to keep the index a power of two. */
    private static final double[] TABLE = new double[4 * INTERVALS];
    /** 2^27 + 1: Veltkamp's constant, which splits a double into two halves of 26 bits. */
    private static final double SPLITTER = 0x1p27 + 1;
    /** Initialised before the tables, whose double-double arithmetic uses it. */
    private static final boolean HARDWARE_FMA = hardwareFma();

    static {
        double[] ln2 = lnDoubleDouble(2.0);
        LN2_LOW = (ln2[0] - LN2_HIGH) + ln2[1];
        for (int i = 0; i < INTERVALS; i++) {
            double low = intervalStart(i);
            double high = intervalStart(i + 1);
            double inverse = low <= 1.0 && 1.0 <= high ? 1.0 : 1.0 / ((low + high) / 2);
            // ln c = -ln(1/c) for the rounded 1/c actually used, so that r = z/c - 1 and ln c agree.
            double[] lnInverse = lnDoubleDouble(inverse);
            TABLE[4 * i] = inverse;
            TABLE[4 * i + 1] = -lnInverse[0];
            TABLE[4 * i + 2] = -lnInverse[1];
        }
    }

    private Logarithm() {
    }

    /** ln x, within 1 ulp; see the class comment for arguments that are not positive normal numbers. */
    public static double ln(double x) {
        long bits = Double.doubleToRawLongBits(x);
        if (Long.compareUnsigned(bits - SMALLEST_NORMAL, INFINITY - SMALLEST_NORMAL) >= 0) {
            return Math.log(x);
        }
        long fromStart = bits - RANGE_START;
        // The index is masked to the table's length, which lets the JIT drop its bounds checks.
        int entry = ((int) (fromStart >>> (52 - INTERVAL_BITS)) << 2) & (TABLE.length - 1);
        // The exponent through the exponent field too, as Randlc.deviate does for the same
        // reason: 1.5 * 2^52 + k is exact for |k| < 2^51.
        double k = Double.longBitsToDouble(ONE_AND_A_HALF_TIMES_2_TO_52_BITS + (fromStart >> 52)) - 0x1.8p52;
        double z = Double.longBitsToDouble(bits - (fromStart & EXPONENT_FIELD));
        double r = productMinusOne(z, TABLE[entry]);
        double w = k * LN2_HIGH + TABLE[entry + 1];
        double high = w + r;
        double low = (w - high + r) + (k * LN2_LOW + TABLE[entry + 2]);
        double r2 = r * r;
        // ln(1 + r) - r = r^2 (-1/2 + r/3 - r^2/4 + r^3/5 - r^4/6 + r^5/7), evaluated in pairs.
        double series = (-0.5 + r * (1.0 / 3)) + r2 * ((-0.25 + r * 0.2) + r2 * (-1.0 / 6 + r * (1.0 / 7)));
        return high + (low + r2 * series);
    }

    /**
     * a b - 1 rounded once, for a b within 2^-7 of 1: {@code Math.fma(a, b, -1)} where the CPU
     * has the instruction, else the same bits by splitting: p - 1 is exact for p = a b rounded
     * (Sterbenz: p is within a factor 2 of 1), the product's rounding error is exact
     * ({@link #productError}), so their sum is rounded once, as the FMA's result is.
     */
    static double productMinusOne(double a, double b) {
        return HARDWARE_FMA ? Math.fma(a, b, -1.0) : productMinusOneBySplitting(a, b);
    }

    static double productMinusOneBySplitting(double a, double b) {
        double p = a * b;
        return (p - 1.0) + productErrorBySplitting(a, b, p);
    }

    /** The rounding error of p = a b rounded, exactly: a b - p. */
    private static double productError(double a, double b, double p) {
        return HARDWARE_FMA ? Math.fma(a, b, -p) : productErrorBySplitting(a, b, p);
    }

    /**
     * a b - p exactly, for p = a b rounded, without an FMA: Dekker's product of a and b split
     * into halves of 26 bits (Veltkamp), whose partial products are all exact.
     */
    static double productErrorBySplitting(double a, double b, double p) {
        double as = SPLITTER * a;
        double aHigh = as - (as - a);
        double aLow = a - aHigh;
        double bs = SPLITTER * b;
        double bHigh = bs - (bs - b);
        double bLow = b - bHigh;
        return ((aHigh * bHigh - p) + aHigh * bLow + aLow * bHigh) + aLow * bLow;
    }

    /**
     * Whether {@code Math.fma} is the CPU's instruction here: HotSpot's {@code UseFMA}, off on
     * CPUs without FMA3 (x86 before 2013) and with {@code -XX:UseAVX=0}. Without it the JDK
     * computes an FMA with {@code BigDecimal}, far slower than the instruction or than
     * Dekker's exact product. A JVM without that option is trusted to
     * have a fast {@code Math.fma}.
     */
    private static boolean hardwareFma() {
        try {
            return Boolean.parseBoolean(java.lang.management.ManagementFactory
                .getPlatformMXBean(com.sun.management.HotSpotDiagnosticMXBean.class).getVMOption("UseFMA").getValue());
        } catch (RuntimeException | LinkageError notHotSpot) {
            return true;
        }
    }

    /** The reduced argument where interval i starts (i = 256 is where the last one ends). */
    private static double intervalStart(int i) {
        return Double.longBitsToDouble(RANGE_START + ((long) i << (52 - INTERVAL_BITS)));
    }

    /**
     * ln y for y in [1/2, 2] as a double-double {high, low}: 2 atanh(u), u = (y - 1) / (y + 1),
     * by its series, |u| at most 1/3, to about 104 bits.
     */
    static double[] lnDoubleDouble(double y) {
        // y - 1 is exact here; y + 1 may not be, so it is kept in two parts.
        double numerator = y - 1.0;
        double denominatorHigh = y + 1.0;
        double denominatorLow = (y - (denominatorHigh - 1.0)) + (1.0 - (denominatorHigh - (denominatorHigh - 1.0)));
        double[] u = divide(numerator, 0.0, denominatorHigh, denominatorLow);
        double[] u2 = multiply(u[0], u[1], u[0], u[1]);
        double[] power = u;
        double[] sum = {0.0, 0.0};
        for (int n = 1; Math.abs(power[0]) > 0x1p-110 * Math.abs(u[0]) + 0x1p-1074; n += 2) {
            double[] term = divide(power[0], power[1], n, 0.0);
            sum = add(sum[0], sum[1], term[0], term[1]);
            power = multiply(power[0], power[1], u2[0], u2[1]);
        }
        return new double[] {2 * sum[0], 2 * sum[1]};
    }

    // Double-double arithmetic (Dekker, with the product's error by FMA): each value is an
    // unevaluated sum high + low with |low| at most half an ulp of high.

    private static double[] add(double aHigh, double aLow, double bHigh, double bLow) {
        double s = aHigh + bHigh;
        double v = s - aHigh;
        double e = (aHigh - (s - v)) + (bHigh - v) + aLow + bLow;
        double high = s + e;
        return new double[] {high, e - (high - s)};
    }

    private static double[] multiply(double aHigh, double aLow, double bHigh, double bLow) {
        double p = aHigh * bHigh;
        double e = productError(aHigh, bHigh, p) + (aHigh * bLow + aLow * bHigh);
        double high = p + e;
        return new double[] {high, e - (high - p)};
    }

    private static double[] divide(double aHigh, double aLow, double bHigh, double bLow) {
        double q = aHigh / bHigh;
        double[] qb = multiply(q, 0.0, bHigh, bLow);
        double[] rest = add(aHigh, aLow, -qb[0], -qb[1]);
        double q2 = rest[0] / bHigh;
        double high = q + q2;
        return new double[] {high, q2 - (high - q)};
    }
}
