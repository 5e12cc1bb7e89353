package org.hympj.npb.numerics;

/**
 * Whether the numerics compute with the JDK's Vector API: EP's pairs
 * ({@link GaussianVectorPairs}), MG's residual and smoother ({@link MgVectorStencils}) and
 * FT's butterflies ({@link FftVectorStages}). The API is the incubating module
 * {@code jdk.incubator.vector} (JDK 17 to 25), which a JVM has only when started with
 * {@code --add-modules jdk.incubator.vector} (hympjrun adds it for EP, MG and FT); without it,
 * or with {@code -Dhympj.npb.vectors=false}, every loop is scalar and no class that names the
 * API is loaded. Either way MG's and FT's results are the same to the bit; EP's counts are,
 * and its sums agree to about 1e-13 relative.
 */
public final class Vectors {
    /** A constant, so the JIT keeps one path of each test of it and drops the other. */
    public static final boolean ON = ModuleLayer.boot().findModule("jdk.incubator.vector").isPresent()
        && !"false".equals(System.getProperty("hympj.npb.vectors"));

    private Vectors() {
    }

    /** The doubles a vector holds (8 with AVX-512), or 1 when the loops are scalar. */
    public static int lanes() {
        return ON ? DoubleLanes.COUNT : 1;
    }
}
