package org.hympj.comm.cluster;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;

/**
 * Every MPI-semantics test of the cluster suite ({@link AcrossNodesSemantics}) with the
 * net-bridge over UCX ({@code --net ucx}; the test JVM's {@code UCX_TLS=tcp}, from the launcher's
 * surefire settings, goes to every JVM), each job that ends well checked to have run over UCX;
 * skipped, saying so, on a JVM older than 22. In the long runs only ({@code -Pstress}, tag
 * {@code scale}): jobs of 8 JVMs over UCX meet a known fault (docs/decisions/ucx-bridge.md,
 * "Known faults"); {@link UcxClusterTest} runs a smaller set in every build.
 */
@Tag("scale")
class UcxClusterSemanticsTest extends AcrossNodesSemantics {
    @Override
    List<String> transport() {
        return List.of("--net", "ucx");
    }

    @Override
    void assumeTransportRuns() {
        int jdk = Runtime.version().feature();
        if (jdk < 22) {
            String why = "the net-bridge over UCX needs JDK 22 or later (java.lang.foreign); this is JDK " + jdk
                + ": the cluster tests over UCX are skipped";
            System.err.println("UcxClusterSemanticsTest: " + why);
            Assumptions.abort(why);
        }
    }

    @Override
    void assertRanOverTransport(TestCluster.Result r) {
        assertTrue(r.output().contains("): the net-bridge runs over UCX 1."), r.output());
    }
}
