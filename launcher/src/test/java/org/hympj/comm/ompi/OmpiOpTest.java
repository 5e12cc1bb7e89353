package org.hympj.comm.ompi;

import static org.hympj.comm.ompi.OmpiEnvironmentTest.raises;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.DoubleBuffer;
import mpi.Datatype;
import mpi.DoubleInt;
import mpi.FloatInt;
import mpi.Int2;
import mpi.LongInt;
import mpi.MPI;
import mpi.OmpiTransfers;
import mpi.Op;
import mpi.ShortInt;
import mpi.UserFunction;
import org.hympj.comm.launch.ProcessJobs;
import org.hympj.comm.testing.RankJobs;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * MAXLOC and MINLOC on every pair type in ByteBuffers, complex SUM and PROD, the ops that
 * apply to no reduction, and user functions of both forms, reduced across ranks.
 */
@Timeout(120)
public class OmpiOpTest {

    /** The value rank {@code r} contributes for pair {@code p}: ties between ranks 1 and 3 on both pairs, and a negative one. */
    static int contribution(int r, int p) {
        return p == 0 ? new int[] {5, 9, -7, 9}[r % 4] : new int[] {-3, 4, 4, -3}[r % 4];
    }

    public static class Pairs {
        public static void main(String[] args) {
            MPI.Init(args);
            int rank = MPI.COMM_WORLD.Rank();
            int n = MPI.COMM_WORLD.Size();
            // Expected per pair: the largest (smallest) value and, among ranks with it, the smallest rank.
            int[] maxValue = new int[2];
            int[] maxAt = new int[2];
            int[] minValue = new int[2];
            int[] minAt = new int[2];
            for (int p = 0; p < 2; p++) {
                maxValue[p] = Integer.MIN_VALUE;
                minValue[p] = Integer.MAX_VALUE;
                for (int r = 0; r < n; r++) {
                    if (contribution(r, p) > maxValue[p]) {
                        maxValue[p] = contribution(r, p);
                        maxAt[p] = r;
                    }
                    if (contribution(r, p) < minValue[p]) {
                        minValue[p] = contribution(r, p);
                        minAt[p] = r;
                    }
                }
            }
            for (boolean max : new boolean[] {true, false}) {
                Op op = max ? MPI.MAXLOC : MPI.MINLOC;
                int[] wantValue = max ? maxValue : minValue;
                int[] wantAt = max ? maxAt : minAt;
                for (Datatype type : new Datatype[] {MPI.DOUBLE_INT, MPI.FLOAT_INT, MPI.LONG_INT, MPI.SHORT_INT, MPI.INT2}) {
                    int extent = type.getExtent();
                    for (boolean direct : new boolean[] {true, false}) {
                        ByteBuffer in = direct ? MPI.newByteBuffer(2 * extent) : MPI.slice(new byte[2 * extent], 0);
                        ByteBuffer out = direct ? MPI.newByteBuffer(2 * extent) : MPI.slice(new byte[2 * extent], 0);
                        for (int p = 0; p < 2; p++) {
                            put(type, in, p, contribution(rank, p), rank);
                        }
                        OmpiTransfers.allReduce(MPI.COMM_WORLD, in, out, 2, type, op);
                        for (int p = 0; p < 2; p++) {
                            String what = op + " of " + type + " pair " + p + (direct ? " in a direct buffer" : " in a heap buffer");
                            assertEquals(wantValue[p], value(type, out, p), what);
                            assertEquals(wantAt[p], index(type, out, p), what);
                        }
                    }
                }
                // A contiguous type of pairs is still a sequence of pairs.
                Datatype twoPairs = Datatype.createContiguous(2, MPI.DOUBLE_INT);
                twoPairs.commit();
                ByteBuffer in = MPI.newByteBuffer(twoPairs.getExtent());
                ByteBuffer out = MPI.newByteBuffer(twoPairs.getExtent());
                for (int p = 0; p < 2; p++) {
                    put(MPI.DOUBLE_INT, in, p, contribution(rank, p), rank);
                }
                OmpiTransfers.allReduce(MPI.COMM_WORLD, in, out, 1, twoPairs, op);
                assertEquals(wantAt[1], index(MPI.DOUBLE_INT, out, 1));
            }
            otherReductions(rank, n);
            raises(MPI.ERR_OP, "MAXLOC and MINLOC take", () -> MPI.COMM_WORLD.Allreduce(new int[1], 0, new int[1], 0, 1, MPI.INT,
                MPI.MAXLOC));
            raises(MPI.ERR_OP, "MPI.SUM does not apply to MPI.DOUBLE_INT", () -> MPI.COMM_WORLD.Allreduce(new byte[16], 0,
                new byte[16], 0, 1, MPI.DOUBLE_INT, MPI.SUM));
            MPI.COMM_WORLD.Barrier();
            MPI.Finalize();
        }

        /**
         * Reduce, Scan and Reduce_scatter of DOUBLE_INT pairs in byte[] buffers (the mpiJava calls
         * on Open MPI's type): pair {@code p} of rank {@code r} is {@code contribution(r, p % 2)}.
         */
        private static void otherReductions(int rank, int n) {
            int extent = MPI.DOUBLE_INT.getExtent();
            for (boolean max : new boolean[] {true, false}) {
                Op op = max ? MPI.MAXLOC : MPI.MINLOC;
                byte[] in = new byte[n * extent];
                for (int p = 0; p < n; p++) {
                    put(MPI.DOUBLE_INT, MPI.slice(in, 0), p, contribution(rank, p % 2), rank);
                }
                byte[] reduced = new byte[n * extent];
                MPI.COMM_WORLD.Reduce(in, 0, reduced, 0, n, MPI.DOUBLE_INT, op, n - 1);
                byte[] scanned = new byte[n * extent];
                MPI.COMM_WORLD.Scan(in, 0, scanned, 0, n, MPI.DOUBLE_INT, op);
                byte[] mine = new byte[extent];
                int[] ones = new int[n];
                java.util.Arrays.fill(ones, 1);
                MPI.COMM_WORLD.Reduce_scatter(in, 0, mine, 0, ones, MPI.DOUBLE_INT, op);
                for (int p = 0; p < n; p++) {
                    if (rank == n - 1) {
                        assertEquals(extreme(max, p % 2, n), index(MPI.DOUBLE_INT, MPI.slice(reduced, 0), p), op + " Reduce pair " + p);
                    }
                    assertEquals(extreme(max, p % 2, rank + 1), index(MPI.DOUBLE_INT, MPI.slice(scanned, 0), p), op + " Scan pair " + p);
                }
                assertEquals(extreme(max, rank % 2, n), index(MPI.DOUBLE_INT, MPI.slice(mine, 0), 0), op + " Reduce_scatter");
                assertEquals(contribution(extreme(max, rank % 2, n), rank % 2), value(MPI.DOUBLE_INT, MPI.slice(mine, 0), 0));
            }
        }

        /** The rank among the first {@code ranks} whose contribution to pair {@code p} is the largest (smallest), the lowest on ties. */
        private static int extreme(boolean max, int p, int ranks) {
            int at = 0;
            for (int r = 1; r < ranks; r++) {
                int v = contribution(r, p);
                if (max ? v > contribution(at, p) : v < contribution(at, p)) {
                    at = r;
                }
            }
            return at;
        }

        private static void put(Datatype type, ByteBuffer b, int p, int v, int index) {
            if (type == MPI.DOUBLE_INT) {
                DoubleInt.Data d = MPI.doubleInt.getData(b, p);
                d.putValue(v + 0.5);
                d.putIndex(index);
            } else if (type == MPI.FLOAT_INT) {
                FloatInt.Data d = MPI.floatInt.getData(b, p);
                d.putValue(v - 0.25f);
                d.putIndex(index);
            } else if (type == MPI.LONG_INT) {
                LongInt.Data d = MPI.longInt.getData(b, p);
                d.putValue(v * (1L << 33));
                d.putIndex(index);
            } else if (type == MPI.SHORT_INT) {
                ShortInt.Data d = MPI.shortInt.getData(b, p);
                d.putValue((short) v);
                d.putIndex(index);
            } else {
                Int2.Data d = MPI.int2.getData(b, p);
                d.putValue(v);
                d.putIndex(index);
            }
        }

        private static int value(Datatype type, ByteBuffer b, int p) {
            if (type == MPI.DOUBLE_INT) {
                return (int) Math.floor(MPI.doubleInt.<DoubleInt.Data>getData(b, p).getValue());
            } else if (type == MPI.FLOAT_INT) {
                return (int) Math.ceil(MPI.floatInt.<FloatInt.Data>getData(b, p).getValue());
            } else if (type == MPI.LONG_INT) {
                return (int) (MPI.longInt.<LongInt.Data>getData(b, p).getValue() >> 33);
            } else if (type == MPI.SHORT_INT) {
                return MPI.shortInt.<ShortInt.Data>getData(b, p).getValue();
            }
            return MPI.int2.<Int2.Data>getData(b, p).getValue();
        }

        private static int index(Datatype type, ByteBuffer b, int p) {
            if (type == MPI.DOUBLE_INT) {
                return MPI.doubleInt.<DoubleInt.Data>getData(b, p).getIndex();
            } else if (type == MPI.FLOAT_INT) {
                return MPI.floatInt.<FloatInt.Data>getData(b, p).getIndex();
            } else if (type == MPI.LONG_INT) {
                return MPI.longInt.<LongInt.Data>getData(b, p).getIndex();
            } else if (type == MPI.SHORT_INT) {
                return MPI.shortInt.<ShortInt.Data>getData(b, p).getIndex();
            }
            return MPI.int2.<Int2.Data>getData(b, p).getIndex();
        }
    }

    /** Complex SUM and PROD, the ops no reduction takes, and user functions over arrays and over ByteBuffers. */
    public static class Functions {
        public static void main(String[] args) {
            MPI.Init(args);
            int rank = MPI.COMM_WORLD.Rank();
            int n = MPI.COMM_WORLD.Size();

            // (1 + r i) for every rank r, multiplied in rank order, and summed.
            double[] z = {1, rank};
            double[] product = new double[2];
            MPI.COMM_WORLD.Allreduce(z, 0, product, 0, 1, MPI.DOUBLE_COMPLEX, MPI.PROD);
            double re = 1;
            double im = 0;
            for (int r = 0; r < n; r++) {
                double nextRe = re - im * r;
                im = re * r + im;
                re = nextRe;
            }
            assertEquals(re, product[0], 1e-9);
            assertEquals(im, product[1], 1e-9);
            float[] sum = new float[2];
            MPI.COMM_WORLD.Allreduce(new float[] {1, rank}, 0, sum, 0, 1, MPI.FLOAT_COMPLEX, MPI.SUM);
            assertArrayEquals(new float[] {n, n * (n - 1) / 2f}, sum);
            raises(MPI.ERR_OP, "MPI.MAX does not apply to MPI.FLOAT_COMPLEX", () -> MPI.COMM_WORLD.Allreduce(new float[2], 0,
                new float[2], 0, 1, MPI.FLOAT_COMPLEX, MPI.MAX));
            raises(MPI.ERR_OP, "MPI.REPLACE", () -> MPI.COMM_WORLD.Allreduce(new int[1], 0, new int[1], 0, 1, MPI.INT,
                MPI.REPLACE));
            raises(MPI.ERR_OP, "MPI.NO_OP", () -> MPI.COMM_WORLD.Allreduce(new int[1], 0, new int[1], 0, 1, MPI.INT, MPI.NO_OP));

            // Not commutative: inOut = in * 10 + inOut gives the ranks' digits in rank order.
            Op digits = new Op(new UserFunction() {
                @Override
                public void call(Object inVec, Object inOutVec, int count, Datatype datatype) {
                    int[] in = (int[]) inVec;
                    int[] inOut = (int[]) inOutVec;
                    for (int i = 0; i < count; i++) {
                        inOut[i] = in[i] * 10 + inOut[i];
                    }
                }
            }, false);
            assertFalse(digits.isCommutative());
            int[] number = new int[2];
            MPI.COMM_WORLD.Allreduce(new int[] {rank + 1, 1}, 0, number, 0, 2, MPI.INT, digits);
            int want = 0;
            int ones = 0;
            for (int r = 0; r < n; r++) {
                want = want * 10 + r + 1;
                ones = ones * 10 + 1;
            }
            assertArrayEquals(new int[] {want, ones}, number);

            // The arrays hold exactly the items, as Open MPI makes them, whatever the buffers' lengths.
            Op lengthSum = new Op(new UserFunction() {
                @Override
                public void call(Object inVec, Object inOutVec, int count, Datatype datatype) {
                    int[] in = (int[]) inVec;
                    int[] inOut = (int[]) inOutVec;
                    assertEquals(count, in.length);
                    assertEquals(count, inOut.length);
                    for (int i = 0; i < in.length; i++) {
                        inOut[i] += in[i];
                    }
                }
            }, true);
            int[] got = new int[3];
            MPI.COMM_WORLD.Allreduce(new int[] {rank, 1, 99, 99, 99}, 0, got, 0, 2, MPI.INT, lengthSum);
            assertArrayEquals(new int[] {n * (n - 1) / 2, n, 0}, got);

            // The ByteBuffer form, over a derived type: the function gets the packed items and their contiguous type.
            Op bufferSum = new Op(new UserFunction() {
                @Override
                public void call(ByteBuffer in, ByteBuffer inOut, int count, Datatype datatype) {
                    assertEquals(2, datatype.getExtent(), "packed items of two doubles");
                    DoubleBuffer a = in.asDoubleBuffer();
                    DoubleBuffer b = inOut.asDoubleBuffer();
                    for (int i = 0; i < count * 2; i++) {
                        b.put(i, a.get(i) + b.get(i));
                    }
                }
            }, true);
            assertTrue(bufferSum.isCommutative());
            Datatype firstAndThird = Datatype.createVector(2, 1, 2, MPI.DOUBLE);
            firstAndThird.commit();
            double[] totals = new double[3];
            MPI.COMM_WORLD.Allreduce(new double[] {rank, -5, 0.5}, 0, totals, 0, 1, firstAndThird, bufferSum);
            assertArrayEquals(new double[] {n * (n - 1) / 2.0, 0, n * 0.5}, totals);

            // The array form on a direct buffer of a struct of mixed fields: the function gets byte[].
            Datatype counted = Datatype.createStruct(new int[] {1, 1}, new int[] {0, 8}, new Datatype[] {MPI.INT, MPI.DOUBLE});
            counted.commit();
            Op countedSum = new Op(new UserFunction() {
                @Override
                public void call(Object inVec, Object inOutVec, int count, Datatype datatype) {
                    ByteBuffer a = MPI.slice((byte[]) inVec, 0);
                    ByteBuffer b = MPI.slice((byte[]) inOutVec, 0);
                    for (int i = 0; i < count; i++) {
                        int at = i * datatype.getExtent();
                        b.putInt(at, a.getInt(at) + b.getInt(at));
                        b.putDouble(at + 4, a.getDouble(at + 4) + b.getDouble(at + 4));
                    }
                }
            }, true);
            ByteBuffer mine = MPI.newByteBuffer(counted.getExtent());
            mine.putInt(0, 1).putDouble(8, rank * 1.5);
            ByteBuffer all = MPI.newByteBuffer(counted.getExtent());
            OmpiTransfers.allReduce(MPI.COMM_WORLD, mine, all, 1, counted, countedSum);
            assertEquals(n, all.getInt(0));
            assertEquals(1.5 * n * (n - 1) / 2, all.getDouble(8), 1e-12);

            assertFalse(digits.isNull());
            digits.free();
            assertTrue(digits.isNull());
            raises(MPI.ERR_OP, "freed", () -> MPI.COMM_WORLD.Allreduce(new int[1], 0, new int[1], 0, 1, MPI.INT, digits));
            MPI.COMM_WORLD.Barrier();
            MPI.Finalize();
        }
    }

    @Test
    void maxlocAndMinlocFindEveryPairTypesExtremeOnThreadRanks() {
        RankJobs.runOk(4, Pairs.class);
    }

    @Test
    void maxlocAndMinlocFindEveryPairTypesExtremeAcrossJvms() {
        ProcessJobs.runOk(4, 2, Pairs.class);
    }

    @Test
    void complexAndUserOpsReduceOnThreadRanks() {
        RankJobs.runOk(3, Functions.class);
    }

    @Test
    void complexAndUserOpsReduceAcrossJvms() {
        ProcessJobs.runOk(3, 2, Functions.class);
    }
}
