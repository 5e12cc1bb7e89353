package org.hympj.net.wireup;

import static org.hympj.net.frame.FrameDescriptor.HEADER_LENGTH;
import static org.hympj.net.frame.FrameDescriptor.PEER_TABLE;

import java.io.IOException;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.IntFunction;
import java.util.function.IntPredicate;
import org.agrona.concurrent.UnsafeBuffer;
import org.hympj.net.frame.FrameDecoder;
import org.hympj.net.frame.FrameException;
import org.hympj.net.frame.FrameWriter;
import org.hympj.net.transport.Link;
import org.hympj.net.transport.Listener;
import org.hympj.net.transport.Transport;

/**
 * Opens the connections of one JVM to the JVMs of the job on other nodes, through a
 * rendezvous at JVM 0 (the JVM of rank 0), with no fixed port anywhere:
 * <ol>
 *   <li>every JVM listens on an ephemeral port of its chosen address;</li>
 *   <li>JVM 0 makes its address known ({@code announce}: on its standard output for
 *       hympjrun, in a file on a shared path under mpirun or srun); every other JVM connects
 *       to it, and its HELLO says where it listens; that connection stays as the data
 *       connection between the two;</li>
 *   <li>once all have come, JVM 0 sends each the table of every JVM's address
 *       ({@code PEER_TABLE}: count, then per JVM its port and its address literal);</li>
 *   <li>each JVM then connects to every JVM with a smaller index on another node and accepts
 *       from every one with a larger index; the listener is closed when all are in.</li>
 * </ol>
 * Every connection opens with the {@link Handshake}. Accepted connections are handshaken at
 * once, each on a thread of its own with its own deadline ({@link HandshakeAcceptor}), so a
 * client that stalls or trickles its bytes holds up nothing; one that fails is logged with its
 * address and closed, and the wire-up goes on waiting for the real peer. A peer that has not
 * completed its handshake by the wire-up's deadline makes the wire-up fail naming it, and the
 * connections refused meanwhile, never hang. Handshake threads and connections not taken end
 * with the wire-up, whether it succeeds or fails.
 */
public final class WireUp {
    /**
     * Per connection: the link and the decoder to read it with (on a connection this JVM opened,
     * the one that read its handshake, which may hold the first frames after it); and where every
     * JVM of the job listened (JVMs of one node share an address).
     */
    public record Connections(Link[] links, FrameDecoder[] decoders, PeerAddress[] table) {
    }

    /**
     * How long an accepted connection has to complete its handshake: a real peer answers at
     * once; the rest is margin for a loaded machine.
     */
    static final long HANDSHAKE_MILLIS = 10_000;
    /**
     * Handshakes that may run at once beyond the job's own JVMs (each of which connects here at
     * most once): room for strays and probes, while a flood of connections costs bounded threads.
     */
    static final int SPARE_HANDSHAKES = 64;

    private final Handshake.Identity me;
    private final int jvms;
    private final IntPredicate sameNode;
    private final IntFunction<String> describe;
    private final Transport transport;
    private final int maxBodyLength;
    private final int applicationTypes;
    private final Consumer<String> log;
    private final long deadline;
    /** Where each JVM that connected here listens, from its HELLO. */
    private final PeerAddress[] listenAddresses;

    /**
     * @param sameNode JVMs on this node (no connection: they share memory)
     * @param describe a JVM as the user knows it ("node 2, ranks 8..11"), for errors
     */
    public WireUp(Handshake.Identity me, int jvms, IntPredicate sameNode, IntFunction<String> describe,
                  Transport transport, int maxBodyLength, int applicationTypes, Consumer<String> log, long timeoutMillis) {
        this.me = me;
        this.jvms = jvms;
        this.sameNode = sameNode;
        this.describe = describe;
        this.transport = transport;
        this.maxBodyLength = Math.max(maxBodyLength, 8 + jvms * (6 + PeerAddress.MAX_HOST_LENGTH));
        this.applicationTypes = applicationTypes;
        this.log = log;
        this.deadline = System.currentTimeMillis() + timeoutMillis;
        this.listenAddresses = new PeerAddress[jvms];
    }

    /**
     * Runs the wire-up. JVM 0 passes its {@code announce}; the others the rendezvous address
     * they were given.
     */
    public Connections run(InetAddress listenOn, Consumer<PeerAddress> announce, PeerAddress rendezvous) throws IOException {
        Link[] links = new Link[jvms];
        FrameDecoder[] decoders = new FrameDecoder[jvms];
        try (Listener listener = transport.listen(listenOn);
             HandshakeAcceptor acceptor = new HandshakeAcceptor(listener, me, HANDSHAKE_MILLIS, deadline, jvms + SPARE_HANDSHAKES, log)) {
            PeerAddress own = PeerAddress.of(listener.address());
            PeerAddress[] table;
            if (me.jvm() == 0) {
                announce.accept(own);
                admitAll(acceptor, own, j -> j > 0, links, decoders);
                table = sendTable(own, links, decoders);
            } else {
                table = join(rendezvous, own, links, decoders);
                for (int j = 1; j < me.jvm(); j++) {
                    if (!sameNode.test(j)) {
                        connect(j, table[j], own, links, decoders);
                    }
                }
                admitAll(acceptor, own, j -> j > me.jvm() && !sameNode.test(j), links, decoders);
            }
            return new Connections(links, decoders, table);
        } catch (IOException | RuntimeException e) {
            for (Link l : links) {
                if (l != null) {
                    l.close();
                }
            }
            throw e;
        }
    }

    /** JVM 0, once every other JVM has connected: sends each the table of addresses. */
    private PeerAddress[] sendTable(PeerAddress own, Link[] links, FrameDecoder[] decoders) throws IOException {
        PeerAddress[] table = new PeerAddress[jvms];
        table[0] = own;
        for (int j = 1; j < jvms; j++) {
            table[j] = listenAddresses[j];
        }
        FrameWriter w = new FrameWriter(maxBodyLength);
        UnsafeBuffer b = w.buffer();
        int at = HEADER_LENGTH;
        b.putInt(at, jvms);
        at += 4;
        for (PeerAddress a : table) {
            byte[] host = a.host().getBytes(StandardCharsets.US_ASCII);
            b.putInt(at, a.port());
            b.putShort(at + 4, (short) host.length);
            b.putBytes(at + 6, host);
            at += 6 + host.length;
        }
        for (int j = 1; j < jvms; j++) {
            w.write(links[j], PEER_TABLE, at - HEADER_LENGTH);
        }
        // JVMs on this node share memory with us; their rendezvous connection is not needed.
        for (int j = 1; j < jvms; j++) {
            if (sameNode.test(j)) {
                links[j].close();
                links[j] = null;
                decoders[j] = null;
            }
        }
        return table;
    }

    /** Any JVM but 0: connects to the rendezvous and reads the table of addresses. */
    private PeerAddress[] join(PeerAddress rendezvous, PeerAddress own, Link[] links, FrameDecoder[] decoders) throws IOException {
        FrameDecoder decoder = newDecoder();
        Link link = handshakeWith(0, rendezvous, own, decoder);
        try {
            UnsafeBuffer body = Handshake.readOne(link, decoder, PEER_TABLE, "PEER_TABLE", deadline);
            PeerAddress[] table = parseTable(body);
            if (sameNode.test(0)) {
                link.close();
            } else {
                links[0] = link;
                decoders[0] = decoder;
            }
            return table;
        } catch (IOException | RuntimeException e) {
            link.close();
            throw new IOException(describe.apply(0) + " at " + rendezvous + " did not send the table of addresses: " + e.getMessage(), e);
        }
    }

    private PeerAddress[] parseTable(UnsafeBuffer body) throws FrameException {
        int n = body.capacity() >= 4 ? body.getInt(0) : -1;
        if (n != jvms) {
            throw new FrameException("the rendezvous sent a table of " + n + " JVMs; this job has " + jvms);
        }
        PeerAddress[] table = new PeerAddress[jvms];
        int at = 4;
        for (int j = 0; j < jvms; j++) {
            if (at + 6 > body.capacity()) {
                throw new FrameException("the rendezvous's table ends early");
            }
            int port = body.getInt(at);
            int hostLength = body.getShort(at + 4) & 0xffff;
            if (hostLength > PeerAddress.MAX_HOST_LENGTH || at + 6 + hostLength > body.capacity()) {
                throw new FrameException("the rendezvous's table has a bad entry for JVM " + j);
            }
            try {
                table[j] = new PeerAddress(body.getStringWithoutLengthAscii(at + 6, hostLength), port);
            } catch (IllegalArgumentException e) {
                throw new FrameException("the rendezvous's table has a bad entry for JVM " + j + ": " + e.getMessage());
            }
            at += 6 + hostLength;
        }
        return table;
    }

    private void connect(int j, PeerAddress address, PeerAddress own, Link[] links, FrameDecoder[] decoders) throws IOException {
        FrameDecoder decoder = newDecoder();
        links[j] = handshakeWith(j, address, own, decoder);
        decoders[j] = decoder;
    }

    /** Connects to JVM {@code j} and runs the connector's side of the handshake, by the wire-up's deadline. */
    private Link handshakeWith(int j, PeerAddress address, PeerAddress own, FrameDecoder decoder) throws IOException {
        Link link = connectRetrying(j, address);
        try {
            Handshake.connect(link, decoder, me, j, own, deadline);
            return link;
        } catch (IOException | RuntimeException e) {
            link.close();
            throw new IOException("the handshake with " + describe.apply(j) + " at " + address + " failed: " + e.getMessage(), e);
        }
    }

    private Link connectRetrying(int j, PeerAddress address) throws IOException {
        while (true) {
            try {
                return transport.connect(address.socketAddress(), Math.min(remainingMillis(j), 5_000));
            } catch (IOException e) {
                if (System.currentTimeMillis() + 100 > deadline) {
                    throw new IOException("cannot reach " + describe.apply(j) + " at " + address + ": " + e.getMessage()
                        + " (wire-up timed out; raise -Dhympj.wireup.timeout.seconds, or check -Dhympj.net.address)", e);
                }
                sleep(50);
            }
        }
    }

    /**
     * Takes the connections that passed their handshake until one from every JVM {@code wanted}
     * has come; any other (a JVM not expected here, or one that came twice) is refused.
     */
    private void admitAll(HandshakeAcceptor acceptor, PeerAddress own, IntPredicate wanted, Link[] links,
                          FrameDecoder[] decoders) throws IOException {
        int expected = 0;
        for (int j = 0; j < jvms; j++) {
            expected += wanted.test(j) ? 1 : 0;
        }
        for (int arrived = 0; arrived < expected; ) {
            HandshakeAcceptor.Admitted a = acceptor.next(deadline);
            if (a == null) {
                List<String> missing = new ArrayList<>();
                for (int j = 0; j < jvms; j++) {
                    if (wanted.test(j) && links[j] == null) {
                        missing.add(describe.apply(j));
                    }
                }
                List<String> refused = acceptor.refused();
                throw new IOException("wire-up timed out: " + String.join("; ", missing) + " did not complete the handshake with "
                    + describe.apply(me.jvm()) + " at " + own
                    + " (did it start? is its network reachable? raise -Dhympj.wireup.timeout.seconds if the cluster is slow)"
                    + (refused.isEmpty() ? "" : "; refused meanwhile: the connection from " + String.join(", from ", refused)));
            }
            int from = a.hello().fromJvm();
            if (from < 0 || from >= jvms || !wanted.test(from) || links[from] != null) {
                acceptor.refuse(a.link(), "it claims to be JVM " + from + ", which is not expected here");
                continue;
            }
            links[from] = a.link();
            decoders[from] = newDecoder();
            listenAddresses[from] = a.hello().listenAddress();
            arrived++;
        }
    }

    private FrameDecoder newDecoder() {
        return new FrameDecoder(maxBodyLength, applicationTypes);
    }

    private int remainingMillis(int j) throws IOException {
        long left = deadline - System.currentTimeMillis();
        if (left <= 0) {
            throw new IOException("wire-up timed out before " + describe.apply(j) + " answered");
        }
        return (int) Math.min(left, Integer.MAX_VALUE);
    }

    private static void sleep(long millis) throws IOException {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted during wire-up");
        }
    }
}
