package org.hympj.comm.io;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.hympj.comm.coll.Collectives;
import org.hympj.comm.core.CommunicatorCore;
import org.hympj.comm.data.ElementType;
import org.hympj.comm.data.TypeMap;
import org.hympj.comm.errors.EngineException;

/**
 * The collective steps of a file's calls, on the file's own communicator (a duplicate of the
 * one it was opened on, so they never meet the program's collectives): agreeing on an
 * outcome, so that a call fails on every rank or on none and no rank waits in a collective
 * that another has left, and the sums and broadcasts of offsets.
 */
final class FileCollectives {
    private static final TypeMap INT = TypeMap.basic(ElementType.INT, 1, "int");
    private static final TypeMap LONG = TypeMap.basic(ElementType.LONG, 1, "long");
    private static final TypeMap BYTE = TypeMap.basic(ElementType.BYTE, 1, "byte");

    private FileCollectives() {
    }

    /**
     * Raises, on every rank, the failure of the lowest rank that failed ({@code local} is this
     * rank's, or null); returns normally on every rank if none failed.
     */
    static void agree(CommunicatorCore c, EngineException local) {
        int size = c.size();
        int[] all = everyRank(c, local == null ? 0 : local.errorClass());
        int failed = -1;
        for (int r = 0; r < size && failed < 0; r++) {
            if (all[r] != 0) {
                failed = r;
            }
        }
        if (failed < 0) {
            return;
        }
        byte[] sentence = c.rank() == failed ? local.getMessage().getBytes(StandardCharsets.UTF_8) : null;
        int[] length = {sentence == null ? 0 : sentence.length};
        Collectives.bcast(c, length, 0, 1, INT, failed);
        if (sentence == null) {
            sentence = new byte[length[0]];
        }
        Collectives.bcast(c, sentence, 0, sentence.length, BYTE, failed);
        if (local != null && c.rank() == failed) {
            throw local;
        }
        String message = new String(sentence, StandardCharsets.UTF_8);
        throw new EngineException(all[failed], message + (size > 1 ? " (on rank " + failed + " of the file's communicator)" : ""));
    }

    /** Every rank's {@code value}, in rank order, at every rank. */
    static int[] everyRank(CommunicatorCore c, int value) {
        int[] all = new int[c.size()];
        Collectives.allgatherv(c, new int[] {value}, 0, 1, INT, all, 0, ones(c.size()), ranks(c.size()), INT);
        return all;
    }

    /** Every rank's {@code value}, in rank order, at every rank. */
    static long[] everyRank(CommunicatorCore c, long value) {
        long[] all = new long[c.size()];
        Collectives.allgatherv(c, new long[] {value}, 0, 1, LONG, all, 0, ones(c.size()), ranks(c.size()), LONG);
        return all;
    }

    private static int[] ones(int size) {
        int[] ones = new int[size];
        Arrays.fill(ones, 1);
        return ones;
    }

    private static int[] ranks(int size) {
        int[] ranks = new int[size];
        for (int r = 0; r < size; r++) {
            ranks[r] = r;
        }
        return ranks;
    }

    /** {@code values} of the lowest rank, at every rank. */
    static void broadcast(CommunicatorCore c, long[] values) {
        Collectives.bcast(c, values, 0, values.length, LONG, 0);
    }

    /** Returns once every rank has called it. */
    static void barrier(CommunicatorCore c) {
        Collectives.barrier(c);
    }
}
