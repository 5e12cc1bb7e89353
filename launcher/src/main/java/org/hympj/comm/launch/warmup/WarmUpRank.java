package org.hympj.comm.launch.warmup;

import org.hympj.comm.coll.Collectives;
import org.hympj.comm.core.CommunicatorCore;
import org.hympj.comm.data.ElementType;
import org.hympj.comm.data.Reduction;
import org.hympj.comm.data.ReductionOps;
import org.hympj.comm.data.TypeMap;
import org.hympj.comm.match.ReceiveOperation;
import org.hympj.comm.match.SendOperation;
import org.hympj.comm.match.ThreadOperations;
import org.hympj.comm.runtime.RankRuntime;

/**
 * One of the two ranks of a warm-up: rounds with its peer, each the small calls a program
 * makes, through the same engine code the {@code mpi} facade calls: an 8-byte ping-pong as a
 * blocking send and receive, an {@code Allreduce} of one double, a {@code Barrier} and an
 * 8-byte {@code Bcast}, on a communicator of the warm-up's own job.
 *
 * <p>Rank 0 of the pair leads: it ends the rounds at the deadline or after
 * {@link WarmUp#MAX_ROUNDS}, and says so in its ping, so that both sides make the same calls
 * and neither is left waiting.
 */
final class WarmUpRank {
    private static final TypeMap BYTES = TypeMap.basic(ElementType.BYTE, 1, "MPI.BYTE");
    private static final TypeMap DOUBLES = TypeMap.basic(ElementType.DOUBLE, 1, "MPI.DOUBLE");
    private static final Reduction SUM = Reduction.predefined(ReductionOps.SUM);
    private static final int CONTEXT = 0;
    private static final int TAG = 0;

    private final CommunicatorCore world;
    private final int me;
    private final int peer;
    private final long deadlineNanos;
    private final byte[] ping = new byte[8];
    private final byte[] broadcast = new byte[8];
    private final double[] mine = new double[1];
    private final double[] sum = new double[1];

    /** Made in the thread that runs it: the communicator's blocking calls use that thread's operations. */
    WarmUpRank(RankRuntime rank, int peer, long deadlineNanos) {
        this.me = rank.rank();
        this.peer = peer;
        this.deadlineNanos = deadlineNanos;
        this.world = new CommunicatorCore("the warm-up", rank, new ThreadOperations(), WarmUpRank.class.getClassLoader(),
            CONTEXT, me, 2, null);
    }

    void run() {
        boolean leads = me == 0;
        mine[0] = me;
        for (int round = 1; ; round++) {
            boolean last;
            if (leads) {
                last = round >= WarmUp.MAX_ROUNDS || System.nanoTime() - deadlineNanos >= 0;
                ping[0] = (byte) (last ? 1 : 0);
                send();
                receive();
            } else {
                receive();
                last = ping[0] == 1;
                send();
            }
            Collectives.allreduce(world, mine, 0, sum, 0, 1, DOUBLES, SUM);
            Collectives.barrier(world);
            Collectives.bcast(world, broadcast, 0, broadcast.length, BYTES, round & 1);
            if (last) {
                return;
            }
        }
    }

    private void send() {
        world.send("the warm-up's Send", ping, 0, ping.length, BYTES, peer, TAG, SendOperation.STANDARD, null);
    }

    private void receive() {
        ReceiveOperation r = world.receive(ping, 0, ping.length, BYTES, peer, TAG);
        r.reset();
    }
}
