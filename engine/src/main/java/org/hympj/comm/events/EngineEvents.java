package org.hympj.comm.events;

/**
 * The engine's notable moments below the MPI calls: rendezvous hand-offs between ranks of a
 * JVM and writers waiting for room in a full ring to another JVM. Like {@link CallEvents}, each
 * costs one volatile read while no recording enables HyMPJ's events, and allocates nothing
 * then: the start of a moment returns null, and its end is not called. The net-bridge's
 * traffic is counted by {@link BridgeTraffic}.
 */
public final class EngineEvents {
    private EngineEvents() {
    }

    /** The event of a rendezvous announced now, or null when none is recorded. */
    public static RendezvousEvent rendezvousAnnounced() {
        if (!CallEvents.on()) {
            return null;
        }
        RendezvousEvent event = new RendezvousEvent();
        event.begin();
        return event;
    }

    /**
     * Ends {@code event} (from {@link #rendezvousAnnounced}, not null): its receiver has copied
     * the {@code bytes} of the message from {@code source} with {@code tag}, a synchronous send
     * if {@code synchronous}.
     */
    public static void rendezvousDone(RendezvousEvent event, long bytes, int source, int tag, boolean synchronous) {
        event.end();
        if (event.shouldCommit()) {
            event.bytes = bytes;
            event.source = source;
            event.tag = tag;
            event.synchronous = synchronous;
            event.commit();
        }
    }

    /** The event of a wait for room in a full ring starting now, or null when none is recorded. */
    public static RingFullEvent ringFull() {
        if (!CallEvents.on()) {
            return null;
        }
        RingFullEvent event = new RingFullEvent();
        event.begin();
        return event;
    }

    /** Ends {@code event} (from {@link #ringFull}, not null): the ring to JVM {@code peerJvm} had room. */
    public static void roomFound(RingFullEvent event, int peerJvm) {
        event.end();
        if (event.shouldCommit()) {
            event.peerJvm = peerJvm;
            event.commit();
        }
    }
}
