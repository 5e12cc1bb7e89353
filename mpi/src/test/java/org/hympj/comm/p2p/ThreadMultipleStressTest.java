package org.hympj.comm.p2p;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicReference;
import mpi.MPI;
import mpi.Request;
import mpi.Status;
import org.hympj.comm.testing.RankJobs;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * THREAD_MULTIPLE under load: 4 ranks with 8 threads each. Thread k of every rank sends a
 * randomized stream (random tags from its own range, random sizes across the eager and
 * rendezvous protocols, random blocking or non-blocking calls) to thread k of every other
 * rank, which receives with random receive styles, some with ANY_SOURCE. Every message's
 * content is derived from (source, thread, index) and checked element by element; the tag
 * sequence, known to both sides from a shared seed, checks MPI's order.
 */
@Timeout(180)
class ThreadMultipleStressTest {
    static final int THREADS = 8;
    /** Per thread and destination; {@code -Pstress} multiplies it (hympj.test.scale). */
    static final int MESSAGES = 150 * Integer.getInteger("hympj.test.scale", 1);

    static int tagOf(int thread, int source, SplittableRandom stream) {
        return thread * 1000 + source * 100 + stream.nextInt(100);
    }

    static int lengthOf(SplittableRandom stream) {
        int kind = stream.nextInt(10);
        return kind < 6 ? stream.nextInt(16) : kind < 9 ? 16 + stream.nextInt(2000) : 5000 + stream.nextInt(20_000);
    }

    static long valueOf(int source, int thread, int index, int position) {
        return ((long) source << 48) ^ ((long) thread << 40) ^ ((long) index << 20) ^ position;
    }

    static SplittableRandom streamOf(int source, int dest, int thread) {
        return new SplittableRandom(source * 1_000_003L + dest * 1009L + thread);
    }

    public static class Program {
        public static void main(String[] args) throws Exception {
            int provided = MPI.Init_thread(args, MPI.THREAD_MULTIPLE);
            assertEquals(MPI.THREAD_MULTIPLE, provided);
            int me = MPI.COMM_WORLD.Rank();
            int n = MPI.COMM_WORLD.Size();
            AtomicReference<Throwable> failure = new AtomicReference<>();
            List<Thread> threads = new ArrayList<>();
            for (int k = 0; k < THREADS; k++) {
                int thread = k;
                threads.add(new Thread(() -> {
                    try {
                        sendAll(me, n, thread);
                    } catch (Throwable t) {
                        failure.compareAndSet(null, t);
                    }
                }));
                threads.add(new Thread(() -> {
                    try {
                        receiveAll(me, n, thread);
                    } catch (Throwable t) {
                        failure.compareAndSet(null, t);
                    }
                }));
            }
            threads.forEach(Thread::start);
            for (Thread t : threads) {
                t.join();
            }
            if (failure.get() != null) {
                throw new AssertionError("a thread of rank " + me + " failed", failure.get());
            }
            MPI.Finalize();
        }

        static void sendAll(int me, int n, int thread) {
            SplittableRandom choice = new SplittableRandom(me * 31 + thread);
            for (int dest = 0; dest < n; dest++) {
                if (dest == me) {
                    continue;
                }
                SplittableRandom stream = streamOf(me, dest, thread);
                List<Request> pending = new ArrayList<>();
                for (int i = 0; i < MESSAGES; i++) {
                    int tag = tagOf(thread, me, stream);
                    int length = lengthOf(stream);
                    long[] data = new long[length];
                    for (int j = 0; j < length; j++) {
                        data[j] = valueOf(me, thread, i, j);
                    }
                    switch (choice.nextInt(3)) {
                        case 0: MPI.COMM_WORLD.Send(data, 0, length, MPI.LONG, dest, tag); break;
                        case 1: pending.add(MPI.COMM_WORLD.Isend(data, 0, length, MPI.LONG, dest, tag)); break;
                        default: MPI.COMM_WORLD.Ssend(data, 0, length, MPI.LONG, dest, tag); break;
                    }
                }
                Request.Waitall(pending.toArray(new Request[0]));
            }
        }

        static void receiveAll(int me, int n, int thread) {
            SplittableRandom choice = new SplittableRandom(me * 17 + thread + 5);
            for (int source = 0; source < n; source++) {
                if (source == me) {
                    continue;
                }
                SplittableRandom stream = streamOf(source, me, thread);
                for (int i = 0; i < MESSAGES; i++) {
                    int tag = tagOf(thread, source, stream);
                    int length = lengthOf(stream);
                    long[] in = new long[length + 3];
                    Status s;
                    // Tags encode the source, so ANY_SOURCE still has one right answer.
                    int from = choice.nextBoolean() ? MPI.ANY_SOURCE : source;
                    if (choice.nextBoolean()) {
                        s = MPI.COMM_WORLD.Recv(in, 0, in.length, MPI.LONG, from, tag);
                    } else {
                        s = MPI.COMM_WORLD.Irecv(in, 0, in.length, MPI.LONG, from, tag).Wait();
                    }
                    assertEquals(source, s.source);
                    assertEquals(tag, s.tag);
                    assertEquals(length, s.Get_count(MPI.LONG), "message " + i + " from rank " + source + " thread " + thread);
                    for (int j = 0; j < length; j++) {
                        if (in[j] != valueOf(source, thread, i, j)) {
                            throw new AssertionError("rank " + me + " thread " + thread + ": message " + i + " from rank "
                                + source + " has a wrong element at " + j);
                        }
                    }
                }
            }
        }
    }

    @Test
    void fourRanksOfEightThreadsEachExchangeRandomTrafficIntact() {
        RankJobs.runOk(4, Program.class);
    }
}
