package org.hympj.comm.match;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.hympj.comm.data.ElementType;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.RepetitionInfo;

/**
 * The posted and unexpected queues against a reference model: one plain list each, searched
 * from the front, which is MPI's matching rule stated as simply as it can be. Random
 * operations (append, match, probe, cancel) with wildcards must give the same answers.
 */
class QueuesModelTest {
    private static final int ANY_SOURCE = MatchingEngine.ANY_SOURCE;
    private static final int ANY_TAG = MatchingEngine.ANY_TAG;
    private static final int SOURCES = 5;
    private static final int TAGS = 4;

    @RepeatedTest(20)
    void postedQueueTakesTheEarliestMatchingReceive(RepetitionInfo info) {
        SplittableRandom random = new SplittableRandom(info.getCurrentRepetition());
        PostedReceiveQueue queue = new PostedReceiveQueue(SOURCES, ANY_SOURCE, ANY_TAG);
        List<ReceiveOperation> model = new ArrayList<>();
        for (int step = 0; step < 5_000; step++) {
            int action = random.nextInt(10);
            if (action < 5) {
                ReceiveOperation r = new ReceiveOperation().init(0, SOURCES,
                    random.nextInt(4) == 0 ? ANY_SOURCE : random.nextInt(SOURCES),
                    random.nextInt(4) == 0 ? ANY_TAG : random.nextInt(TAGS), ElementType.INT, null, 0, 0);
                queue.append(r);
                model.add(r);
            } else if (action < 9) {
                int source = random.nextInt(SOURCES);
                int tag = random.nextInt(TAGS);
                ReceiveOperation expected = null;
                for (ReceiveOperation r : model) {
                    if ((r.source == source || r.source == ANY_SOURCE) && (r.tag == tag || r.tag == ANY_TAG)) {
                        expected = r;
                        break;
                    }
                }
                model.remove(expected);
                assertSame(expected, queue.removeMatch(source, tag), "step " + step);
            } else if (!model.isEmpty()) {
                ReceiveOperation victim = model.remove(random.nextInt(model.size()));
                assertEquals(true, queue.remove(victim));
                assertEquals(false, queue.remove(victim), "a cancelled receive is gone");
            }
        }
    }

    @RepeatedTest(20)
    void unexpectedQueueTakesTheEarliestMatchingArrival(RepetitionInfo info) {
        SplittableRandom random = new SplittableRandom(1000 + info.getCurrentRepetition());
        UnexpectedMessageQueue queue = new UnexpectedMessageQueue(SOURCES, ANY_SOURCE, ANY_TAG);
        List<UnexpectedMessage> model = new ArrayList<>();
        for (int step = 0; step < 5_000; step++) {
            int action = random.nextInt(10);
            if (action < 5) {
                UnexpectedMessage m = new UnexpectedMessage();
                m.source = random.nextInt(SOURCES);
                m.tag = random.nextInt(TAGS);
                queue.append(m);
                model.add(m);
            } else {
                int source = random.nextInt(3) == 0 ? ANY_SOURCE : random.nextInt(SOURCES);
                int tag = random.nextInt(3) == 0 ? ANY_TAG : random.nextInt(TAGS);
                UnexpectedMessage expected = null;
                for (UnexpectedMessage m : model) {
                    if ((source == ANY_SOURCE || m.source == source) && (tag == ANY_TAG || m.tag == tag)) {
                        expected = m;
                        break;
                    }
                }
                if (action < 7) {
                    assertSame(expected, queue.find(source, tag), "probe at step " + step);
                } else {
                    model.remove(expected);
                    assertSame(expected, queue.removeMatch(source, tag), "match at step " + step);
                }
            }
        }
    }
}
