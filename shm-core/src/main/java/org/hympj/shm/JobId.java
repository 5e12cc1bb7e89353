package org.hympj.shm;

import java.security.SecureRandom;

/**
 * A job's 128-bit identity: random, so that two jobs on one node never share a segment, and
 * part of every segment's header and of its directory's name.
 */
public record JobId(long high, long low) {
    private static final SecureRandom RANDOM = new SecureRandom();

    public static JobId random() {
        return new JobId(RANDOM.nextLong(), RANDOM.nextLong());
    }

    /** Parses the 32 hex digits {@link #toString} makes. */
    public static JobId parse(String hex) {
        if (hex.length() != 32) {
            throw new IllegalArgumentException("a job id is 32 hex digits, not '" + hex + "'");
        }
        return new JobId(Long.parseUnsignedLong(hex.substring(0, 16), 16), Long.parseUnsignedLong(hex.substring(16), 16));
    }

    @Override
    public String toString() {
        return String.format("%016x%016x", high, low);
    }
}
