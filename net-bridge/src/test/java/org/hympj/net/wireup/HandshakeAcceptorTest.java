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
             HandshakeAcceptor acceptor = new HandshakeAcceptor(listener, new Handshake.Identity(1, 2, 0, secret), 4_000,
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
                + "(a handshake has 4000 ms)"), log);
            assertEquals(List.of(rogue.address() + " (its HELLO did not come whole in time (a handshake has 4000 ms))"),
                acceptor.refused());
        }
    }

    @Test
    void connectionsBeyondTheHandshakesAllowedAtOnceAreRefusedAtOnceAndARealPeerIsLetInOnceASlotIsFree() throws Exception {
        List<String> log = new CopyOnWriteArrayList<>();
        JobSecret secret = JobSecret.random();
        TcpTransport transport = new TcpTransport();
        long wireUpDeadline = System.currentTimeMillis() + 60_000;
        try (Listener listener = transport.listen(InetAddress.getByName("127.0.0.1"));
             HandshakeAcceptor acceptor = new HandshakeAcceptor(listener, new Handshake.Identity(1, 2, 0, secret), 30_000,
                 wireUpDeadline, 1, log::add)) {
            // The first rogue holds the one slot (its handshake has 30 s); a second, meanwhile, is refused at once.
            RogueClient holding = RogueClient.trickling(PeerAddress.of(listener.address()), 100);
            try (RogueClient second = RogueClient.trickling(PeerAddress.of(listener.address()), 100)) {
                assertTrue(second.closedByListenerWithin(15_000), "a connection beyond the limit was not refused");
                assertTrue(log.contains("refused a connection from " + second.address() + ": the limit of 1 handshakes at once"
                    + " was reached"), log.toString());
            } finally {
                holding.close();
            }
            // The holder gone, its handshake fails at the end of its stream and frees the slot.
            long freed = System.currentTimeMillis() + 15_000;
            while (acceptor.refused().size() < 2 && System.currentTimeMillis() < freed) {
                Thread.sleep(10);
            }
            assertEquals(2, acceptor.refused().size(), () -> "the holder's handshake did not end: " + acceptor.refused());
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
