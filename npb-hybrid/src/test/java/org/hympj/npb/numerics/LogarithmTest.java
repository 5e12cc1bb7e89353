package org.hympj.npb.numerics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** {@link Logarithm#ln} against a 50-digit logarithm and against {@code StrictMath.log}. */
class LogarithmTest {
    private static final MathContext DIGITS = new MathContext(50);
    private static final BigDecimal LN2 = ln(BigDecimal.valueOf(2));

    /** ln y for y in (1/2, 2], to 50 digits: 2 atanh((y - 1) / (y + 1)) by its series. */
    private static BigDecimal ln(BigDecimal y) {
        BigDecimal u = y.subtract(BigDecimal.ONE).divide(y.add(BigDecimal.ONE), DIGITS);
        BigDecimal u2 = u.multiply(u, DIGITS);
        BigDecimal negligible = BigDecimal.ONE.movePointLeft(DIGITS.getPrecision());
        BigDecimal power = u;
        BigDecimal sum = BigDecimal.ZERO;
        for (int n = 1; power.abs().compareTo(negligible) > 0; n += 2) {
            sum = sum.add(power.divide(BigDecimal.valueOf(n), DIGITS), DIGITS);
            power = power.multiply(u2, DIGITS);
        }
        return sum.add(sum, DIGITS);
    }

    /** ln x to 50 digits: x = 2^e m with m in [1, 2). */
    private static BigDecimal exact(double x) {
        int e = Math.getExponent(x);
        double m = Math.scalb(x, -e);
        return LN2.multiply(BigDecimal.valueOf(e), DIGITS).add(ln(new BigDecimal(m)), DIGITS);
    }

    private static double errorInUlps(double x) {
        BigDecimal exact = exact(x);
        return new BigDecimal(Logarithm.ln(x)).subtract(exact, DIGITS).abs().doubleValue() / Math.ulp(exact.doubleValue());
    }

    @Test
    void withinOneUlpOfTheExactLogarithm() {
        SplittableRandom random = new SplittableRandom(11);
        double worst = 0;
        for (int i = 0; i < 3000; i++) {
            double x = switch (i % 3) {
                case 0 -> random.nextDouble();                                    // EP's arguments: (0, 1]
                case 1 -> 1.0 + (random.nextDouble() - 0.5) / 64;               // near 1, where ln x is small
                default -> Math.scalb(1.0 + random.nextDouble(), random.nextInt(-1021, 1023));
            };
            if (x > 0) {
                worst = Math.max(worst, errorInUlps(x));
            }
        }
        // The 256 intervals' edges, where |r| is largest, on both sides.
        for (int i = 0; i <= 256; i++) {
            double edge = Double.longBitsToDouble(0x3fe6000000000000L + ((long) i << 44));
            worst = Math.max(worst, errorInUlps(edge));
            worst = Math.max(worst, errorInUlps(Math.nextDown(edge)));
        }
        assertTrue(worst <= 1.0, "worst error " + worst + " ulp");
    }

    @Test
    void tablesLogarithmIsGoodToAboutAHundredBits() {
        for (double y : new double[] {0.5, 0.7, 0.999, 1.0, 1.001, 1.3, 1.4567, 2.0}) {
            double[] dd = Logarithm.lnDoubleDouble(y);
            BigDecimal error = new BigDecimal(dd[0]).add(new BigDecimal(dd[1])).subtract(ln(new BigDecimal(y)), DIGITS).abs();
            assertTrue(error.compareTo(new BigDecimal(0x1p-100)) <= 0, () -> "ln " + y + " off by " + error);
        }
    }

    @Test
    void withinOneUlpOfStrictMathOverMillionsOfArguments() {
        SplittableRandom random = new SplittableRandom(12);
        for (int i = 0; i < 4_000_000; i++) {
            double x = i % 2 == 0 ? random.nextDouble() : Math.scalb(1.0 + random.nextDouble(), random.nextInt(-1021, 1023));
            if (x > 0) {
                double strict = StrictMath.log(x);
                assertTrue(Math.abs(Logarithm.ln(x) - strict) <= 2 * Math.ulp(strict), () -> "ln " + x);
            }
        }
    }

    @Test
    void exactWhereTheLogarithmIsAndJavasElsewhere() {
        assertEquals(0.0, Logarithm.ln(1.0), 0.0);
        assertEquals(Math.log(0.5), Logarithm.ln(0.5), Math.ulp(Math.log(0.5)));
        assertEquals(Double.NEGATIVE_INFINITY, Logarithm.ln(0.0));
        assertEquals(Double.NEGATIVE_INFINITY, Logarithm.ln(-0.0));
        assertTrue(Double.isNaN(Logarithm.ln(-1.0)));
        assertTrue(Double.isNaN(Logarithm.ln(Double.NaN)));
        assertEquals(Double.POSITIVE_INFINITY, Logarithm.ln(Double.POSITIVE_INFINITY));
        assertEquals(Math.log(Double.MIN_VALUE), Logarithm.ln(Double.MIN_VALUE), 0.0);
        assertEquals(Math.log(Double.MAX_VALUE), Logarithm.ln(Double.MAX_VALUE), Math.ulp(Math.log(Double.MAX_VALUE)));
    }

    /**
     * Without an FMA instruction the logarithm forms z / c - 1 and the tables' exact products
     * by splitting; this CPU has the instruction, so {@code Math.fma} gives the bits the split
     * forms must match.
     */
    @Test
    void theSplitProductsAreTheFmasBits() {
        SplittableRandom random = new SplittableRandom(7);
        for (int i = 0; i < 1_000_000; i++) {
            double z = 0.6875 + 0.6875 * random.nextDouble();
            double inverse = 1.0 / (z * (1 + (random.nextDouble() - 0.5) * 0x1p-7));
            assertEquals(Double.doubleToRawLongBits(Math.fma(z, inverse, -1.0)),
                Double.doubleToRawLongBits(Logarithm.productMinusOneBySplitting(z, inverse)), z + " x " + inverse + " - 1");
            double a = Math.scalb(random.nextDouble() + 0.5, random.nextInt(-60, 60));
            double b = Math.scalb(random.nextDouble() - 0.5, random.nextInt(-60, 60));
            double p = a * b;
            assertEquals(Double.doubleToRawLongBits(Math.fma(a, b, -p)),
                Double.doubleToRawLongBits(Logarithm.productErrorBySplitting(a, b, p)), "the error of " + a + " x " + b);
        }
    }
}
