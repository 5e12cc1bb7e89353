package org.hympj.npb.numerics;

/**
 * Whether the numerics compute with the JDK's Vector API: EP's pairs
 * ({@link GaussianVectorPairs}), MG's residual and smoother ({@link MgVectorStencils}) and
 * FT's butterflies ({@link FftVectorStages}). The API is the incubating module
 * {@code jdk.incubator.vector} (JDK 17 to 25), which a JVM has only when started with
 * {@code --add-modules jdk.incubator.vector} (for hympjrun, in {@code HYMPJ_JVM_OPTS}); without it,
 * or with {@code -Dhympj.npb.vectors=false}, every loop is scalar and no class that names the
 * API is loaded; on a CPU whose vectors hold fewer than {@link #FEWEST_LANES} doubles the loops
 * are scalar too. Either way MG's and FT's results are the same to the bit; EP's counts are,
 * and its sums agree to about 1e-13 relative.
 */
public final class Vectors {
    /**
     * The fewest doubles a vector must hold for the vector loops to pay: with two (SSE only, or
     * 128-bit NEON) MG's and EP's vector loops run slower than their scalar ones.
     */
    static final int FEWEST_LANES = 4;
    /** Why the loops are scalar, or null when they are not. */
    private static final String OFF_REASON = offReason(ModuleLayer.boot().findModule("jdk.incubator.vector").isPresent(),
        System.getProperty("hympj.npb.vectors"), () -> DoubleLanes.COUNT);
    /** A constant, so the JIT keeps one path of each test of it and drops the other. */
    public static final boolean ON = OFF_REASON == null;

    private Vectors() {
    }

    /**
     * Why the loops would be scalar with the module there or not, the property
     * {@code hympj.npb.vectors} as given, and the CPU's vectors holding {@code lanes} doubles
     * (asked only with the module, since the class that knows names the API); null if they
     * would not.
     */
    static String offReason(boolean module, String property, java.util.function.IntSupplier lanes) {
        if (!module) {
            return "java --add-modules jdk.incubator.vector for vectors";
        }
        if ("false".equals(property)) {
            return "-Dhympj.npb.vectors=false";
        }
        int count = lanes.getAsInt();
        return count < FEWEST_LANES ? "this CPU's vectors hold " + count + " doubles, too few to pay" : null;
    }

    /** Why the loops are scalar ({@code ON} false), for the report; null when they are vectors. */
    public static String offReason() {
        return OFF_REASON;
    }

    /** The doubles a vector holds (8 with AVX-512), or 1 when the loops are scalar. */
    public static int lanes() {
        return ON ? DoubleLanes.COUNT : 1;
    }
}
