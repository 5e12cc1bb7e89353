package org.hympj.comm.coll.heap;

import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

import org.hympj.comm.runtime.Job;
import org.junit.jupiter.api.Test;

/**
 * The JVM's collective areas: one per communicator for all its ranks, told apart by context and
 * first member, and gone once every member freed the communicator.
 */
class HeapCollectiveAreaRegistryTest {
    @Test
    void everyMemberGetsTheSameAreaUntilAllHaveFreedIt() {
        Job job = new Job(4);
        HeapCollectiveArea a = job.heapCollectiveArea(12, 0, 2);
        assertSame(a, job.heapCollectiveArea(12, 0, 2), "the second member finds the first one's area");
        assertNotSame(a, job.heapCollectiveArea(12, 2, 2), "a communicator of other ranks on the same context has its own");
        job.heapCollectiveAreaFreed(12, 0, a);
        assertSame(a, job.heapCollectiveArea(12, 0, 2), "kept while a member has not freed it");
        job.heapCollectiveAreaFreed(12, 0, a);
        assertNotSame(a, job.heapCollectiveArea(12, 0, 2), "dropped when the last member freed it");
    }
}
