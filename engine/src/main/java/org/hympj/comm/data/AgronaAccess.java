package org.hympj.comm.data;

/**
 * Whether Agrona can reach the JDK's {@code Unsafe}, which its ring buffers, direct buffers and
 * array copies use: only in a JVM started with {@link #ADD_OPENS}, as {@code hympjrun} starts
 * its JVMs. Without it, the first Agrona class that needs {@code Unsafe} fails to initialise.
 */
public final class AgronaAccess {
    /** The JVM option that opens the JDK's {@code Unsafe} to Agrona. */
    public static final String ADD_OPENS = "--add-opens java.base/jdk.internal.misc=ALL-UNNAMED";
    private static final boolean USABLE = probe();

    private AgronaAccess() {
    }

    /** True if Agrona can use the JDK's {@code Unsafe} in this JVM; found once. */
    public static boolean usable() {
        return USABLE;
    }

    private static boolean probe() {
        try {
            Class.forName("org.agrona.UnsafeApi", true, AgronaAccess.class.getClassLoader());
            return true;
        } catch (ClassNotFoundException | LinkageError e) {
            return false;
        }
    }
}
