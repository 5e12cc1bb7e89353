package org.hympj.comm.coll.heap;

import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.function.Supplier;
import org.hympj.comm.runtime.Job;
import org.junit.jupiter.api.Test;

/**
 * The JVM's collective areas: one per communicator for all its ranks, told apart by context and
 * first member, and gone once every member freed the communicator.
 */
class CollectiveAreaRegistryTest {
    @Test
    void everyMemberGetsTheSameAreaUntilAllHaveFreedIt() {
        Job job = new Job(4);
        Supplier<CollectiveArea> two = () -> CollectiveArea.inThisJvm(2, 1024);
        CollectiveArea a = job.collectiveArea(12, 0, two);
        assertSame(a, job.collectiveArea(12, 0, two), "the second member finds the first one's area");
        assertNotSame(a, job.collectiveArea(12, 2, two), "a communicator of other ranks on the same context has its own");
        job.collectiveAreaFreed(12, 0, a);
        assertSame(a, job.collectiveArea(12, 0, two), "kept while a member has not freed it");
        job.collectiveAreaFreed(12, 0, a);
        assertNotSame(a, job.collectiveArea(12, 0, two), "dropped when the last member freed it");
    }
}
