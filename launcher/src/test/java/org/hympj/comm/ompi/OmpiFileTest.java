package org.hympj.comm.ompi;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URL;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.IntBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import mpi.Datatype;
import mpi.File;
import mpi.FileView;
import mpi.Info;
import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;
import mpi.Request;
import mpi.Status;
import org.hympj.comm.core.CommunicatorCore;
import org.hympj.comm.launch.ProcessJobs;
import org.hympj.comm.runtime.JobOutcome;
import org.hympj.comm.testing.RankJobs;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * MPI-IO through Open MPI's Java API ({@code mpi.File}, {@code mpi.FileView}), in programs
 * written as an Open MPI user writes them: files written by one number of ranks and read back
 * by another, views of vector and struct filetypes, the shared file pointer under concurrent
 * writers, ordered access, atomic mode, non-blocking and split accesses, and the errors. Each
 * program gets a directory of the test's own as its first argument; {@code Rank()}/{@code Size()}
 * stand for Open MPI's {@code getRank()}/{@code getSize()}.
 */
@Timeout(300)
public class OmpiFileTest {
    /** Ints per rank and block in the programs below. */
    static final int BLOCK = 1000;

    /** The value the programs store at global int index {@code i}. */
    static int valueAt(long i) {
        return (int) (i * 7 + 1);
    }

    static Path file(String[] args, String name) {
        return Path.of(args[0], name);
    }

    /**
     * Writes a file of two regions: the first by explicit offsets ({@code writeAtAll} on even
     * ranks, {@code writeAt} on odd ones), the second through each rank's individual pointer
     * ({@code seek}, then {@code writeAll}), each rank a block of {@link #BLOCK} ints per region.
     */
    public static class WriteBlocks {
        public static void main(String[] args) {
            MPI.Init(args);
            Intracomm world = MPI.COMM_WORLD;
            int rank = world.Rank();
            int size = world.Size();
            File f = new File(world, file(args, "blocks.dat").toString(), MPI.MODE_CREATE | MPI.MODE_WRONLY);
            assertEquals(MPI.MODE_CREATE | MPI.MODE_WRONLY, f.getAMode());
            assertEquals(size, f.getGroup().getSize());
            int[] first = new int[BLOCK];
            int[] second = new int[BLOCK];
            for (int k = 0; k < BLOCK; k++) {
                first[k] = valueAt((long) rank * BLOCK + k);
                second[k] = valueAt((long) (size + rank) * BLOCK + k);
            }
            Status s = rank % 2 == 0 ? f.writeAtAll((long) rank * BLOCK * 4, first, BLOCK, MPI.INT)
                : f.writeAt((long) rank * BLOCK * 4, first, BLOCK, MPI.INT);
            assertEquals(BLOCK, s.getCount(MPI.INT));
            assertEquals(0, f.getPosition(), "an explicit offset leaves the individual pointer");
            f.seek((long) (size + rank) * BLOCK * 4, MPI.SEEK_SET);
            // A heap IntBuffer for the second region: buffers work as arrays do.
            f.writeAll(IntBuffer.wrap(second), BLOCK, MPI.INT);
            assertEquals((long) (size + rank + 1) * BLOCK * 4, f.getPosition());
            f.close();
            assertThrows(MPIException.class, f::getSize);
            MPI.Finalize();
        }
    }

    /** Reads the file of {@link WriteBlocks} (written by args[1] ranks) whole on every rank, and in blocks by pointer. */
    public static class ReadBlocks {
        public static void main(String[] args) {
            MPI.Init(args);
            Intracomm world = MPI.COMM_WORLD;
            int rank = world.Rank();
            int size = world.Size();
            int writers = Integer.parseInt(args[1]);
            int total = 2 * writers * BLOCK;
            File f = new File(world, file(args, "blocks.dat").toString(), MPI.MODE_RDONLY);
            assertEquals(4L * total, f.getSize());
            int[] all = new int[total];
            Status s = f.readAtAll(0, all, total, MPI.INT);
            assertEquals(total, s.getCount(MPI.INT));
            for (int i = 0; i < total; i++) {
                assertEquals(valueAt(i), all[i], "int " + i);
            }
            // Split the file among this job's ranks, read through the individual pointer, past the end.
            int share = (total + size - 1) / size;
            int from = Math.min(total, rank * share);
            int mine = Math.min(share, total - from);
            f.seek(4L * from, MPI.SEEK_SET);
            int[] part = new int[share + 5];
            Status got = f.readAll(part, share + 5, MPI.INT);
            int expected = Math.min(share + 5, total - from);
            assertEquals(expected, got.getCount(MPI.INT), "a read that meets the end of the file gets what is there");
            for (int k = 0; k < mine; k++) {
                assertEquals(valueAt(from + k), part[k]);
            }
            assertEquals(4L * (from + expected), f.getPosition());
            f.seek(-4, MPI.SEEK_END);
            int[] last = new int[1];
            f.read(last, 1, MPI.INT);
            assertEquals(valueAt(total - 1), last[0]);
            f.close();
            MPI.Finalize();
        }
    }

    /**
     * Interleaved blocks per rank through a view: rank r of n sees block r of every n blocks,
     * once with a vector filetype (from a displacement of r blocks) and once with a struct
     * filetype (the displacement inside the struct), each resized to n blocks. The writers
     * write their blocks with one {@code writeAll}; args[1] names the phase (write or read).
     */
    public static class InterleavedViews {
        static final int TILES = 8;

        public static void main(String[] args) {
            MPI.Init(args);
            Intracomm world = MPI.COMM_WORLD;
            int rank = world.Rank();
            int size = world.Size();
            boolean write = args[1].equals("write");
            int writers = Integer.parseInt(args[2]);
            for (String kind : new String[] {"vector", "struct"}) {
                Path path = file(args, kind + ".dat");
                if (write) {
                    File f = new File(world, path.toString(), MPI.MODE_CREATE | MPI.MODE_RDWR);
                    Datatype filetype;
                    long disp;
                    if (kind.equals("vector")) {
                        Datatype vector = Datatype.createVector(TILES, BLOCK, size * BLOCK, MPI.INT);
                        filetype = Datatype.createResized(vector, 0, 4 * TILES * size * BLOCK);
                        disp = 4L * rank * BLOCK;
                    } else {
                        Datatype struct = Datatype.createStruct(new int[] {BLOCK}, new int[] {4 * rank * BLOCK},
                            new Datatype[] {MPI.INT});
                        filetype = Datatype.createResized(struct, 0, 4 * size * BLOCK);
                        disp = 0;
                    }
                    filetype.commit();
                    f.setView(disp, MPI.INT, filetype, "native");
                    FileView v = f.getView();
                    assertEquals(disp, v.getDisp());
                    assertEquals("native", v.getDataRep());
                    int[] mine = new int[TILES * BLOCK];
                    for (int t = 0; t < TILES; t++) {
                        for (int k = 0; k < BLOCK; k++) {
                            mine[t * BLOCK + k] = valueAt(((long) t * size + rank) * BLOCK + k);
                        }
                    }
                    f.writeAll(mine, TILES * BLOCK, MPI.INT);
                    assertEquals(TILES * BLOCK, f.getPosition(), "the pointer counts etypes of the view");
                    // Offset 1 of the view (in ints) is the second int of this rank's first block.
                    assertEquals(disp + (kind.equals("vector") ? 4 : 4L * rank * BLOCK + 4), f.getByteOffset(1));
                    // Read it back through the same view with an explicit offset of one block.
                    int[] back = new int[BLOCK];
                    f.readAt(BLOCK, back, BLOCK, MPI.INT);
                    assertEquals(valueAt(((long) size + rank) * BLOCK), back[0]);
                    f.close();
                } else {
                    File f = new File(world, path.toString(), MPI.MODE_RDONLY);
                    int total = TILES * writers * BLOCK;
                    assertEquals(4L * total, f.getSize());
                    int[] all = new int[total];
                    f.readAt(0, all, total, MPI.INT);
                    for (int i = 0; i < total; i++) {
                        assertEquals(valueAt(i), all[i], kind + " int " + i);
                    }
                    // And through a view with this job's rank count: every rank the blocks j == rank (mod size).
                    Datatype vector = Datatype.createResized(Datatype.createVector(1, BLOCK, size * BLOCK, MPI.INT), 0,
                        4 * size * BLOCK);
                    vector.commit();
                    f.setView(4L * rank * BLOCK, MPI.INT, vector, "native");
                    int blocks = (TILES * writers - rank + size - 1) / size;
                    int[] mine = new int[blocks * BLOCK];
                    Status s = f.readAll(mine, blocks * BLOCK, MPI.INT);
                    assertEquals(blocks * BLOCK, s.getCount(MPI.INT));
                    for (int b = 0; b < blocks; b++) {
                        long block = (long) b * size + rank;
                        assertEquals(valueAt(block * BLOCK), mine[b * BLOCK]);
                        assertEquals(valueAt(block * BLOCK + BLOCK - 1), mine[b * BLOCK + BLOCK - 1]);
                    }
                    f.close();
                }
            }
            MPI.Finalize();
        }
    }

    /**
     * Every rank writes {@code RECORDS} records (rank, sequence) with {@code writeShared} at the
     * same time; each must be in the file exactly once, and the shared pointer past all of them.
     * Then every rank reads records with {@code readShared} until the end: together they read
     * each record once.
     */
    public static class SharedPointerCounts {
        static final int RECORDS = 200;

        public static void main(String[] args) {
            MPI.Init(args);
            Intracomm world = MPI.COMM_WORLD;
            int rank = world.Rank();
            int size = world.Size();
            File f = new File(world, file(args, "shared.dat").toString(), MPI.MODE_CREATE | MPI.MODE_RDWR);
            assertEquals(0, f.getPositionShared());
            world.Barrier();
            for (int q = 0; q < RECORDS; q++) {
                f.writeShared(new int[] {rank, q}, 2, MPI.INT);
            }
            world.Barrier();
            assertEquals(8L * size * RECORDS, f.getPositionShared());
            assertEquals(8L * size * RECORDS, f.getSize());
            int[] all = new int[2 * size * RECORDS];
            f.readAt(0, all, all.length, MPI.INT);
            boolean[][] seen = new boolean[size][RECORDS];
            for (int i = 0; i < size * RECORDS; i++) {
                int r = all[2 * i];
                int q = all[2 * i + 1];
                assertFalse(seen[r][q], "record " + r + "/" + q + " twice");
                seen[r][q] = true;
            }
            f.seekShared(0, MPI.SEEK_SET);
            assertEquals(0, f.getPositionShared());
            world.Barrier();
            long mySum = 0;
            int myCount = 0;
            int[] record = new int[2];
            while (f.readShared(record, 2, MPI.INT).getCount(MPI.INT) == 2) {
                mySum += record[0] * (long) RECORDS + record[1];
                myCount++;
            }
            long[] sums = {mySum, myCount};
            long[] total = new long[2];
            world.allReduce(sums, total, 2, MPI.LONG, MPI.SUM);
            long n = (long) size * RECORDS;
            assertEquals(n, total[1], "every record read once");
            assertEquals(n * (n - 1) / 2, total[0]);
            f.close();
            MPI.Finalize();
        }
    }

    /**
     * {@code writeOrdered}: rank r writes r + 1 ints of value r, in rank order after the shared
     * pointer; a {@code writeShared} after it lands past them; {@code readOrdered} reads the
     * same pieces back.
     */
    public static class OrderedAccess {
        public static void main(String[] args) {
            MPI.Init(args);
            Intracomm world = MPI.COMM_WORLD;
            int rank = world.Rank();
            int size = world.Size();
            File f = new File(world, file(args, "ordered.dat").toString(), MPI.MODE_CREATE | MPI.MODE_RDWR
                | MPI.MODE_DELETE_ON_CLOSE);
            f.setView(0, MPI.INT, MPI.INT, "native");
            int[] mine = new int[rank + 1];
            java.util.Arrays.fill(mine, rank);
            for (int round = 0; round < 2; round++) {
                Status s = f.writeOrdered(mine, rank + 1, MPI.INT);
                assertEquals(rank + 1, s.getCount(MPI.INT));
            }
            int piece = size * (size + 1) / 2;
            assertEquals(2L * piece, f.getPositionShared(), "the shared pointer counts ints, the view's etype");
            world.Barrier();
            int[] all = new int[2 * piece];
            f.readAtAll(0, all, all.length, MPI.INT);
            int at = 0;
            for (int round = 0; round < 2; round++) {
                for (int r = 0; r < size; r++) {
                    for (int k = 0; k <= r; k++) {
                        assertEquals(r, all[at++], "round " + round + ", rank " + r + "'s int " + k);
                    }
                }
            }
            f.seekShared(0, MPI.SEEK_SET);
            int[] back = new int[rank + 1];
            f.readOrderedBegin(back, rank + 1, MPI.INT);
            assertEquals(rank + 1, f.readOrderedEnd(back).getCount(MPI.INT));
            assertArrayEquals(mine, back);
            f.seekShared(0, MPI.SEEK_END);
            assertEquals(2L * piece, f.getPositionShared());
            Path path = file(args, "ordered.dat");
            f.close();
            assertFalse(Files.exists(path), "MODE_DELETE_ON_CLOSE deletes the file");
            world.Barrier();
            try (Stream<Path> left = Files.list(path.getParent())) {
                assertEquals(List.of(), left.filter(p -> p.getFileName().toString().contains("ordered")).toList(),
                    "no side file of the shared pointer stays");
            } catch (IOException e) {
                throw new AssertionError(e);
            }
            MPI.Finalize();
        }
    }

    /**
     * Atomic mode: every rank writes a whole region filled with its rank through a view of many
     * small blocks (many system calls per write), while the others read it; every read must see
     * one rank's data throughout, never a mix.
     */
    public static class AtomicMode {
        static final int INTS = 1 << 14;

        public static void main(String[] args) {
            MPI.Init(args);
            Intracomm world = MPI.COMM_WORLD;
            int rank = world.Rank();
            File f = new File(world, file(args, "atomic.dat").toString(), MPI.MODE_CREATE | MPI.MODE_RDWR);
            assertFalse(f.getAtomicity());
            f.setAtomicity(true);
            assertTrue(f.getAtomicity());
            // Blocks of 16 ints, tiles of 32: the view's data is every other block.
            Datatype filetype = Datatype.createResized(Datatype.createContiguous(16, MPI.INT), 0, 4 * 32);
            filetype.commit();
            f.setView(0, MPI.INT, filetype, "native");
            int[] fill = new int[INTS];
            java.util.Arrays.fill(fill, rank + 1);
            f.writeAtAll(0, fill, INTS, MPI.INT);
            int[] seen = new int[INTS];
            for (int round = 0; round < 20; round++) {
                if ((round + rank) % 2 == 0) {
                    f.writeAt(0, fill, INTS, MPI.INT);
                } else {
                    f.readAt(0, seen, INTS, MPI.INT);
                    for (int i = 1; i < INTS; i++) {
                        if (seen[i] != seen[0]) {
                            throw new AssertionError("a read in atomic mode saw int 0 of rank " + (seen[0] - 1)
                                + " and int " + i + " of rank " + (seen[i] - 1));
                        }
                    }
                }
            }
            f.sync();
            world.Barrier();
            f.sync();
            f.close();
            MPI.Finalize();
        }
    }

    /**
     * The non-blocking accesses complete their requests, the split collectives hand their status
     * to the end call, and the rest of the file's calls: size, preallocation, append mode, info,
     * byte order of the data representations, errhandlers.
     */
    public static class NonBlockingSplitAndTheRest {
        public static void main(String[] args) {
            MPI.Init(args);
            Intracomm world = MPI.COMM_WORLD;
            int rank = world.Rank();
            int size = world.Size();
            Info info = new Info();
            info.set("access_style", "write_once");
            File f = new File(world, file(args, "rest.dat").toString(), MPI.MODE_CREATE | MPI.MODE_RDWR, info);
            assertEquals("write_once", f.getInfo().get("access_style"));
            IntBuffer out = OmpiCollectivesTest.directInts(4);
            for (int k = 0; k < 4; k++) {
                out.put(k, 10 * rank + k);
            }
            Request w = f.iWriteAt(16L * rank, out, 4, MPI.INT);
            Status ws = w.waitStatus();
            assertEquals(4, ws.getCount(MPI.INT));
            assertTrue(w.isNull());
            world.Barrier();
            IntBuffer in = OmpiCollectivesTest.directInts(4);
            int peer = (rank + 1) % size;
            Request r = f.iReadAtAll(16L * peer, in, 4, MPI.INT);
            assertTrue(r.test());
            for (int k = 0; k < 4; k++) {
                assertEquals(10 * peer + k, in.get(k));
            }
            Request rp = f.iRead(in, 4, MPI.INT);
            rp.waitFor();
            assertEquals(16, f.getPosition());
            // Split collectives: one at a time, ended by the matching call.
            int[] block = {rank, rank, rank};
            f.writeAtAllBegin(16L * size + 12L * rank, block, 3, MPI.INT);
            assertThrows(MPIException.class, () -> f.readAllBegin(new int[1], 1, MPI.INT));
            assertThrows(MPIException.class, () -> f.readAtAllEnd(block));
            assertEquals(3, f.writeAtAllEnd(block).getCount(MPI.INT));
            world.Barrier();
            // setSize truncates and extends; preallocate never shrinks.
            f.setSize(8);
            assertEquals(8, f.getSize());
            f.preallocate(4);
            assertEquals(8, f.getSize());
            f.preallocate(100);
            assertEquals(100, f.getSize());
            f.close();

            // Byte order: "native" is the machine's (a C program's bytes), "external32" big-endian.
            for (String rep : new String[] {"native", "external32"}) {
                File g = new File(world, file(args, rep + ".dat").toString(), MPI.MODE_CREATE | MPI.MODE_RDWR);
                g.setView(0, MPI.INT, MPI.INT, rep);
                if (rank == 0) {
                    g.write(new int[] {0x01020304}, 1, MPI.INT);
                }
                world.Barrier();
                int[] back = new int[1];
                g.readAt(0, back, 1, MPI.INT);
                assertEquals(0x01020304, back[0], "read back in " + rep);
                g.close();
                byte[] bytes;
                try {
                    bytes = Files.readAllBytes(file(args, rep + ".dat"));
                } catch (IOException e) {
                    throw new AssertionError(e);
                }
                ByteOrder order = rep.equals("native") ? ByteOrder.nativeOrder() : ByteOrder.BIG_ENDIAN;
                assertEquals(0x01020304, ByteBuffer.wrap(bytes).order(order).getInt(), rep + "'s bytes");
            }

            // Append mode: both pointers start at the end of the file.
            world.Barrier();
            File a = new File(world, file(args, "native.dat").toString(), MPI.MODE_WRONLY | MPI.MODE_APPEND);
            assertEquals(4, a.getPosition());
            assertEquals(4, a.getPositionShared());
            a.writeOrdered(new byte[] {(byte) rank}, 1, MPI.BYTE);
            world.Barrier();
            assertEquals(4 + size, a.getSize());
            assertEquals(MPI.ERRORS_RETURN, a.getErrhandler());
            a.callErrhandler(MPI.ERR_OTHER);
            a.close();
            MPI.Finalize();
        }
    }

    /** Errors: each with its class, on every rank, and none leaves the file open or the ranks out of step. */
    public static class Errors {
        static MPIException expect(int errorClass, Runnable call) {
            MPIException e = assertThrows(MPIException.class, call::run);
            assertEquals(errorClass, e.getErrorClass(), e.getMessage());
            return e;
        }

        public static void main(String[] args) {
            MPI.Init(args);
            Intracomm world = MPI.COMM_WORLD;
            int rank = world.Rank();
            String missing = file(args, "missing.dat").toString();
            String name = file(args, "errors.dat").toString();
            expect(MPI.ERR_NO_SUCH_FILE, () -> new File(world, missing, MPI.MODE_RDONLY));
            expect(MPI.ERR_AMODE, () -> new File(world, name, MPI.MODE_RDONLY | MPI.MODE_CREATE));
            expect(MPI.ERR_AMODE, () -> new File(world, name, MPI.MODE_CREATE));
            expect(MPI.ERR_AMODE, () -> new File(world, name, MPI.MODE_RDWR | MPI.MODE_SEQUENTIAL));
            if (world.Size() > 1) {
                expect(MPI.ERR_NOT_SAME, () -> new File(world, name, rank == 0 ? MPI.MODE_RDWR | MPI.MODE_CREATE
                    : MPI.MODE_WRONLY | MPI.MODE_CREATE));
            }
            File f = new File(world, name, MPI.MODE_CREATE | MPI.MODE_WRONLY);
            expect(MPI.ERR_FILE_EXISTS, () -> new File(world, name, MPI.MODE_CREATE | MPI.MODE_EXCL | MPI.MODE_RDWR));
            expect(MPI.ERR_ACCESS, () -> f.readAt(0, new int[1], 1, MPI.INT));
            expect(MPI.ERR_UNSUPPORTED_DATAREP, () -> f.setView(0, MPI.INT, MPI.INT, "little-endian"));
            expect(MPI.ERR_TYPE, () -> f.setView(0, MPI.DOUBLE, MPI.INT, "native"));
            expect(MPI.ERR_ARG, () -> f.setView(-8, MPI.INT, MPI.INT, "native"));
            expect(MPI.ERR_ARG, () -> f.setView(MPI.DISPLACEMENT_CURRENT, MPI.INT, MPI.INT, "native"));
            Datatype backwards = Datatype.createIndexed(new int[] {1, 1}, new int[] {4, 0}, MPI.INT);
            backwards.commit();
            expect(MPI.ERR_TYPE, () -> f.setView(0, MPI.INT, backwards, "native"));
            Datatype uncommitted = Datatype.createContiguous(2, MPI.INT);
            expect(MPI.ERR_TYPE, () -> f.setView(0, MPI.INT, uncommitted, "native"));
            expect(MPI.ERR_ARG, () -> f.writeAt(-1, new int[1], 1, MPI.INT));
            expect(MPI.ERR_ARG, () -> f.seek(-1, MPI.SEEK_SET));
            expect(MPI.ERR_ARG, () -> f.seek(0, 12345));
            expect(MPI.ERR_TYPE, () -> f.writeAt(0, new Object[] {"x"}, 1, MPI.OBJECT));
            expect(MPI.ERR_BUFFER, () -> f.writeAt(0, new int[1], 2, MPI.INT));
            f.writeAt(0, new int[] {7}, 1, MPI.INT);
            f.close();
            expect(MPI.ERR_FILE, () -> f.writeAt(0, new int[1], 1, MPI.INT));
            expect(MPI.ERR_FILE, f::close);
            expect(MPI.ERR_FILE, f::getPosition);

            File r = new File(world, name, MPI.MODE_RDONLY);
            expect(MPI.ERR_READ_ONLY, () -> r.writeAt(0, new int[1], 1, MPI.INT));
            expect(MPI.ERR_READ_ONLY, () -> r.setSize(0));
            int[] seven = new int[1];
            r.readAt(0, seven, 1, MPI.INT);
            assertEquals(7, seven[0]);
            r.close();

            File s = new File(world, name, MPI.MODE_WRONLY | MPI.MODE_SEQUENTIAL);
            expect(MPI.ERR_UNSUPPORTED_OPERATION, () -> s.writeAt(0, new int[1], 1, MPI.INT));
            expect(MPI.ERR_UNSUPPORTED_OPERATION, () -> s.seek(0, MPI.SEEK_SET));
            s.writeOrdered(new int[] {rank}, 1, MPI.INT);
            s.setView(MPI.DISPLACEMENT_CURRENT, MPI.INT, MPI.INT, "native");
            assertEquals(4L * world.Size(), s.getView().getDisp(), "DISPLACEMENT_CURRENT is where the shared pointer was");
            s.close();

            world.Barrier();
            if (rank == 0) {
                File.delete(name);
                expect(MPI.ERR_NO_SUCH_FILE, () -> File.delete(name));
            }
            // The directory of the file does not exist: the file cannot be created.
            MPIException noDirectory = expect(MPI.ERR_NO_SUCH_FILE, () -> new File(world, file(args, "no-dir/x.dat").toString(),
                MPI.MODE_CREATE | MPI.MODE_WRONLY));
            assertTrue(noDirectory.getMessage().contains("its directory " + file(args, "no-dir").toAbsolutePath()
                + " does not exist"), noDirectory.getMessage());
            // A file the operating system refuses to open for writing, even to root.
            Path refused = Path.of("/sys/kernel/uevent_seqnum");
            if (Files.exists(refused)) {
                expect(MPI.ERR_ACCESS, () -> new File(world, refused.toString(), MPI.MODE_WRONLY));
            }
            world.Barrier();
            try (Stream<Path> left = Files.list(Path.of(args[0]))) {
                assertEquals(List.of(), left.toList(), "the failed opens and the closes left nothing");
            } catch (IOException e) {
                throw new AssertionError(e);
            }
            MPI.Finalize();
        }
    }

    /** The file's errhandler applies to its errors, not COMM_WORLD's, and ERRORS_ARE_FATAL ends the job. */
    public static class FatalFileErrhandler {
        public static void main(String[] args) {
            MPI.Init(args);
            Intracomm world = MPI.COMM_WORLD;
            world.setErrhandler(MPI.ERRORS_ARE_FATAL);
            File f = new File(world, file(args, "fatal.dat").toString(), MPI.MODE_CREATE | MPI.MODE_WRONLY);
            // The file's handler is ERRORS_RETURN: its error is raised and the job goes on.
            assertThrows(MPIException.class, () -> f.readAt(0, new int[1], 1, MPI.INT));
            world.Barrier();
            f.setErrhandler(MPI.ERRORS_ARE_FATAL);
            if (world.Rank() == 0) {
                try {
                    f.readAt(0, new int[1], 1, MPI.INT);
                } catch (MPIException e) {
                    System.out.println("rank 0 caught " + e.getMessage());
                }
            }
            // No message comes: every rank waits until the fatal error ends the job.
            world.recv(new int[1], 1, MPI.INT, MPI.ANY_SOURCE, 42);
            MPI.Finalize();
        }
    }

    /**
     * A file left open at Finalize is closed there: no descriptor of this JVM names it, or the
     * shared pointer's side file, afterwards. Each rank opens a file of its own (on
     * {@code COMM_SELF}), as thread ranks share the JVM's descriptors.
     */
    public static class FinalizeClosesOpenFiles {
        public static void main(String[] args) throws IOException {
            MPI.Init(args);
            String mine = "left-open-" + MPI.COMM_WORLD.Rank() + ".dat";
            File f = new File(MPI.COMM_SELF, file(args, mine).toString(), MPI.MODE_CREATE | MPI.MODE_RDWR);
            f.writeShared(new byte[] {1}, 1, MPI.BYTE);
            assertEquals(2, descriptorsOn(Path.of(args[0]), mine), "the file and the side file are open");
            MPI.Finalize();
            assertEquals(0, descriptorsOn(Path.of(args[0]), mine), "descriptors on the rank's files after Finalize");
        }

        /** The descriptors of this JVM on files of {@code dir} whose names hold {@code name}. */
        static long descriptorsOn(Path dir, String name) throws IOException {
            List<Path> fds = new ArrayList<>();
            try (Stream<Path> all = Files.list(Path.of("/proc/self/fd"))) {
                all.forEach(fds::add);
            }
            long n = 0;
            for (Path fd : fds) {
                try {
                    Path target = Files.readSymbolicLink(fd);
                    if (target.startsWith(dir.toRealPath()) && target.getFileName().toString().contains(name)) {
                        n++;
                    }
                } catch (IOException gone) {
                    // a descriptor closed while listing
                }
            }
            return n;
        }
    }

    private static void runBoth(int writers, int readers, Path dir, boolean processes) {
        String d = dir.toString();
        if (processes) {
            ProcessJobs.runOk(writers, 2, WriteBlocks.class, d);
            ProcessJobs.runOk(readers, 3, ReadBlocks.class, d, String.valueOf(writers));
        } else {
            RankJobs.runOk(writers, WriteBlocks.class, d);
            RankJobs.runOk(readers, ReadBlocks.class, d, String.valueOf(writers));
        }
    }

    @Test
    void blocksWrittenByFourThreadRanksAreReadBackByThree(@TempDir Path dir) {
        runBoth(4, 3, dir, false);
    }

    @Test
    void blocksWrittenByFourRanksInTwoJvmsAreReadBackByThreeInThreeJvms(@TempDir Path dir) {
        runBoth(4, 3, dir, true);
    }

    @Test
    void interleavedVectorAndStructViewsWrittenByFourAreReadByThree(@TempDir Path dir) {
        RankJobs.runOk(4, InterleavedViews.class, dir.toString(), "write", "4");
        RankJobs.runOk(3, InterleavedViews.class, dir.toString(), "read", "4");
    }

    @Test
    void interleavedViewsAcrossJvms(@TempDir Path dir) {
        ProcessJobs.runOk(4, 2, InterleavedViews.class, dir.toString(), "write", "4");
        ProcessJobs.runOk(3, 3, InterleavedViews.class, dir.toString(), "read", "4");
    }

    @Test
    void theSharedPointerCountsEveryRecordOnceOnThreadRanks(@TempDir Path dir) {
        RankJobs.runOk(4, SharedPointerCounts.class, dir.toString());
    }

    @Test
    void theSharedPointerCountsEveryRecordOnceAcrossThreeJvms(@TempDir Path dir) {
        ProcessJobs.runOk(6, 3, SharedPointerCounts.class, dir.toString());
    }

    /**
     * A program whose class path also holds the runtime (a jar that bundles it, as
     * benchmarks.jar does) gets the runtime's classes from the JVM's loader, so the file's engine
     * side and {@code mpi.File} meet on one {@code CommunicatorCore}.
     */
    @Test
    void aProgramWhoseJarBundlesTheRuntimeUsesFiles(@TempDir Path dir) throws Exception {
        URL engine = CommunicatorCore.class.getProtectionDomain().getCodeSource().getLocation();
        RankJobs.runOk(2, SharedPointerCounts.class, new URL[] {engine}, dir.toString());
    }

    @Test
    void orderedAccessGoesInRankOrder(@TempDir Path dir) {
        RankJobs.runOk(1, OrderedAccess.class, dir.toString());
        RankJobs.runOk(4, OrderedAccess.class, dir.toString());
        ProcessJobs.runOk(3, 2, OrderedAccess.class, dir.toString());
    }

    @Test
    void atomicModeKeepsEveryAccessWholeOnThreadRanks(@TempDir Path dir) {
        RankJobs.runOk(3, AtomicMode.class, dir.toString());
    }

    @Test
    void atomicModeKeepsEveryAccessWholeAcrossJvms(@TempDir Path dir) {
        ProcessJobs.runOk(4, 2, AtomicMode.class, dir.toString());
    }

    @Test
    void nonBlockingSplitSizesAppendInfoAndByteOrder(@TempDir Path dir) {
        RankJobs.runOk(3, NonBlockingSplitAndTheRest.class, dir.toString());
    }

    @Test
    void errorsHaveTheirClassesOnEveryRank(@TempDir Path dir) throws IOException {
        RankJobs.runOk(1, Errors.class, Files.createDirectory(dir.resolve("one")).toString());
        RankJobs.runOk(3, Errors.class, Files.createDirectory(dir.resolve("three")).toString());
        ProcessJobs.runOk(3, 2, Errors.class, Files.createDirectory(dir.resolve("jvms")).toString());
    }

    @Test
    void theFilesErrhandlerApplies(@TempDir Path dir) {
        JobOutcome outcome = RankJobs.run(2, FatalFileErrhandler.class, dir.toString());
        assertFalse(outcome.succeeded(), "ERRORS_ARE_FATAL on the file ends the job");
        String message = String.valueOf(outcome.cause());
        assertTrue(message.contains("MODE_WRONLY") && message.contains("the file has MPI.ERRORS_ARE_FATAL"), message);
    }

    @Test
    void finalizeClosesTheFilesLeftOpen(@TempDir Path dir) {
        RankJobs.runOk(2, FinalizeClosesOpenFiles.class, dir.toString());
    }
}
