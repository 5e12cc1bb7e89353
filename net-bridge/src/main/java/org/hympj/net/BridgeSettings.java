package org.hympj.net;

import org.hympj.net.frame.FrameDescriptor;

/**
 * The bridge's tuning, fixed for a job.
 *
 * @param ringBytes      capacity of each connection's many-producer ring (a power of two)
 * @param fragmentBytes  largest fragment of a streamed payload; a frame body never exceeds
 *                       {@link #maxBodyLength}
 * @param heartbeatMillis a connection that has carried nothing for this long gets a heartbeat
 * @param livenessMillis a connection that has brought nothing for this long is taken for lost
 * @param leaderSpins    empty passes the leader makes before it parks (high on an idle
 *                       node: latency; low when threads outnumber cores)
 * @param applicationTypes how many frame types the program above uses
 */
public record BridgeSettings(int ringBytes, int fragmentBytes, int heartbeatMillis, int livenessMillis, int leaderSpins,
                             int applicationTypes) {
    /** Room for the envelope and fragment headers the program puts before a fragment's bytes. */
    public static final int FRAME_OVERHEAD = 128;

    public BridgeSettings {
        if (Integer.bitCount(ringBytes) != 1 || ringBytes < 64 * 1024) {
            throw new IllegalArgumentException("the bridge ring size must be a power of two of at least 64 KiB, not " + ringBytes);
        }
        if (fragmentBytes < 1024 || fragmentBytes + FRAME_OVERHEAD > ringBytes / 8) {
            throw new IllegalArgumentException("bridge fragments of " + fragmentBytes + " bytes do not fit rings of " + ringBytes
                + " bytes: 1024.." + (ringBytes / 8 - FRAME_OVERHEAD));
        }
        if (heartbeatMillis < 10 || livenessMillis < 2 * heartbeatMillis) {
            throw new IllegalArgumentException("the liveness timeout (" + livenessMillis + " ms) must be at least twice the "
                + "heartbeat interval (" + heartbeatMillis + " ms)");
        }
        if (applicationTypes < 1 || applicationTypes > FrameDescriptor.MAX_APPLICATION_TYPES) {
            throw new IllegalArgumentException(applicationTypes + " application frame types");
        }
    }

    public int maxBodyLength() {
        return fragmentBytes + FRAME_OVERHEAD;
    }
}
