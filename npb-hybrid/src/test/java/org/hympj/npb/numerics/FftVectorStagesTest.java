package org.hympj.npb.numerics;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * FFT stages with the lines in vectors against the scalar stages: every stage and every pair
 * of stages of every length from 2 to 512 points, both signs, the same values bit for bit.
 * (FtTest checks the transform against the definition.)
 */
class FftVectorStagesTest {

    private static double[][] randomBlock(int n, SplittableRandom random) {
        double[][] block = new double[n][Fft.LINES];
        for (double[] point : block) {
            for (int j = 0; j < Fft.LINES; j++) {
                point[j] = random.nextDouble(-1.0, 1.0);
            }
        }
        return block;
    }

    private static void assertSameBlock(double[][] expected, double[][] actual, String what) {
        for (int p = 0; p < expected.length; p++) {
            assertArrayEquals(expected[p], actual[p], what + ", point " + p);
        }
    }

    /** Surefire starts this JVM with the module, as hympjrun starts MG and FT: the vector loops are the ones the kernels' tests run. */
    @Test
    void theVectorLoopsAreOnWithTheModule() {
        assertTrue(Vectors.ON, "jdk.incubator.vector is in this JVM, so the vector loops must be used");
        assertTrue(Vectors.lanes() >= 2 && Fft.LINES % Vectors.lanes() == 0, "a vector of " + Vectors.lanes() + " doubles");
    }

    @Test
    void vectorStagesMatchTheScalarStages() {
        SplittableRandom random = new SplittableRandom(31);
        for (int n = 2; n <= 512; n *= 2) {
            Fft f = new Fft(n);
            double[][] xr = randomBlock(n, random);
            double[][] xi = randomBlock(n, random);
            for (int sign : new int[] {1, -1}) {
                for (int stage = 1; stage <= f.m; stage++) {
                    double[][] sr = randomBlock(n, random);
                    double[][] si = randomBlock(n, random);
                    double[][] vr = new double[n][Fft.LINES];
                    double[][] vi = new double[n][Fft.LINES];
                    f.oneStage(stage, sign, xr, xi, sr, si, false);
                    f.oneStage(stage, sign, xr, xi, vr, vi, true);
                    String what = "n=" + n + " sign " + sign + " stage " + stage;
                    assertSameBlock(sr, vr, what + " real");
                    assertSameBlock(si, vi, what + " imaginary");
                    if (stage < f.m) {
                        f.twoStages(stage, sign, xr, xi, sr, si);
                        FftVectorStages.twoStages(f, stage, sign, xr, xi, vr, vi);
                        assertSameBlock(sr, vr, what + " and the next, real");
                        assertSameBlock(si, vi, what + " and the next, imaginary");
                    }
                }
            }
        }
    }
}
