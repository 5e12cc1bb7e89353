package org.hympj.npb;

import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Classes A and B of every kernel verify in each form the benchmark table measures (2 thread
 * ranks, 2 ranks in 2 JVMs, 1 rank with a team of 2 threads), and class C on 2 thread ranks
 * with hympjrun's default heap: minutes, so only with {@code -Pstress}.
 */
@Tag("scale")
class LargeClassesTest {

    @ParameterizedTest(name = "{0} {1} in every form")
    @CsvSource({"is, A", "ep, A", "cg, A", "mg, A", "ft, A", "is, B", "ep, B", "cg, B", "mg, B", "ft, B"})
    @Timeout(3600)
    void verifiesInEveryForm(String kernel, String size) throws Exception {
        KernelJobs.npb(900, List.of("-np", "2"), kernel, size);
        KernelJobs.npb(900, List.of("-np", "2", "--jvms", "2"), kernel, size);
        KernelJobs.npb(900, List.of("-np", "1"), kernel, size, "2");
    }

    @ParameterizedTest(name = "{0} C on 2 thread ranks")
    @ValueSource(strings = {"is", "ep", "cg", "mg", "ft"})
    @Timeout(1800)
    void classCVerifies(String kernel) throws Exception {
        KernelJobs.npb(1500, List.of("-np", "2"), kernel, "C");
    }
}
