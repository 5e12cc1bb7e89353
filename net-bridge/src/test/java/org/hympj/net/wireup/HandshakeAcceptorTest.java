package org.hympj.net.wireup;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.hympj.net.RogueClient;
import org.hympj.net.frame.FrameDecoder;
import org.hympj.net.transport.Link;
import org.hympj.net.transport.Listener;
import org.hympj.net.transport.TcpTransport;
import org.junit.jupiter.api.Test;

/** Each accepted connection is handshaken on its own, by its own deadline. */
class HandshakeAcceptorTest {
    @Test
    void aTricklingClientIsDroppedAtItsOwnDeadlineAndARealPeerIsLetInMeanwhile() throws Exception {
        List<String> log = new CopyOnWriteArrayList<>();
        JobSecret secret = JobSecret.random();
        TcpTransport transport = new TcpTransport();
        long wireUpDeadline = System.currentTimeMillis() + 30_000;
        try (Listener listener = transport.listen(InetAddress.getByName("127.0.0.1"));
             HandshakeAcceptor acceptor = new HandshakeAcceptor(listener, new Handshake.Identity(1, 2, 0, secret), 1_000,
                 wireUpDeadline, 4, log::add);
             RogueClient rogue = RogueClient.trickling(PeerAddress.of(listener.address()), 100)) {
            try (Link peer = transport.connect(listener.address(), 5_000)) {
                Handshake.connect(peer, new FrameDecoder(Handshake.MAX_BODY_LENGTH, 0), new Handshake.Identity(1, 2, 1, secret), 0,
                    new PeerAddress("127.0.0.1", 40_000), wireUpDeadline);
                HandshakeAcceptor.Admitted admitted = acceptor.next(wireUpDeadline);
                assertNotNull(admitted);
                assertEquals(1, admitted.hello().fromJvm());
                admitted.link().close();
            }
            assertTrue(rogue.closedByListenerWithin(10_000), "the trickling client's connection outlived its handshake's deadline");
            assertTrue(rogue.sent() < RogueClient.validLookingHello().length, "the rogue's HELLO came whole: " + rogue.sent());
            assertEquals(List.of("refused a connection from " + rogue.address() + ": its HELLO did not come whole in time "
                + "(a handshake has 1000 ms)"), log);
            assertEquals(List.of(rogue.address() + " (its HELLO did not come whole in time (a handshake has 1000 ms))"),
                acceptor.refused());
        }
    }

    @Test
    void connectionsBeyondTheHandshakesAllowedAtOnceAreRefusedAtOnceAndARealPeerIsLetInOnceASlotIsFree() throws Exception {
        List<String> log = new CopyOnWriteArrayList<>();
        JobSecret secret = JobSecret.random();
        TcpTransport transport = new TcpTransport();
        long wireUpDeadline = System.currentTimeMillis() + 30_000;
        try (Listener listener = transport.listen(InetAddress.getByName("127.0.0.1"));
             HandshakeAcceptor acceptor = new HandshakeAcceptor(listener, new Handshake.Identity(1, 2, 0, secret), 1_000,
                 wireUpDeadline, 1, log::add);
             RogueClient holding = RogueClient.trickling(PeerAddress.of(listener.address()), 100)) {
            // The first rogue holds the one slot until its handshake's deadline; a second, meanwhile, is refused at once.
            while (holding.sent() == 0) {
                Thread.sleep(10);
            }
            try (RogueClient second = RogueClient.trickling(PeerAddress.of(listener.address()), 100)) {
                assertTrue(second.closedByListenerWithin(800), "a connection beyond the limit was not refused before the first's deadline");
                assertTrue(log.contains("refused a connection from " + second.address() + ": the limit of 1 handshakes at once was reached"),
                    log.toString());
            }
            assertTrue(holding.closedByListenerWithin(10_000), "the first rogue outlived its handshake's deadline");
            try (Link peer = transport.connect(listener.address(), 5_000)) {
                Handshake.connect(peer, new FrameDecoder(Handshake.MAX_BODY_LENGTH, 0), new Handshake.Identity(1, 2, 1, secret), 0,
                    new PeerAddress("127.0.0.1", 40_000), wireUpDeadline);
                HandshakeAcceptor.Admitted admitted = acceptor.next(wireUpDeadline);
                assertNotNull(admitted, "the real peer was not let in once the slot was free");
                admitted.link().close();
            }
        }
    }
}
