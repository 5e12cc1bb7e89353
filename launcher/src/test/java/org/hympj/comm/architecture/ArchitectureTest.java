package org.hympj.comm.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.core.importer.Location;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import com.tngtech.archunit.library.dependencies.SliceAssignment;
import com.tngtech.archunit.library.dependencies.SliceIdentifier;
import java.util.regex.Pattern;
import org.hympj.comm.runtime.ThreadJob;

/**
 * The package graph that the module graph stands for (docs/decisions/module-graph.md), checked
 * on every class of HyMPJ's main code, which the launcher's tests see all of: no cycle between
 * packages, the {@code mpi} package without the launcher, the two transports apart, and the
 * engine (every {@code org.hympj.comm} package but the transports and the launcher) free of
 * {@code mpi}, the transports and the launcher. Maven enforces the same between modules; this
 * keeps it between packages, where one module holds several.
 */
@AnalyzeClasses(packages = {"org.hympj", "mpi"}, importOptions = ArchitectureTest.MainCode.class)
class ArchitectureTest {
    private static final String PROCESS = "org.hympj.comm.process..";
    private static final String NODE = "org.hympj.comm.node..";
    private static final String LAUNCH = "org.hympj.comm.launch..";

    @ArchTest
    static final ArchRule noCycleBetweenPackages = slices().assignedFrom(new PackageSlices())
        .should().beFreeOfCycles();

    /**
     * Every runtime class is one the rank loaders take from the JVM's loader, even when a
     * program's jar bundles it: else each thread rank of such a program gets its own copy, and
     * a copy that meets the shared engine's types fails to link. The thread-team library is a
     * program's library, per rank like any other.
     */
    @ArchTest
    static final ArchRule everyRuntimePackageIsSharedByTheRanks = classes().that().resideInAPackage("org.hympj..")
        .and().resideOutsideOfPackage("org.hympj.nested..")
        .should(new ArchCondition<JavaClass>("be in a package ThreadJob.SHARED_PACKAGES names") {
            @Override
            public void check(JavaClass c, ConditionEvents events) {
                boolean shared = ThreadJob.SHARED_PACKAGES.stream().anyMatch(p -> c.getName().startsWith(p));
                events.add(new SimpleConditionEvent(c, shared, c.getName() + " is in no package of ThreadJob.SHARED_PACKAGES"));
            }
        });

    @ArchTest
    static final ArchRule mpiDoesNotNeedTheLauncher = noClasses().that().resideInAPackage("mpi")
        .should().dependOnClassesThat().resideInAPackage(LAUNCH);

    @ArchTest
    static final ArchRule ringPathDoesNotNeedTheOffNodePath = noClasses().that().resideInAPackage(PROCESS)
        .should().dependOnClassesThat().resideInAPackage(NODE);

    @ArchTest
    static final ArchRule offNodePathDoesNotNeedTheRingPath = noClasses().that().resideInAPackage(NODE)
        .should().dependOnClassesThat().resideInAPackage(PROCESS);

    @ArchTest
    static final ArchRule engineNeedsNoFacadeTransportOrLauncher = noClasses()
        .that().resideInAPackage("org.hympj.comm..").and().resideOutsideOfPackages(PROCESS, NODE, LAUNCH)
        .should().dependOnClassesThat().resideInAnyPackage("mpi", PROCESS, NODE, LAUNCH);

    /** Each package of HyMPJ (org.hympj.* and mpi) is a slice of its own. */
    static final class PackageSlices implements SliceAssignment {
        @Override
        public SliceIdentifier getIdentifierOf(JavaClass javaClass) {
            String p = javaClass.getPackageName();
            return p.equals("mpi") || p.startsWith("org.hympj.") ? SliceIdentifier.of(p) : SliceIdentifier.ignore();
        }

        @Override
        public String getDescription() {
            return "packages of HyMPJ";
        }
    }

    /** The main code only: neither test classes nor test jars (the launcher's tests use mpi's and net-bridge's). */
    static final class MainCode implements ImportOption {
        private static final Pattern TEST_JAR = Pattern.compile(".*-tests\\.jar!/.*");

        @Override
        public boolean includes(Location location) {
            return !location.contains("/test-classes/") && !location.matches(TEST_JAR);
        }
    }
}
