package org.hympj.npb;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Class W of every kernel verifies on 2 ranks: as thread ranks in this JVM, and as 2 JVMs talking through the rings. */
@Timeout(300)
class ClassWTest {

    @ParameterizedTest(name = "{0} W on 2 thread ranks")
    @ValueSource(strings = {"is", "ep", "cg", "mg", "ft"})
    void verifiesOnTwoThreadRanks(String kernel) throws Exception {
        KernelJobs.runOk(2, Npb.class, Npb.class, kernel, "W");
    }

    @ParameterizedTest(name = "{0} W on 2 ranks in 2 JVMs")
    @ValueSource(strings = {"is", "ep", "cg", "mg", "ft"})
    void verifiesOnTwoJvms(String kernel) throws Exception {
        KernelJobs.npb(240, List.of("-np", "2", "--jvms", "2"), kernel, "W");
    }

    /** With the Vector API's module in HYMPJ_JVM_OPTS, every JVM of the job has it: MG's and FT's reports say they used vectors. */
    @ParameterizedTest(name = "{0} W on 2 ranks in 2 JVMs with the Vector API's module")
    @ValueSource(strings = {"mg", "ft"})
    void usesVectorsInEveryJvmWhenGivenTheModule(String kernel) throws Exception {
        String report = KernelJobs.npb(240, KernelJobs.VECTOR_MODULE, List.of("-np", "2", "--jvms", "2"), kernel, "W");
        assertTrue(report.contains("doubles a vector (Vector API)"), kernel + " given the module uses vectors:\n" + report);
    }
}
