package org.hympj.comm.ompi;

import static org.hympj.comm.ompi.OmpiEnvironmentTest.raises;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.nio.ByteBuffer;
import java.nio.DoubleBuffer;
import mpi.DoubleComplex;
import mpi.DoubleInt;
import mpi.FloatComplex;
import mpi.Int2;
import mpi.LongInt;
import mpi.MPI;
import mpi.OmpiTransfers;
import mpi.ShortInt;
import mpi.Status;
import mpi.Struct;
import org.hympj.comm.launch.ProcessJobs;
import org.hympj.comm.testing.RankJobs;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Structs users extend, the pair structs and the complex wrappers, sent between ranks in direct and heap buffers. */
@Timeout(120)
public class OmpiStructTest {

    /** A particle: an id, a position of three doubles (right after the int, unaligned) and a kind. */
    static final class Particle extends Struct {
        private final int id = addInt();
        private final int position = addDouble(3);
        private final int kind = addChar();

        @Override
        protected Data newData() {
            return new Data();
        }

        final class Data extends Struct.Data {
            int getId() {
                return getInt(id);
            }

            void putId(int v) {
                putInt(id, v);
            }

            double getPosition(int i) {
                return getDouble(position, i);
            }

            void putPosition(int i, double v) {
                putDouble(position, i, v);
            }

            char getKind() {
                return getChar(kind);
            }

            void putKind(char v) {
                putChar(kind, v);
            }
        }
    }

    /** A cell of two particles and a count, placed at byte 40 by setOffset. */
    static final class Cell extends Struct {
        private final Particle particle;
        private final int particles;
        private final int count;

        Cell(Particle particle) {
            this.particle = particle;
            particles = addStruct(particle, 2);
            setOffset(2 * particle.getExtent() + 8);
            count = addLong();
        }

        @Override
        protected Data newData() {
            return new Data();
        }

        final class Data extends Struct.Data {
            Particle.Data particle(int i) {
                return getData(particle, particles, i);
            }

            long getCount() {
                return getLong(count);
            }

            void putCount(long v) {
                putLong(count, v);
            }
        }
    }

    public static class Structs {
        public static void main(String[] args) {
            MPI.Init(args);
            int rank = MPI.COMM_WORLD.Rank();
            Particle particle = new Particle();
            assertEquals(32, particle.getExtent(), "4 + 24 + 2 bytes, padded to the doubles' alignment");
            assertEquals(30, particle.getType().getSize());
            Cell cell = new Cell(particle);
            assertEquals(80, cell.getExtent());
            raises(MPI.ERR_TYPE, "no field can be added", particle::addInt);
            raises(MPI.ERR_ARG, "lies inside", () -> new Particle().setOffset(2));

            int count = 3;
            if (rank == 0) {
                ByteBuffer out = MPI.newByteBuffer(count * particle.getExtent());
                for (int i = 0; i < count; i++) {
                    Particle.Data p = particle.getData(out, i);
                    p.putId(100 + i);
                    for (int d = 0; d < 3; d++) {
                        p.putPosition(d, i + d / 10.0);
                    }
                    p.putKind((char) ('a' + i));
                }
                OmpiTransfers.send(MPI.COMM_WORLD, out, count, particle.getType(), 1, 1);

                byte[] cells = new byte[cell.getExtent()];
                Cell.Data c = cell.getData(cells);
                c.particle(1).putId(7);
                c.particle(1).putPosition(2, 6.5);
                c.putCount(1L << 40);
                MPI.COMM_WORLD.Send(cells, 0, 1, cell.getType(), 1, 2);
            } else if (rank == 1) {
                ByteBuffer in = MPI.newByteBuffer(count * particle.getExtent());
                Status s = OmpiTransfers.recv(MPI.COMM_WORLD, in, count, particle.getType(), 0, 1);
                assertEquals(count, s.getCount(particle.getType()));
                for (int i = 0; i < count; i++) {
                    Particle.Data p = particle.getData(in, i);
                    assertEquals(100 + i, p.getId());
                    for (int d = 0; d < 3; d++) {
                        assertEquals(i + d / 10.0, p.getPosition(d));
                    }
                    assertEquals((char) ('a' + i), p.getKind());
                }
                Particle.Data second = particle.getData(in, 1);
                assertEquals(101, particle.<Particle.Data>getData(second.getBuffer()).getId(), "getBuffer starts at its struct");
                raises(MPI.ERR_ARG, "index 3", () -> second.getPosition(3));

                ByteBuffer cells = MPI.newByteBuffer(cell.getExtent());
                OmpiTransfers.recv(MPI.COMM_WORLD, cells, 1, cell.getType(), 0, 2);
                Cell.Data c = cell.getData(cells);
                assertEquals(7, c.particle(1).getId());
                assertEquals(6.5, c.particle(1).getPosition(2));
                assertEquals(1L << 40, c.getCount());
            }
            pairStructs();
            complexNumbers();
            MPI.COMM_WORLD.Barrier();
            MPI.Finalize();
        }

        private static void pairStructs() {
            ByteBuffer b = MPI.newByteBuffer(2 * MPI.DOUBLE_INT.getExtent());
            DoubleInt.Data d = MPI.doubleInt.getData(b, 1);
            d.putValue(3.25);
            d.putIndex(9);
            assertEquals(3.25, b.getDouble(16));
            assertEquals(9, b.getInt(24), "the index lies 8 bytes into a DOUBLE_INT, as in C");
            assertEquals(3.25, d.getValue());
            assertEquals(9, d.getIndex());
            ShortInt.Data s = MPI.shortInt.getData(new byte[8]);
            s.putValue((short) -4);
            s.putIndex(2);
            assertEquals(-4, s.getValue());
            assertEquals(2, s.getIndex());
            LongInt.Data l = MPI.longInt.getData(MPI.newByteBuffer(16));
            l.putValue(Long.MIN_VALUE);
            l.putIndex(-1);
            assertEquals(Long.MIN_VALUE, l.getValue());
            assertEquals(-1, l.getIndex());
            ByteBuffer ints = MPI.newByteBuffer(8);
            Int2.Data i2 = MPI.int2.getData(ints);
            i2.putValue(5);
            i2.putIndex(6);
            assertEquals(5, ints.asIntBuffer().get(0));
            assertEquals(6, ints.asIntBuffer().get(1));
            assertEquals(1.5f, putFloatInt(1.5f));
        }

        private static float putFloatInt(float v) {
            mpi.FloatInt.Data f = MPI.floatInt.getData(new byte[8]);
            f.putValue(v);
            return f.getValue();
        }

        private static void complexNumbers() {
            double[] numbers = new double[6];
            DoubleComplex z = DoubleComplex.get(numbers, 1);
            z.putReal(1.5);
            z.putImag(-2);
            assertEquals(1.5, numbers[2]);
            assertEquals(-2, numbers[3]);
            assertEquals(-2, z.getImag());
            DoubleBuffer tail = z.getBuffer();
            assertEquals(1.5, tail.get(0));
            DoubleBuffer direct = MPI.newDoubleBuffer(4);
            DoubleComplex.get(direct).putImag(4);
            assertEquals(4, direct.get(1));
            ByteBuffer bytes = MPI.newByteBuffer(16);
            FloatComplex w = FloatComplex.get(bytes, 1);
            w.putReal(0.5f);
            assertEquals(0.5f, bytes.getFloat(8));
            assertEquals(0.5f, FloatComplex.get(new float[] {0.5f, 1}).getReal());
            assertSame(direct, DoubleComplex.get(direct).getBuffer());
        }
    }

    @Test
    void userStructsTravelInDirectAndHeapBuffersOnThreadRanks() {
        RankJobs.runOk(2, Structs.class);
    }

    @Test
    void userStructsTravelInDirectAndHeapBuffersAcrossJvms() {
        ProcessJobs.runOk(2, 2, Structs.class);
    }
}
