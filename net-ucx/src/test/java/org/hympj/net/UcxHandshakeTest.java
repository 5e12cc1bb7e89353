package org.hympj.net;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.hympj.net.transport.Link;
import org.hympj.net.ucx.UcxTransport;
import org.hympj.net.wireup.JobSecret;
import org.hympj.net.wireup.PeerAddress;
import org.hympj.net.wireup.WireUp;
import org.junit.jupiter.api.Test;

/** Wire-up over UCX: the job's JVMs connect each to every other; a JVM without the secret is refused and logged, as over TCP. */
class UcxHandshakeTest {
    private static LoopbackJob job() throws IOException {
        return new LoopbackJob(UcxTransport.open(), 4);
    }

    @Test
    void fourJvmsWithTheSecretConnectEachToEveryOtherOverUcx() throws Exception {
        WireUp.Connections[] c = job().wireUp(4, JobSecret.random(), 20_000);
        try {
            for (int j = 0; j < 4; j++) {
                for (int k = 0; k < 4; k++) {
                    assertEquals(j != k, c[j].links()[k] != null, "JVM " + j + " to " + k);
                }
            }
        } finally {
            for (WireUp.Connections x : c) {
                for (Link l : x.links()) {
                    if (l != null) {
                        l.close();
                    }
                }
            }
        }
    }

    @Test
    void aJvmWithAnotherSecretIsRefusedOverUcxAndTheWireUpNamesTheMissingJvm() throws Exception {
        LoopbackJob job = job();
        CompletableFuture<PeerAddress> rendezvous = new CompletableFuture<>();
        ExecutorService threads = Executors.newCachedThreadPool();
        try {
            Future<WireUp.Connections> zero = threads.submit(() -> job.wireUp(0, 2, JobSecret.random(), 4_000, rendezvous));
            PeerAddress at = rendezvous.get(10, TimeUnit.SECONDS);
            CompletableFuture<PeerAddress> known = CompletableFuture.completedFuture(at);
            ExecutionException intruder = assertThrows(ExecutionException.class,
                () -> threads.submit(() -> job.wireUp(1, 2, JobSecret.random(), 3_000, known)).get(20, TimeUnit.SECONDS));
            assertNotNull(intruder.getCause().getMessage());
            ExecutionException e = assertThrows(ExecutionException.class, () -> zero.get(20, TimeUnit.SECONDS));
            String failure = e.getCause().getMessage();
            assertTrue(failure.contains("JVM 1 did not complete the handshake with JVM 0 at " + at), failure);
            assertTrue(failure.contains("refused meanwhile: the connection from 127.0.0.1:"), failure);
            assertEquals(1, job.log().size(), job.log().toString());
            assertTrue(job.log().get(0).contains("does not prove the job's secret"), job.log().get(0));
        } finally {
            threads.shutdownNow();
        }
    }
}
