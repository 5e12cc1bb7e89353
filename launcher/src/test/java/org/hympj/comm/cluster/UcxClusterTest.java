package org.hympj.comm.cluster;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * MPI's semantics across nodes ({@link AcrossNodesSemantics}) with the net-bridge over UCX
 * ({@code --net ucx}; the test JVM's {@code UCX_TLS=tcp}, from the launcher's surefire settings,
 * goes to every JVM), each job that ends well checked to have run over UCX. On a JVM older than 22 there is no
 * UCX transport, and these are skipped saying so. One runs over UCX in the long runs only, for a
 * known fault (docs/decisions/ucx-bridge.md, "Known faults").
 */
class UcxClusterTest extends AcrossNodesSemantics {
    @Override
    List<String> transport() {
        return List.of("--net", "ucx");
    }

    @Override
    void assumeTransportRuns() {
        int jdk = Runtime.version().feature();
        if (jdk < 22) {
            // Printed as well: surefire reports a class skipped in @BeforeAll without the assumption's words.
            String why = "the net-bridge over UCX needs JDK 22 or later (java.lang.foreign); this is JDK " + jdk
                + ": the cluster tests over UCX are skipped";
            System.err.println("UcxClusterTest: " + why);
            Assumptions.abort(why);
        }
    }

    @Override
    void assertRanOverTransport(TestCluster.Result r) {
        assertTrue(r.output().contains("): the net-bridge runs over UCX 1."), r.output());
    }

    /**
     * As over TCP, but in the long runs only ({@code -Pstress}): over UCX one JVM of the eight
     * went silent for the liveness time in 1 of 13 runs here, and the job failed with its node
     * declared lost (docs/decisions/ucx-bridge.md, "Known faults").
     */
    @Override
    @Test
    @Tag("scale")
    void everySizeAndTypeBetweenEightJvmsAtOnceKeepsEachSendersOrder() throws Exception {
        super.everySizeAndTypeBetweenEightJvmsAtOnceKeepsEachSendersOrder();
    }
}
