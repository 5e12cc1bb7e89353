package org.hympj.examples.nbody;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * The layout of a particle shipped between ranks as bytes, the way Gadget ships its
 * {@code struct particle_data}: fixed-size records packed back to back in a {@code byte[]},
 * sent with {@code MPI.BYTE} by {@code Alltoallv}. Fields are written in the machine's
 * byte order (every rank of a job runs on the same kind of machine) through array-view var
 * handles, so packing is a store per field with no intermediate objects.
 *
 * <pre>
 *  0       8       16      24      32      40      48      56      64      72
 *  +-------+-------+-------+-------+-------+-------+-------+-------+-------+
 *  |  id   |   x   |   y   |   z   |  vx   |  vy   |  vz   | mass  | work  |
 *  +-------+-------+-------+-------+-------+-------+-------+-------+-------+
 *    long    double ...                                              long
 *
 * work: the particle's interactions in its last force computation (Gadget's GravCost),
 * which the next decomposition balances.
 * </pre>
 */
final class ParticleRecord {
    static final int ID_OFFSET = 0;
    static final int POSITION_OFFSET = 8;
    static final int VELOCITY_OFFSET = 32;
    static final int MASS_OFFSET = 56;
    static final int WORK_OFFSET = 64;
    static final int LENGTH = 72;

    private static final VarHandle LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.nativeOrder());
    private static final VarHandle DOUBLE = MethodHandles.byteArrayViewVarHandle(double[].class, ByteOrder.nativeOrder());

    private ParticleRecord() {
    }

    /** Writes particle {@code i} of {@code from} as the record at {@code record} of {@code bytes}. */
    static void pack(Particles from, int i, byte[] bytes, int record) {
        int at = record * LENGTH;
        LONG.set(bytes, at + ID_OFFSET, from.id[i]);
        for (int d = 0; d < 3; d++) {
            DOUBLE.set(bytes, at + POSITION_OFFSET + 8 * d, from.position[3 * i + d]);
            DOUBLE.set(bytes, at + VELOCITY_OFFSET + 8 * d, from.velocity[3 * i + d]);
        }
        DOUBLE.set(bytes, at + MASS_OFFSET, from.mass[i]);
        LONG.set(bytes, at + WORK_OFFSET, from.work[i]);
    }

    /** Reads the record at {@code record} of {@code bytes} into particle {@code i} of {@code to}. */
    static void unpack(byte[] bytes, int record, Particles to, int i) {
        int at = record * LENGTH;
        to.id[i] = (long) LONG.get(bytes, at + ID_OFFSET);
        for (int d = 0; d < 3; d++) {
            to.position[3 * i + d] = (double) DOUBLE.get(bytes, at + POSITION_OFFSET + 8 * d);
            to.velocity[3 * i + d] = (double) DOUBLE.get(bytes, at + VELOCITY_OFFSET + 8 * d);
        }
        to.mass[i] = (double) DOUBLE.get(bytes, at + MASS_OFFSET);
        to.work[i] = (long) LONG.get(bytes, at + WORK_OFFSET);
    }
}
