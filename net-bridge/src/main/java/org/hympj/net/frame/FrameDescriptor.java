package org.hympj.net.frame;

/**
 * The layout of one frame on a net-bridge connection. A connection carries frames back to
 * back, nothing else:
 * <pre>
 *   0                   1                   2                   3
 *   0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1
 *  +---------------------------------------------------------------+
 *  |           Frame Length (header and body, in bytes)            |  0
 *  +---------------------------------------------------------------+
 *  |                          Frame Type                           |  4
 *  +---------------------------------------------------------------+
 *  |                         Body ...                              |  8
 * </pre>
 * Little-endian, the byte order of Agrona's ring records: a frame is the record the sending
 * thread wrote into its {@code ManyToOneRingBuffer}, header included, sent as it lies in the
 * ring (the bridge refuses to start on a big-endian machine rather than convert). The length
 * is checked against the connection's maximum before any byte of the body is read: a frame
 * never makes its reader allocate what it advertises.
 *
 * <p>Types below {@link #FIRST_APPLICATION_TYPE} are the bridge's own; the others belong to
 * the program above the bridge, which tells the decoder how many it uses.
 */
public final class FrameDescriptor {
    public static final int LENGTH_OFFSET = 0;
    public static final int TYPE_OFFSET = 4;
    public static final int HEADER_LENGTH = 8;

    /** Acceptor to connector, first: protocol magic, version and a fresh nonce (see {@code Handshake}). */
    public static final int CHALLENGE = 1;
    /** Connector to acceptor: who it is, where it listens, and its proof of the job's secret. */
    public static final int HELLO = 2;
    /** Acceptor to connector: the acceptor's proof of the secret; the connection is open. */
    public static final int WELCOME = 3;
    /** Rendezvous to each JVM: every JVM's listening address. */
    public static final int PEER_TABLE = 4;
    /** Nothing to say for a while, but alive. */
    public static final int HEARTBEAT = 5;
    /** The sender's ranks ended normally; it sends nothing more and its end of the connection closes. */
    public static final int GOODBYE = 6;
    /** The first type the program above the bridge may use. */
    public static final int FIRST_APPLICATION_TYPE = 16;
    /** Room for the program's types: {@code FIRST_APPLICATION_TYPE .. FIRST_APPLICATION_TYPE + 15}. */
    public static final int MAX_APPLICATION_TYPES = 16;

    private FrameDescriptor() {
    }

    public static boolean isBridgeType(int type) {
        return type >= CHALLENGE && type <= GOODBYE;
    }

    public static String typeName(int type) {
        switch (type) {
            case CHALLENGE: return "CHALLENGE";
            case HELLO: return "HELLO";
            case WELCOME: return "WELCOME";
            case PEER_TABLE: return "PEER_TABLE";
            case HEARTBEAT: return "HEARTBEAT";
            case GOODBYE: return "GOODBYE";
            default: return type >= FIRST_APPLICATION_TYPE ? "application frame " + type : "unknown frame type " + type;
        }
    }
}
