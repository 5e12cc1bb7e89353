package org.hympj.comm.coll;

import org.hympj.comm.core.CommunicatorCore;
import org.hympj.comm.data.ElementType;
import org.hympj.comm.data.TypeMap;
import org.hympj.comm.match.RankActivity;
import org.hympj.comm.errors.EngineException;
import org.hympj.comm.errors.ErrorClass;

/**
 * The optional check that every rank of a communicator calls the same collective with
 * matching arguments. With {@code hympj.check.collectives} set, every collective first
 * compares what the ranks passed (which collective, root, base type, element count) and
 * raises the same error on every rank if they differ. Off by default: it costs one extra
 * all-gather per collective.
 */
public final class CollectiveCheck {
    private static final TypeMap INTS = TypeMap.basic(ElementType.INT, 1, "MPI.INT");

    private CollectiveCheck() {
    }

    /**
     * In checked mode, compares this rank's collective signature with everyone's (one
     * all-gather on the collective context) and raises the same error on every rank when
     * they differ. A {@code root} of -1 stands for no root; {@code elements} of -1 and a null
     * {@code base} are not compared.
     */
    public static void agree(CommunicatorCore c, int kind, int root, ElementType base, int elements) {
        int size = c.size();
        if (size == 1 || !c.runtime().job().configuration().checkCollectives()) {
            return;
        }
        int rank = c.rank();
        int[] mine = {kind, root, base == null ? -1 : base.ordinal(), elements};
        int[] all = new int[4 * size];
        int right = (rank + 1) % size;
        int left = (rank - 1 + size) % size;
        System.arraycopy(mine, 0, all, 4 * rank, 4);
        for (int step = 0; step < size - 1; step++) {
            int out = (rank - step + size) % size;
            int in = (rank - step - 1 + size) % size;
            c.collectiveExchange(all, 4 * out, 4, INTS, right, all, 4 * in, 4, INTS, left, CollectiveKind.CHECK);
        }
        for (int r = 1; r < size; r++) {
            int at = 4 * r;
            if (all[at] != all[0]) {
                throw new EngineException(ErrorClass.ERR_OTHER, "mismatched collectives on " + c + ": rank 0 called "
                    + RankActivity.collectiveName(all[0]) + " but rank " + r + " called " + RankActivity.collectiveName(all[at]));
            }
            String call = RankActivity.collectiveName(kind);
            if (all[at + 1] != all[1]) {
                throw new EngineException(ErrorClass.ERR_ROOT, "mismatched roots in " + call + " on " + c + ": rank 0 passed "
                    + all[1] + " but rank " + r + " passed " + all[at + 1]);
            }
            if (all[at + 2] != all[2] && all[2] >= 0 && all[at + 2] >= 0) {
                throw new EngineException(ErrorClass.ERR_TYPE, "mismatched datatypes in " + call + " on " + c
                    + ": rank 0 passed " + ElementType.of(all[2]) + " elements but rank " + r + " passed "
                    + ElementType.of(all[at + 2]));
            }
            if (all[at + 3] != all[3] && all[3] >= 0 && all[at + 3] >= 0) {
                throw new EngineException(ErrorClass.ERR_COUNT, "mismatched counts in " + call + " on " + c
                    + ": rank 0 passed " + all[3] + " elements but rank " + r + " passed " + all[at + 3]);
            }
        }
    }
}
