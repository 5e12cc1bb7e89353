package org.hympj.examples.nbody;

import mpi.Intracomm;
import mpi.MPI;

/**
 * Domain decomposition along the Morton curve, redone every step: rank r owns a run of the
 * global (key, id) order that carries 1/P of the work (each particle weighs its interactions
 * in the last force computation, as Gadget weighs by GravCost), so every rank walks the tree
 * about as long, over a compact piece of space.
 *
 * <ol>
 *   <li>The bounding cube: {@code Allreduce} MIN and MAX of the positions (exact, so every
 *       rank computes the same keys).</li>
 *   <li>Each rank sorts its particles by (key, id); {@code Allgatherv} of the sorted keys,
 *       ids and weights gives every rank the global order, hence the P - 1 splitters.</li>
 *   <li>Particles move to their owners with {@code Alltoall} (counts) and {@code Alltoallv}
 *       of {@link ParticleRecord}s as bytes; the receiver sorts what arrived.</li>
 *   <li>{@code Allgatherv} of (x, y, z, m) in rank order is the whole system in global key
 *       order, over which every rank builds the same tree ({@link #gather}).</li>
 * </ol>
 *
 * The global key order is kept ({@link #globalKeys}) for the tree. Buffers are reused from
 * step to step; they grow only when a step needs more.
 */
final class CurveDecomposition {
    private final Intracomm comm;
    private final int ranks;
    private final int me;
    private final KeyOrder sorter = new KeyOrder();
    final double[] min = new double[3];
    double side;
    /** The keys of all particles in global order (valid up to {@link #total}). */
    long[] globalKeys = new long[0];
    private long[] globalIds = new long[0];
    private long[] gatheredKeys = new long[0];
    private long[] gatheredIds = new long[0];
    private long[] gatheredWork = new long[0];
    private long[] sortedWork = new long[0];
    /** The first global position each rank owns, and the total at the end. */
    private final int[] starts;
    private int[] globalOrder = new int[0];
    private long[] sortedKeys = new long[0];
    private long[] sortedIds = new long[0];
    private int[] localOrder = new int[0];
    private final int[] counts;
    private final int[] displacements;
    private final int[] sendBytes;
    private final int[] sendAt;
    private final int[] receiveBytes;
    private final int[] receiveAt;
    private byte[] outgoing = new byte[0];
    private byte[] incoming = new byte[0];
    private double[] mine = new double[0];
    /** The whole system as (x, y, z, m), in global key order, after {@link #gather}. */
    double[] all = new double[0];
    int total;
    /** The global index of this rank's first particle after {@link #decompose}. */
    int offset;

    CurveDecomposition(Intracomm comm) {
        this.comm = comm;
        ranks = comm.Size();
        me = comm.Rank();
        counts = new int[ranks];
        starts = new int[ranks + 1];
        displacements = new int[ranks];
        sendBytes = new int[ranks];
        sendAt = new int[ranks];
        receiveBytes = new int[ranks];
        receiveAt = new int[ranks];
    }

    /** The first global position rank {@code r} owns. */
    private int start(int r) {
        return starts[r];
    }

    /**
     * Splits the global order into runs of equal work: position g goes to rank
     * floor(P * (work before g) / total work), so the runs are contiguous and ordered.
     */
    private void splitByWork() {
        long work = 0;
        for (int g = 0; g < total; g++) {
            work += gatheredWork[globalOrder[g]];
        }
        int rank = 0;
        long before = 0;
        starts[0] = 0;
        for (int g = 0; g < total; g++) {
            int owner = (int) Math.min(ranks - 1, before * ranks / work);
            while (rank < owner) {
                starts[++rank] = g;
            }
            before += gatheredWork[globalOrder[g]];
        }
        while (rank < ranks) {
            starts[++rank] = total;
        }
    }

    /** Moves the particles to their owners; {@code spare} is scratch space. Collective. */
    void decompose(Particles local, Particles spare) {
        boundingCube(local);
        int n = local.count;
        for (int i = 0; i < n; i++) {
            local.key[i] = MortonKey.of(local.position[3 * i], local.position[3 * i + 1], local.position[3 * i + 2], min, side);
        }
        if (localOrder.length < n) {
            localOrder = new int[local.id.length];
        }
        if (sortedKeys.length < n) {
            sortedKeys = new long[local.id.length];
            sortedIds = new long[local.id.length];
            sortedWork = new long[local.id.length];
        }
        sorter.sort(local.key, local.id, localOrder, n);
        for (int k = 0; k < n; k++) {
            sortedKeys[k] = local.key[localOrder[k]];
            sortedIds[k] = local.id[localOrder[k]];
            sortedWork[k] = local.work[localOrder[k]];
        }

        int[] count = {n};
        comm.Allgather(count, 0, 1, MPI.INT, counts, 0, 1, MPI.INT);
        total = 0;
        for (int r = 0; r < ranks; r++) {
            displacements[r] = total;
            total += counts[r];
        }
        if (gatheredKeys.length < total) {
            gatheredKeys = new long[total];
            gatheredIds = new long[total];
            gatheredWork = new long[total];
            globalKeys = new long[total];
            globalIds = new long[total];
            globalOrder = new int[total];
        }
        comm.Allgatherv(sortedKeys, 0, n, MPI.LONG, gatheredKeys, 0, counts, displacements, MPI.LONG);
        comm.Allgatherv(sortedIds, 0, n, MPI.LONG, gatheredIds, 0, counts, displacements, MPI.LONG);
        comm.Allgatherv(sortedWork, 0, n, MPI.LONG, gatheredWork, 0, counts, displacements, MPI.LONG);
        sorter.sort(gatheredKeys, gatheredIds, globalOrder, total);
        for (int g = 0; g < total; g++) {
            globalKeys[g] = gatheredKeys[globalOrder[g]];
            globalIds[g] = gatheredIds[globalOrder[g]];
        }
        splitByWork();

        // Owners in sorted order never decrease: one pass assigns them.
        java.util.Arrays.fill(sendBytes, 0);
        if (outgoing.length < n * ParticleRecord.LENGTH) {
            outgoing = new byte[local.id.length * ParticleRecord.LENGTH];
        }
        int owner = 0;
        for (int k = 0; k < n; k++) {
            while (owner + 1 < ranks
                && !KeyOrder.before(sortedKeys[k], sortedIds[k], globalKeys[start(owner + 1)], globalIds[start(owner + 1)])) {
                owner++;
            }
            sendBytes[owner] += ParticleRecord.LENGTH;
            ParticleRecord.pack(local, localOrder[k], outgoing, k);
        }
        comm.Alltoall(sendBytes, 0, 1, MPI.INT, receiveBytes, 0, 1, MPI.INT);
        int incomingBytes = 0;
        for (int r = 0, at = 0; r < ranks; r++) {
            sendAt[r] = at;
            at += sendBytes[r];
            receiveAt[r] = incomingBytes;
            incomingBytes += receiveBytes[r];
        }
        if (incoming.length < incomingBytes) {
            incoming = new byte[incomingBytes + incomingBytes / 4];
        }
        comm.Alltoallv(outgoing, 0, sendBytes, sendAt, MPI.BYTE, incoming, 0, receiveBytes, receiveAt, MPI.BYTE);

        int m = incomingBytes / ParticleRecord.LENGTH;
        offset = start(me);
        if (m != start(me + 1) - offset) {
            throw new IllegalStateException("rank " + me + " received " + m + " particles but owns "
                + (start(me + 1) - offset) + " positions of the curve");
        }
        spare.ensureCapacity(m);
        for (int k = 0; k < m; k++) {
            ParticleRecord.unpack(incoming, k, spare, k);
            spare.key[k] = MortonKey.of(spare.position[3 * k], spare.position[3 * k + 1], spare.position[3 * k + 2], min, side);
        }
        if (localOrder.length < m) {
            localOrder = new int[m];
        }
        sorter.sort(spare.key, spare.id, localOrder, m);
        local.ensureCapacity(m);
        local.count = m;
        for (int k = 0; k < m; k++) {
            int from = localOrder[k];
            local.id[k] = spare.id[from];
            local.key[k] = spare.key[from];
            local.mass[k] = spare.mass[from];
            local.work[k] = spare.work[from];
            System.arraycopy(spare.position, 3 * from, local.position, 3 * k, 3);
            System.arraycopy(spare.velocity, 3 * from, local.velocity, 3 * k, 3);
        }
    }

    /** Gathers every rank's (x, y, z, m) into {@link #all}, in global key order. Collective; after {@link #decompose}. */
    void gather(Particles local) {
        int n = local.count;
        if (mine.length < 4 * n) {
            mine = new double[4 * local.id.length];
        }
        for (int i = 0; i < n; i++) {
            System.arraycopy(local.position, 3 * i, mine, 4 * i, 3);
            mine[4 * i + 3] = local.mass[i];
        }
        for (int r = 0; r < ranks; r++) {
            counts[r] = 4 * (start(r + 1) - start(r));
            displacements[r] = 4 * start(r);
        }
        if (all.length < 4 * total) {
            all = new double[4 * total];
        }
        comm.Allgatherv(mine, 0, 4 * n, MPI.DOUBLE, all, 0, counts, displacements, MPI.DOUBLE);
    }

    private void boundingCube(Particles local) {
        double[] low = {Double.MAX_VALUE, Double.MAX_VALUE, Double.MAX_VALUE};
        double[] high = {-Double.MAX_VALUE, -Double.MAX_VALUE, -Double.MAX_VALUE};
        for (int i = 0; i < local.count; i++) {
            for (int d = 0; d < 3; d++) {
                low[d] = Math.min(low[d], local.position[3 * i + d]);
                high[d] = Math.max(high[d], local.position[3 * i + d]);
            }
        }
        double[] globalHigh = new double[3];
        comm.Allreduce(low, 0, min, 0, 3, MPI.DOUBLE, MPI.MIN);
        comm.Allreduce(high, 0, globalHigh, 0, 3, MPI.DOUBLE, MPI.MAX);
        side = 0;
        for (int d = 0; d < 3; d++) {
            side = Math.max(side, globalHigh[d] - min[d]);
        }
        // Widened a little so the farthest particle falls inside the last cell, not on its edge.
        side = side > 0 ? side * (1 + 1e-9) : 1;
    }
}
