package org.hympj.comm.match;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * How often a rank's progress reads other nodes' connections: at every call while frames come
 * from them, at one call in {@link MatchingEngine#CALLS_PER_READ_WHILE_QUIET} once they have
 * been quiet for {@link MatchingEngine#QUIET_AFTER_CALLS} calls, and at every call again as
 * soon as a frame comes; this node's other processes are drained at every call throughout. A
 * call that polls once ({@link MatchingEngine#progressOnce}, a test of a request) reads them always.
 */
class OtherNodesReadCadenceTest {
    private static final int QUIET = MatchingEngine.QUIET_AFTER_CALLS;
    private static final int SPARSE = MatchingEngine.CALLS_PER_READ_WHILE_QUIET;

    /** A job whose other nodes send a frame whenever the test says so; it counts the drains and reads. */
    private static final class CountingJob implements JobContext {
        int ownNodeDrains;
        int otherNodesReads;
        int framesWaiting;

        @Override
        public int progressOwnNode() {
            ownNodeDrains++;
            return 0;
        }

        @Override
        public int progressOtherNodes() {
            otherNodesReads++;
            int frames = framesWaiting;
            framesWaiting = 0;
            return frames;
        }

        @Override
        public int progressAll() {
            return progressOwnNode() + progressOtherNodes();
        }

        @Override
        public void beforePark() {
        }

        @Override
        public void afterPark() {
        }

        @Override
        public void acknowledgeRemote(long syncToken) {
        }

        @Override
        public int spins() {
            return 1;
        }

        @Override
        public int yields() {
            return 1;
        }

        @Override
        public String abortReason() {
            return null;
        }
    }

    private final CountingJob job = new CountingJob();
    private final MatchingEngine engine = new MatchingEngine(job, 1024, 0, 0);

    private int readsOver(int calls) {
        int before = job.otherNodesReads;
        for (int i = 0; i < calls; i++) {
            engine.progress();
        }
        return job.otherNodesReads - before;
    }

    @Test
    void otherNodesAreReadAtEveryCallUntilTheyHaveBeenQuietThenSparselyWhileThisNodeIsDrainedAtEveryCall() {
        assertEquals(QUIET, readsOver(QUIET), "before other nodes count as quiet, every call reads them");
        assertEquals(4, readsOver(4 * SPARSE), "once quiet, one call in " + SPARSE + " reads them");
        assertEquals(QUIET + 4 * SPARSE, job.ownNodeDrains, "this node's other processes are drained at every call");
    }

    @Test
    void aFrameFromAnotherNodeBringsBackAReadAtEveryCall() {
        readsOver(QUIET + SPARSE);
        job.framesWaiting = 1;
        int calls = 0;
        while (job.framesWaiting > 0) {
            engine.progress();
            calls++;
        }
        assertTrue(calls <= SPARSE, "a frame after a quiet spell is read within " + SPARSE + " calls, took " + calls);
        assertEquals(100, readsOver(100), "after a frame, every call reads other nodes again");
    }

    @Test
    void aCallThatPollsOnceReadsOtherNodesAlsoWhenTheyAreQuietAndAFrameItFindsBringsBackEveryCall() {
        readsOver(QUIET + SPARSE);
        assertEquals(5, readsOnce(5), "a test of a request reads other nodes at every call, quiet or not");
        job.framesWaiting = 1;
        assertEquals(1, engine.progressOnce(), "the frame it read is its work");
        assertEquals(100, readsOver(100), "after a frame, every spinning call reads other nodes again");
    }

    private int readsOnce(int calls) {
        int before = job.otherNodesReads;
        for (int i = 0; i < calls; i++) {
            engine.progressOnce();
        }
        return job.otherNodesReads - before;
    }

    @Test
    void theWorkOfARead() {
        job.framesWaiting = 3;
        assertEquals(3, engine.progress(), "the frames a read hands over count as the call's work");
        assertEquals(0, engine.progress());
    }
}
