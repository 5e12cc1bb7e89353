package org.hympj.comm.match;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import org.hympj.comm.data.ElementType;
import org.hympj.comm.runtime.Configuration;
import org.hympj.comm.runtime.Job;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.I_Result;

/**
 * The inbox's wake-up handshake ({@link RankInbox}): a writer commits a record and then reads
 * the sleeper count; a thread about to park raises the count and then drains. Whatever the
 * interleaving, one of them must put the record into the engine, or the parked thread would
 * sleep with its message in the ring. Lives in the engine's package to reach the handshake's
 * two halves; the arbiter asks the engine, through a probe, whether the message is there.
 */
@JCStressTest
@Outcome(id = "1", expect = ACCEPTABLE, desc = "the message reached the engine")
@Outcome(id = "0", expect = FORBIDDEN, desc = "the message was left in the ring of a parking rank: a lost wake-up")
@State
public class InboxWakeUp {
    /** Small inboxes: jcstress builds many of these states. */
    private static final Configuration SMALL_INBOXES = Configuration.read(
        java.util.Map.of(Configuration.INBOX_LIMIT_PROP, "64", Configuration.INBOX_BYTES_PROP, "4096")::get, name -> null);

    private final Job job = new Job(2, 0, 2, SMALL_INBOXES);
    private final MatchingEngine receiver = job.engine(1);
    private final SendOperation send = new SendOperation().init(0, 2, 0, 5, SendOperation.STANDARD, ElementType.INT, 1)
        .withArray(new int[] {42}, 0);

    @Actor
    public void writer() {
        receiver.deliver(send);
    }

    @Actor
    public void parker() {
        receiver.beforePark();
    }

    @Arbiter
    public void arbiter(I_Result r) {
        r.r1 = receiver.iprobe(0, 2, 0, 5, new ProbeResult()) ? 1 : 0;
    }
}
