package org.hympj.net;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.Socket;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.hympj.net.transport.Link;
import org.hympj.net.wireup.JobSecret;
import org.hympj.net.wireup.PeerAddress;
import org.hympj.net.wireup.WireUp;
import org.junit.jupiter.api.Test;

/** Wire-up and its handshake: a rendezvous with the right secret opens every connection; anything else is refused and logged. */
class HandshakeTest {
    @Test
    void fourJvmsWithTheSecretConnectEachToEveryOther() throws Exception {
        LoopbackJob job = new LoopbackJob();
        WireUp.Connections[] c = job.wireUp(4, JobSecret.random(), 20_000);
        for (int i = 0; i < 4; i++) {
            for (int j = 0; j < 4; j++) {
                assertEquals(i != j, c[i].links()[j] != null, "JVM " + i + " to JVM " + j);
            }
            for (Link l : c[i].links()) {
                if (l != null) {
                    l.close();
                }
            }
        }
        assertTrue(job.log.isEmpty(), job.log.toString());
    }

    @Test
    void aConnectorWithAnotherSecretIsRefusedAndLoggedAndTheRendezvousTimesOutNamingTheMissing() throws Exception {
        LoopbackJob job = new LoopbackJob();
        CompletableFuture<PeerAddress> rendezvous = new CompletableFuture<>();
        // Threads of their own: on a 2-core machine the common pool has one, and the second JVM
        // would only start once the first had given up waiting for it.
        ExecutorService threads = Executors.newCachedThreadPool();
        CompletableFuture<Object> zero = CompletableFuture.supplyAsync(() -> {
            try {
                // Long enough for both intruders to come and go on a slow, shared machine.
                return job.wireUp(0, 2, JobSecret.random(), 5_000, rendezvous);
            } catch (Exception e) {
                return e;
            }
        }, threads);
        PeerAddress at = rendezvous.get(10, TimeUnit.SECONDS);
        // A stranger that speaks no protocol at all.
        try (Socket s = new Socket(at.host(), at.port())) {
            OutputStream out = s.getOutputStream();
            out.write("GET / HTTP/1.0\r\n\r\n".getBytes());
            out.flush();
            s.getInputStream().readAllBytes();
        }
        // A HyMPJ JVM of another job: its own secret.
        CompletableFuture<PeerAddress> known = CompletableFuture.completedFuture(at);
        ExecutionException e = assertThrows(ExecutionException.class,
            () -> CompletableFuture.supplyAsync(() -> {
                try {
                    return job.wireUp(1, 2, JobSecret.random(), 3_000, known);
                } catch (Exception x) {
                    throw new RuntimeException(x);
                }
            }, threads).get(20, TimeUnit.SECONDS));
        assertTrue(e.getCause().getMessage().contains("closed before its PEER_TABLE") || e.getCause().getMessage().contains("WELCOME"),
            e.getCause().getMessage());
        Object outcome = zero.get(20, TimeUnit.SECONDS);
        threads.shutdown();
        assertTrue(outcome instanceof IOException, String.valueOf(outcome));
        String failure = ((IOException) outcome).getMessage();
        assertTrue(failure.contains("JVM 1 did not complete the handshake with JVM 0 at " + at), failure);
        assertTrue(failure.contains("refused meanwhile: the connection from 127.0.0.1:"), failure);
        assertEquals(2, job.log.size(), job.log.toString());
        assertTrue(job.log.get(0).contains("refused a connection from 127.0.0.1:") && job.log.get(0).contains("claims a length"), job.log.get(0));
        assertTrue(job.log.get(1).contains("does not prove the job's secret"), job.log.get(1));
    }

    /**
     * A client that trickles a HELLO, well formed but for its MAC, a byte at a time, connected
     * before the real JVMs: they wire up beside it, long before its HELLO could be whole, and
     * JVM 0 logs it as dropped.
     */
    @Test
    void aClientTricklingAValidLookingHelloDoesNotHoldUpTheWireUp() throws Exception {
        LoopbackJob job = new LoopbackJob();
        try (RogueClient rogue = wireUpBeside(job, at -> RogueClient.trickling(at, 100))) {
            int sent = rogue.sent();
            assertTrue(sent < RogueClient.validLookingHello().length, "the wire-up waited for the rogue's " + sent + " bytes");
            assertEquals(List.of("JVM 0: refused a connection from " + rogue.address() + ": its handshake was not done when the "
                + "wire-up ended"), job.log);
            assertTrue(rogue.closedByListenerWithin(5_000), "the rogue's connection ends with the wire-up");
            assertNoWireUpThreads();
        }
    }

    /**
     * A client whose HELLO claims a body far larger than any HELLO (and that sends nothing more):
     * it is refused at its header, before the real JVMs even start, and they wire up.
     */
    @Test
    void aHelloClaimingAHugeBodyIsRefusedAtItsHeader() throws Exception {
        LoopbackJob job = new LoopbackJob();
        try (RogueClient rogue = wireUpBeside(job, at -> {
            RogueClient r = RogueClient.claiming(at, 60_000);
            assertTrue(r.closedByListenerWithin(3_000), "JVM 0 kept the connection of a HELLO that claims 60,000 bytes open");
            return r;
        })) {
            assertEquals(1, job.log.size(), job.log.toString());
            assertTrue(job.log.get(0).startsWith("JVM 0: refused a connection from " + rogue.address() + ": a frame (type 2) "
                + "claims a length of 60008 bytes"), job.log.get(0));
        }
    }

    /** Connects a rogue client to a wire-up listener. */
    private interface Rogue {
        RogueClient connect(PeerAddress at) throws IOException;
    }

    /**
     * Wires up three JVMs, the other two started once {@code rogue} has connected to JVM 0, and
     * closes their connections; returns the rogue's client.
     */
    private static RogueClient wireUpBeside(LoopbackJob job, Rogue rogue) throws Exception {
        RogueClient[] client = new RogueClient[1];
        try {
            closeAll(job.wireUp(3, JobSecret.random(), 20_000, at -> {
                try {
                    client[0] = rogue.connect(at);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }));
            return client[0];
        } catch (Exception | Error e) {
            if (client[0] != null) {
                client[0].close();
            }
            throw e;
        }
    }

    /**
     * JVMs 0 and 1 of a 3-JVM job come, JVM 2 never does, and a stranger is refused meanwhile:
     * both fail at the timeout, JVM 0 naming the missing JVM and the stranger's address.
     */
    @Test
    void aWireUpMissingOnePeerFailsNamingItAndTheConnectionsRefused() throws Exception {
        LoopbackJob job = new LoopbackJob();
        JobSecret secret = JobSecret.random();
        CompletableFuture<PeerAddress> rendezvous = new CompletableFuture<>();
        ExecutorService threads = Executors.newCachedThreadPool();
        try {
            Future<WireUp.Connections> zero = threads.submit(() -> job.wireUp(0, 3, secret, 3_000, rendezvous));
            Future<WireUp.Connections> one = threads.submit(() -> job.wireUp(1, 3, secret, 3_000, rendezvous));
            PeerAddress at = rendezvous.get(10, TimeUnit.SECONDS);
            String stranger;
            try (RogueClient rogue = RogueClient.claiming(at, 1 << 20)) {
                stranger = rogue.address();
                assertTrue(rogue.closedByListenerWithin(3_000));
            }
            ExecutionException zeroFailed = assertThrows(ExecutionException.class, () -> zero.get(20, TimeUnit.SECONDS));
            String message = zeroFailed.getCause().getMessage();
            assertTrue(message.startsWith("wire-up timed out: JVM 2 did not complete the handshake with JVM 0 at " + at), message);
            assertTrue(message.contains("refused meanwhile: the connection from " + stranger + " (a frame (type 2) claims a length"),
                message);
            ExecutionException oneFailed = assertThrows(ExecutionException.class, () -> one.get(20, TimeUnit.SECONDS));
            assertTrue(oneFailed.getCause().getMessage().startsWith("JVM 0 at " + at + " did not send the table of addresses"),
                oneFailed.getCause().getMessage());
            assertNoWireUpThreads();
        } finally {
            threads.shutdownNow();
        }
    }

    /** The wire-up's accept and handshake threads end with it, success or failure. */
    private static void assertNoWireUpThreads() {
        List<String> left = Thread.getAllStackTraces().keySet().stream().map(Thread::getName)
            .filter(n -> n.startsWith("hympj-wireup-")).toList();
        assertEquals(List.of(), left, "wire-up threads still running");
    }

    private static void closeAll(WireUp.Connections[] connections) throws IOException {
        for (WireUp.Connections c : connections) {
            for (Link l : c.links()) {
                if (l != null) {
                    l.close();
                }
            }
        }
    }

    @Test
    void theSecretTravelsAsHexAndNeverPrints() {
        JobSecret s = JobSecret.random();
        assertEquals(64, s.toHex().length());
        assertEquals(s.toHex(), JobSecret.fromHex(s.toHex()).toHex());
        assertEquals("JobSecret[hidden]", s.toString());
        assertNotNull(assertThrows(IllegalArgumentException.class, () -> JobSecret.fromHex("abcd")).getMessage());
    }
}
