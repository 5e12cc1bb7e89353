package org.hympj.comm.p2p;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Array;
import java.util.Arrays;
import java.util.List;
import mpi.Datatype;
import mpi.MPI;
import mpi.MPIException;
import mpi.Request;
import mpi.Status;
import org.hympj.comm.launch.ProcessJobs;
import org.hympj.comm.testing.RankJobs;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Programs written the way MPJ Express users write them: the MPI.LB and MPI.UB markers and
 * what they do to a Struct's bounds and to sends of several items, Structs of no blocks on
 * every kind of array, and Status's public fields and methods. Each runs on thread ranks and
 * in several JVMs (and ClusterTest runs them across nodes).
 */
@Timeout(120)
public class BoundMarkersAndStatusTest {
    /** The programs, each for two ranks or more; rank 0 talks to rank 1, other ranks only check queries. */
    public static final List<Class<?>> PROGRAMS = List.of(BoundMarkers.class, ZeroBlockStructs.class, StatusMembers.class);

    /** An Extent, Lb, Ub and Size after Structs with LB and UB entries, and three spaced items sent and received. */
    public static class BoundMarkers {
        public static void main(String[] args) throws Exception {
            MPI.Init(args);
            int me = MPI.COMM_WORLD.Rank();

            assertBounds(MPI.UB, 0, 0, 0, 0);
            assertBounds(MPI.LB, 0, 0, 0, 0);
            // Two ints, then a gap: the item is 5 elements long.
            Datatype pair = Datatype.Struct(new int[] {2, 1}, new int[] {0, 5}, new Datatype[] {MPI.INT, MPI.UB});
            assertBounds(pair, 2, 0, 5, 5);
            // A lower bound before the first element.
            Datatype shifted = Datatype.Struct(new int[] {1, 1, 1}, new int[] {-2, 0, 3},
                new Datatype[] {MPI.LB, MPI.INT, MPI.INT});
            assertBounds(shifted, 2, -2, 4, 6);
            // Of several UB entries the highest decides, of several LB entries the lowest.
            assertBounds(Datatype.Struct(new int[] {1, 1, 1}, new int[] {0, 7, 3}, new Datatype[] {MPI.DOUBLE, MPI.UB, MPI.UB}),
                1, 0, 7, 7);
            assertBounds(Datatype.Struct(new int[] {1, 1, 1}, new int[] {-1, 2, -4}, new Datatype[] {MPI.LB, MPI.DOUBLE, MPI.LB}),
                1, -4, 3, 7);
            // Markers only: no elements, an extent all the same.
            assertBounds(Datatype.Struct(new int[] {1, 1}, new int[] {1, 4}, new Datatype[] {MPI.LB, MPI.UB}), 0, 1, 4, 3);
            // The markers carry over into types built from a marked type: items 5 apart.
            assertBounds(Datatype.Contiguous(3, pair), 6, 0, 15, 15);
            assertBounds(Datatype.Vector(2, 1, 2, pair), 4, 0, 15, 15);
            assertBounds(Datatype.Indexed(new int[] {1}, new int[] {1}, pair), 2, 5, 10, 5);
            // An upper bound below the lower one would make a negative extent.
            MPIException negative = assertThrows(MPIException.class,
                () -> Datatype.Struct(new int[] {1, 1}, new int[] {5, 2}, new Datatype[] {MPI.LB, MPI.UB}));
            assertEquals(MPI.ERR_TYPE, negative.getErrorClass());
            assertTrue(negative.getMessage().contains("extent"), negative.getMessage());
            // A marker does not count against the one-base-type rule.
            assertEquals(MPI.ERR_TYPE, assertThrows(MPIException.class, () -> Datatype.Struct(new int[] {1, 1, 1},
                new int[] {0, 1, 2}, new Datatype[] {MPI.INT, MPI.UB, MPI.LONG})).getErrorClass());

            pair.Commit();
            shifted.Commit();
            if (me == 0) {
                int[] data = new int[12]; // three items of pair reach element 11: the last gap needs no room
                for (int i = 0; i < data.length; i++) {
                    data[i] = 100 + i;
                }
                MPI.COMM_WORLD.Send(data, 0, 3, pair, 1, 1);
                MPI.COMM_WORLD.Send(data, 0, 3, pair, 1, 2);
                int[] spread = new int[19];
                for (int i = 0; i < spread.length; i++) {
                    spread[i] = 200 + i;
                }
                // Items of shifted start 6 apart; their elements are at 0 and 3 from each start.
                MPI.COMM_WORLD.Send(spread, 2, 3, shifted, 1, 3);
                Request r = MPI.COMM_WORLD.Isend(data, 0, 3, pair, 1, 4);
                r.Wait();
            } else if (me == 1) {
                int[] got = new int[17];
                Arrays.fill(got, -1);
                Status s = MPI.COMM_WORLD.Recv(got, 1, 3, pair, 0, 1);
                assertArrayEquals(new int[] {-1, 100, 101, -1, -1, -1, 105, 106, -1, -1, -1, 110, 111, -1, -1, -1, -1}, got);
                assertEquals(3, s.Get_count(pair));
                assertEquals(6, s.Get_elements(pair));
                assertEquals(3, s.count);
                assertEquals(6, s.numEls);
                int[] packed = new int[6];
                s = MPI.COMM_WORLD.Recv(packed, 0, 6, MPI.INT, 0, 2);
                assertArrayEquals(new int[] {100, 101, 105, 106, 110, 111}, packed);
                assertEquals(3, s.Get_count(pair));
                int[] flat = new int[6];
                MPI.COMM_WORLD.Recv(flat, 0, 6, MPI.INT, 0, 3);
                assertArrayEquals(new int[] {202, 205, 208, 211, 214, 217}, flat);
                int[] again = new int[16];
                Request r = MPI.COMM_WORLD.Irecv(again, 0, 3, pair, 0, 4);
                Status w = r.Wait();
                assertEquals(3, w.count);
                assertEquals(6, w.numEls);
                assertEquals(0, w.source);
                assertEquals(4, w.tag);
                assertEquals(111, again[11]);
                assertEquals(0, again[12]);
            }
            MPI.Finalize();
        }

        static void assertBounds(Datatype t, int size, int lb, int ub, int extent) throws MPIException {
            assertEquals(size, t.Size(), "Size of " + t);
            assertEquals(lb, t.Lb(), "Lb of " + t);
            assertEquals(ub, t.Ub(), "Ub of " + t);
            assertEquals(extent, t.Extent(), "Extent of " + t);
        }
    }

    /** A Struct of no blocks: no elements, any array, on sends, receives, non-blocking ones and a broadcast. */
    public static class ZeroBlockStructs {
        public static void main(String[] args) throws Exception {
            MPI.Init(args);
            int me = MPI.COMM_WORLD.Rank();
            Datatype nothing = Datatype.Struct(new int[0], new int[0], new Datatype[0]);
            nothing.Commit();
            assertEquals(0, nothing.Size());
            assertEquals(0, nothing.Extent());
            assertEquals(0, nothing.Lb());
            assertEquals(0, nothing.Ub());
            Object[] buffers = {new byte[] {1, 2}, new char[] {'a', 'b'}, new short[] {3, 4}, new boolean[] {true, false},
                new int[] {5, 6}, new long[] {7, 8}, new float[] {9, 10}, new double[] {11, 12}, new Object[] {"x", "y"},
                new String[] {"s", "t"}};
            int tag = 0;
            for (Object buf : buffers) {
                tag++;
                Object before = copyOf(buf);
                String kind = buf.getClass().getSimpleName();
                if (me == 0) {
                    MPI.COMM_WORLD.Send(buf, 0, 3, nothing, 1, tag);
                    MPI.COMM_WORLD.Isend(buf, 1, 2, nothing, 1, tag).Wait();
                } else if (me == 1) {
                    // No element tells how many items came: as in MPJ Express, the status reports
                    // the count asked for, and no elements.
                    Status s = MPI.COMM_WORLD.Recv(buf, 0, 3, nothing, 0, tag);
                    assertEquals(0, s.source, kind);
                    assertEquals(tag, s.tag, kind);
                    assertEquals(3, s.Get_count(nothing), kind);
                    assertEquals(MPI.UNDEFINED, s.Get_elements(nothing), kind);
                    assertEquals(3, s.count, kind);
                    assertEquals(MPI.UNDEFINED, s.numEls, kind);
                    Status w = MPI.COMM_WORLD.Irecv(buf, 1, 2, nothing, 0, tag).Wait();
                    assertEquals(2, w.count, kind);
                    assertEquals(2, w.Get_count(nothing), kind);
                    assertEquals(MPI.UNDEFINED, w.numEls, kind);
                }
                MPI.COMM_WORLD.Bcast(buf, 0, 1, nothing, 0);
                assertTrue(sameContents(before, buf), kind + " was changed by a Struct of nothing");
            }
            // Markers only, and nothing with markers: still no elements, so still any array.
            Datatype spaced = Datatype.Struct(new int[] {1, 1, 1}, new int[] {0, 3, 0},
                new Datatype[] {MPI.LB, MPI.UB, nothing});
            spaced.Commit();
            assertEquals(3, spaced.Extent());
            if (me == 0) {
                MPI.COMM_WORLD.Send(new long[1], 0, 4, spaced, 1, 99);
            } else if (me == 1) {
                assertEquals(4, MPI.COMM_WORLD.Recv(new boolean[1], 0, 4, spaced, 0, 99).Get_count(spaced));
            }
            // A type with elements still needs its own kind of array.
            Datatype ints = Datatype.Struct(new int[] {1, 0}, new int[] {0, 0}, new Datatype[] {MPI.INT, nothing});
            ints.Commit();
            MPIException wrongArray = assertThrows(MPIException.class,
                () -> MPI.COMM_WORLD.Send(new double[1], 0, 1, ints, MPI.PROC_NULL, 0));
            assertEquals(MPI.ERR_TYPE, wrongArray.getErrorClass());
            assertTrue(wrongArray.getMessage().contains("int[]"), wrongArray.getMessage());
            MPI.Finalize();
        }

        static Object copyOf(Object array) {
            int n = Array.getLength(array);
            Object copy = Array.newInstance(array.getClass().getComponentType(), n);
            System.arraycopy(array, 0, copy, 0, n);
            return copy;
        }

        static boolean sameContents(Object a, Object b) {
            int n = Array.getLength(a);
            for (int i = 0; i < n; i++) {
                if (!Array.get(a, i).equals(Array.get(b, i))) {
                    return false;
                }
            }
            return true;
        }
    }

    /** Status as MPJ Express programs use it: public fields, its constructor, counts, free, EMPTY_STATUS. */
    public static class StatusMembers {
        public static void main(String[] args) throws Exception {
            MPI.Init(args);
            int me = MPI.COMM_WORLD.Rank();
            Status blank = new Status();
            assertEquals(0, blank.source);
            assertEquals(0, blank.tag);
            assertEquals(0, blank.index);
            assertEquals(0, blank.count);
            assertEquals(0, blank.numEls);
            assertEquals(0, blank.Get_count(MPI.INT));
            assertFalse(blank.Test_cancelled());
            blank.free();
            assertEquals(MPI.ANY_SOURCE, MPI.EMPTY_STATUS.source);
            assertEquals(MPI.ANY_TAG, MPI.EMPTY_STATUS.tag);
            assertEquals(0, MPI.EMPTY_STATUS.Get_count(MPI.INT));

            Datatype twoInts = Datatype.Contiguous(2, MPI.INT);
            twoInts.Commit();
            if (me == 0) {
                MPI.COMM_WORLD.Send(new double[] {1, 2, 3}, 0, 3, MPI.DOUBLE, 1, 7);
                MPI.COMM_WORLD.Send(new int[] {1, 2, 3, 4, 5}, 0, 5, MPI.INT, 1, 8);
                MPI.COMM_WORLD.Send(new int[] {1, 2, 3, 4, 5, 6}, 0, 6, MPI.INT, 1, 9);
                MPI.COMM_WORLD.Send(new int[] {42}, 0, 1, MPI.INT, 1, 10);
            } else if (me == 1) {
                Status s = MPI.COMM_WORLD.Recv(new double[3], 0, 3, MPI.DOUBLE, MPI.ANY_SOURCE, MPI.ANY_TAG);
                assertEquals(0, s.source);
                assertEquals(7, s.tag);
                assertEquals(3, s.count);
                assertEquals(3, s.numEls);
                assertEquals(3, s.Get_count(MPI.DOUBLE));
                assertEquals(3, s.Get_elements(MPI.DOUBLE));
                assertFalse(s.Test_cancelled());
                s.free();
                // Five ints received as pairs: no whole count, but five elements.
                s = MPI.COMM_WORLD.Recv(new int[6], 0, 3, twoInts, 0, 8);
                assertEquals(MPI.UNDEFINED, s.Get_count(twoInts));
                assertEquals(MPI.UNDEFINED, s.count);
                assertEquals(5, s.Get_elements(twoInts));
                assertEquals(5, s.numEls);
                // Six ints as three pairs, non-blocking: the status counts pairs.
                Request pairs = MPI.COMM_WORLD.Irecv(new int[6], 0, 3, twoInts, 0, 9);
                Request other = MPI.COMM_WORLD.Irecv(new int[1], 0, 1, MPI.INT, 0, 10);
                Status first = Request.Waitany(new Request[] {other, pairs});
                Status second = first.index == 0 ? pairs.Wait() : other.Wait();
                Status ofPairs = first.index == 0 ? second : first;
                Status ofOther = first.index == 0 ? first : second;
                assertTrue(first.index == 0 || first.index == 1, "Waitany's index " + first.index);
                assertEquals(3, ofPairs.count);
                assertEquals(6, ofPairs.numEls);
                assertEquals(9, ofPairs.tag);
                assertEquals(1, ofOther.count);
                assertEquals(10, ofOther.tag);
                // The fields are the program's: overwriting them does not change what the message says.
                ofOther.count = 99;
                assertEquals(1, ofOther.Get_count(MPI.INT));
            }
            // free() on a derived type releases it as Free() does.
            Datatype gone = Datatype.Vector(2, 1, 2, MPI.INT);
            gone.Commit();
            gone.free();
            assertEquals(MPI.ERR_TYPE, assertThrows(MPIException.class,
                () -> MPI.COMM_WORLD.Send(new int[4], 0, 1, gone, MPI.PROC_NULL, 0)).getErrorClass());
            MPI.Finalize();
        }
    }

    @Test
    void boundMarkersZeroBlockStructsAndStatusOnThreadRanks() {
        for (Class<?> program : PROGRAMS) {
            RankJobs.runOk(2, program);
            RankJobs.runOk(3, program);
        }
    }

    @Test
    void boundMarkersZeroBlockStructsAndStatusInSeveralJvms() {
        for (Class<?> program : PROGRAMS) {
            ProcessJobs.runOk(2, 2, program);
            ProcessJobs.runOk(3, 2, program);
        }
    }
}
