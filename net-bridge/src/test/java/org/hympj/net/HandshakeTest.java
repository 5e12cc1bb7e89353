package org.hympj.net;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.net.Socket;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
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
        java.util.concurrent.ExecutorService threads = java.util.concurrent.Executors.newCachedThreadPool();
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
        assertTrue(((IOException) outcome).getMessage().contains("JVM 1 never connected"), ((IOException) outcome).getMessage());
        assertEquals(2, job.log.size(), job.log.toString());
        assertTrue(job.log.get(0).contains("refused a connection from 127.0.0.1:") && job.log.get(0).contains("claims a length"), job.log.get(0));
        assertTrue(job.log.get(1).contains("does not prove the job's secret"), job.log.get(1));
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
