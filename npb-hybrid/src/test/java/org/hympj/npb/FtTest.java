package org.hympj.npb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.hympj.npb.numerics.Fft;
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
        java.util.Random random = new java.util.Random(3);
        // Lengths with an odd and an even number of stages (paired stages and a last single one); 21 lines: one full block and a partial one;
        // lines 2 doubles apart with points 42 apart, as a y-transform lays them out.
        for (int n : new int[] {2, 4, 8, 16, 32, 64}) {
            int lines = 21;
            double[] data = new double[2 * n * lines];
            for (int i = 0; i < data.length; i++) {
                data[i] = random.nextDouble() - 0.5;
            }
            for (int sign : new int[] {1, -1}) {
                double[] fast = data.clone();
                new Fft(n).transformLines(fast, 0, 2, 2 * lines, lines, sign);
                for (int line = 0; line < lines; line++) {
                    for (int k = 0; k < n; k++) {
                        double re = 0;
                        double im = 0;
                        for (int p = 0; p < n; p++) {
                            double angle = sign * 2 * Math.PI * p * k / n;
                            int at = 2 * line + p * 2 * lines;
                            re += data[at] * Math.cos(angle) - data[at + 1] * Math.sin(angle);
                            im += data[at] * Math.sin(angle) + data[at + 1] * Math.cos(angle);
                        }
                        int at = 2 * line + k * 2 * lines;
                        assertEquals(re, fast[at], 1e-12, "n=" + n + " line " + line + " k " + k);
                        assertEquals(im, fast[at + 1], 1e-12);
                    }
                }
            }
        }
    }
}
