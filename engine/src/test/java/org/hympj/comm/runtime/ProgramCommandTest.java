package org.hympj.comm.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The program's name and arguments as MPI_INFO_ENV reports them, from a launcher or from the JVM's command line. */
class ProgramCommandTest {

    @Test
    void aMainClassIsNamedWithoutItsPackage() {
        ProgramCommand c = ProgramCommand.of("org.example.Ring$Inner", new String[] {"10", "x y"});
        assertEquals("Ring$Inner", c.command());
        assertEquals("10 x y", c.argv());
        assertEquals("Hello", ProgramCommand.of("Hello", new String[0]).command());
        assertEquals("", ProgramCommand.of("Hello", new String[0]).argv());
    }

    @Test
    void theJvmCommandLineGivesTheMainClassOrJarAndTheArguments() {
        ProgramCommand c = ProgramCommand.parse("  org.example.Ring  4   100 ");
        assertEquals("Ring", c.command());
        assertEquals("4 100", c.argv());
        ProgramCommand jar = ProgramCommand.parse("/opt/apps/solver.jar -n 3");
        assertEquals("solver.jar", jar.command());
        assertEquals("-n 3", jar.argv());
        assertEquals("", ProgramCommand.parse("").command());
        assertEquals("", ProgramCommand.parse("").argv());
    }
}
