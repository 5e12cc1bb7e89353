package org.hympj.npb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** FT class S verifies every iteration's checksum on 1, 2 and 4 ranks, pure MPI and hybrid; the FFT against a plain DFT. */
@Timeout(120)
class FtTest {

    public static class Program {
        public static void main(String[] args) {
            Ft.Result result = KernelJobs.runInRank(args, team -> Ft.run(Ft.Size.S, team));
            assertEquals(Ft.Size.S.iterations(), result.iterationsVerified(), "iterations whose checksum verified");
            assertTrue(result.verified());
        }
    }

    @ParameterizedTest
    @CsvSource({"1, 1", "2, 1", "4, 1", "2, 2"})
    void classSVerifies(int ranks, int threads) throws Exception {
        KernelJobs.runOk(ranks, Program.class, Ft.class, Integer.toString(threads));
    }

    @Test
    void fftMatchesTheDefinitionBothWays() {
        int n = 16;
        java.util.Random random = new java.util.Random(3);
        double[] data = new double[2 * n];
        for (int i = 0; i < data.length; i++) {
            data[i] = random.nextDouble() - 0.5;
        }
        for (int sign : new int[] {1, -1}) {
            double[] fast = data.clone();
            new Ft.Fft(n).transform(fast, 0, sign);
            for (int k = 0; k < n; k++) {
                double re = 0;
                double im = 0;
                for (int m = 0; m < n; m++) {
                    double angle = sign * 2 * Math.PI * m * k / n;
                    re += data[2 * m] * Math.cos(angle) - data[2 * m + 1] * Math.sin(angle);
                    im += data[2 * m] * Math.sin(angle) + data[2 * m + 1] * Math.cos(angle);
                }
                assertEquals(re, fast[2 * k], 1e-12);
                assertEquals(im, fast[2 * k + 1], 1e-12);
            }
        }
    }
}
