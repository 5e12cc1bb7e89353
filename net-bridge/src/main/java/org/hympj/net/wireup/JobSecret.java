package org.hympj.net.wireup;

import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.HexFormat;

/**
 * The job's secret: 32 random bytes the launcher makes and hands to every JVM of the job
 * (hympjrun through each JVM's standard input; under mpirun or srun, rank 0 through a 0600
 * file in the rendezvous directory). A connection proves it knows the secret without sending
 * it ({@link Handshake}); one that cannot is refused.
 */
public final class JobSecret {
    public static final int LENGTH = 32;
    private static final SecureRandom RANDOM = new SecureRandom();

    private final byte[] bytes;

    private JobSecret(byte[] bytes) {
        this.bytes = bytes;
    }

    public static JobSecret random() {
        byte[] b = new byte[LENGTH];
        RANDOM.nextBytes(b);
        return new JobSecret(b);
    }

    public static JobSecret fromHex(String hex) {
        byte[] b;
        try {
            b = HexFormat.of().parseHex(hex.trim());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("the job secret is not hex digits");
        }
        if (b.length != LENGTH) {
            throw new IllegalArgumentException("the job secret has " + b.length + " bytes, not " + LENGTH);
        }
        return new JobSecret(b);
    }

    public String toHex() {
        return HexFormat.of().formatHex(bytes);
    }

    byte[] keyBytes() {
        return bytes.clone();
    }

    boolean matches(JobSecret other) {
        return MessageDigest.isEqual(bytes, other.bytes);
    }

    @Override
    public String toString() {
        return "JobSecret[hidden]";
    }
}
