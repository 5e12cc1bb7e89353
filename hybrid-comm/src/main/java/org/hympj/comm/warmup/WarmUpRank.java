package org.hympj.comm.warmup;

import org.hympj.comm.data.ElementType;
import org.hympj.comm.data.ReductionOps;
import org.hympj.comm.match.MatchingEngine;
import org.hympj.comm.match.Operation;
import org.hympj.comm.match.ReceiveOperation;
import org.hympj.comm.match.SendOperation;
import org.hympj.comm.match.ThreadOperations;
import org.hympj.comm.match.Waiting;
import org.hympj.comm.runtime.ErrorClass;
import org.hympj.comm.runtime.RankRuntime;

/**
 * One of the two ranks of a warm-up: rounds with its peer, each a ping-pong of 8 bytes as a
 * blocking send and receive make it, then an exchange of one double on the collective
 * context as a collective's step makes it (receive posted first, then the send, then both
 * awaited), reduced as a sum. The calls are the engine's, in the order the {@code mpi} layer
 * makes them, so that the compiled code and the profiles are those of a program's calls.
 *
 * <p>Rank 0 of the pair leads: it ends the rounds at the deadline or after
 * {@link WarmUp#MAX_ROUNDS}, and says so in its last ping, so that both sides make the same
 * calls and neither is left waiting.
 */
final class WarmUpRank {
    private static final int CONTEXT = 0;
    private static final int COLLECTIVE_CONTEXT = 1;
    private static final int TAG = 0;
    private static final String CALL = "the warm-up";

    private final RankRuntime rank;
    private final MatchingEngine engine;
    private final int me;
    private final int peer;
    private final long deadlineNanos;
    private final ThreadOperations operations = new ThreadOperations();
    private final byte[] bytes = new byte[8];
    private final double[] mine = new double[1];
    private final double[] theirs = new double[1];

    WarmUpRank(RankRuntime rank, int peer, long deadlineNanos) {
        this.rank = rank;
        this.engine = rank.engine();
        this.me = rank.rank();
        this.peer = peer;
        this.deadlineNanos = deadlineNanos;
    }

    void run() {
        boolean leads = me == 0;
        for (int round = 1; ; round++) {
            boolean last;
            if (leads) {
                last = round >= WarmUp.MAX_ROUNDS || System.nanoTime() - deadlineNanos >= 0;
                bytes[0] = (byte) (last ? 1 : 0);
                send(bytes, ElementType.BYTE, 8, CONTEXT);
                receive(bytes, ElementType.BYTE, 8, CONTEXT);
            } else {
                receive(bytes, ElementType.BYTE, 8, CONTEXT);
                last = bytes[0] == 1;
                send(bytes, ElementType.BYTE, 8, CONTEXT);
            }
            exchange();
            if (last) {
                return;
            }
        }
    }

    /** A blocking standard send: a small one straight into a local peer's inbox, else an operation awaited. */
    private void send(Object buffer, ElementType type, int count, int context) {
        if (context == CONTEXT && rank.deliverSmall(peer, context, 2, me, TAG, type, count, buffer, 0)) {
            return;
        }
        SendOperation s = operations.send();
        s.init(context, 2, me, TAG, SendOperation.STANDARD, type, count).withArray(buffer, 0);
        rank.deliver(peer, s);
        await(s);
        s.reset();
    }

    private void receive(Object buffer, ElementType type, int count, int context) {
        ReceiveOperation r = operations.receive();
        r.init(context, 2, peer, TAG, type, buffer, 0, count);
        engine.post(r);
        await(r);
        r.reset();
    }

    /** One step of a collective: the receive posted before the send, then both complete; the sum of the two. */
    private void exchange() {
        mine[0] = me;
        ReceiveOperation r = operations.receive();
        r.init(COLLECTIVE_CONTEXT, 2, peer, TAG, ElementType.DOUBLE, theirs, 0, 1);
        engine.post(r);
        send(mine, ElementType.DOUBLE, 1, COLLECTIVE_CONTEXT);
        await(r);
        r.reset();
        ReductionOps.combine(ReductionOps.SUM, ElementType.DOUBLE, theirs, 0, mine, 0, 1);
    }

    private void await(Operation op) {
        int stop = Waiting.await(op, engine, CALL, peer);
        if (stop != 0 || op.error() != 0) {
            throw new IllegalStateException("the warm-up's " + (op instanceof ReceiveOperation ? "receive" : "send")
                + " failed: " + (stop != 0 ? Waiting.failureMessage(rank.job(), CALL) : ErrorClass.name(op.error())));
        }
    }
}
