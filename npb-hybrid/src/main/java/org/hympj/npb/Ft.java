package org.hympj.npb;

import mpi.MPI;
import org.hympj.nested.Team;
import org.hympj.npb.numerics.Fft;
import org.hympj.npb.numerics.Randlc;

/**
 * NPB FT: a 3-D diffusion equation solved spectrally. A complex field of NPB random numbers
 * is transformed forward once; each iteration multiplies the spectrum by
 * exp(-4 alpha pi^2 |k|^2) (cumulatively), transforms it back, and verifies a checksum of
 * 1024 scattered elements against the official value to relative 1e-12.
 *
 * <p>Distribution: in space, each rank holds a slab of z-planes (layout A: x fastest, then
 * y, then the rank's planes); in frequency, a slab of y-rows (layout B: x fastest, then all
 * z, then the rank's rows). x- and y-transforms run on layout A, z-transforms on layout B,
 * and an Alltoall transposes between them. In the hybrid form a rank's team shares its
 * planes, rows and lines. Complex numbers are pairs of doubles, interleaved.
 */
public final class Ft {
    private static final long SEED = 314159265L;
    private static final double ALPHA = 1e-6;
    private static final double EPSILON = 1e-12;
    private static final int CHECKSUM_POINTS = 1024;

    private Ft() {
    }

    /** Class S to C: the grid, the iterations and the official checksums (real, imaginary per iteration). */
    enum Size {
        S(64, 64, 64, new double[] {5.546087004964e+02, 4.845363331978e+02, 5.546385409189e+02, 4.865304269511e+02,
            5.546148406171e+02, 4.883910722336e+02, 5.545423607415e+02, 4.901273169046e+02, 5.544255039624e+02,
            4.917475857993e+02, 5.542683411902e+02, 4.932597244941e+02}),
        W(128, 128, 32, new double[] {5.673612178944e+02, 5.293246849175e+02, 5.631436885271e+02, 5.282149986629e+02,
            5.594024089970e+02, 5.270996558037e+02, 5.560698047020e+02, 5.260027904925e+02, 5.530898991250e+02,
            5.249400845633e+02, 5.504159734538e+02, 5.239212247086e+02}),
        A(256, 256, 128, new double[] {5.046735008193e+02, 5.114047905510e+02, 5.059412319734e+02, 5.098809666433e+02,
            5.069376896287e+02, 5.098144042213e+02, 5.077892868474e+02, 5.101336130759e+02, 5.085233095391e+02,
            5.104914655194e+02, 5.091487099959e+02, 5.107917842803e+02}),
        B(512, 256, 256, new double[] {5.177643571579e+02, 5.077803458597e+02, 5.154521291263e+02, 5.088249431599e+02,
            5.146409228649e+02, 5.096208912659e+02, 5.142378756213e+02, 5.101023387619e+02, 5.139626667737e+02,
            5.103976610617e+02, 5.137423460082e+02, 5.105948019802e+02, 5.135547056878e+02, 5.107404165783e+02,
            5.133910925466e+02, 5.108576573661e+02, 5.132470705390e+02, 5.109577278523e+02, 5.131197729984e+02,
            5.110460304483e+02, 5.130070319283e+02, 5.111252433800e+02, 5.129070537032e+02, 5.111968077718e+02,
            5.128182883502e+02, 5.112616233064e+02, 5.127393733383e+02, 5.113203605551e+02, 5.126691062020e+02,
            5.113735928093e+02, 5.126064276004e+02, 5.114218460548e+02, 5.125504076570e+02, 5.114656139760e+02,
            5.125002331720e+02, 5.115053595966e+02, 5.124551951846e+02, 5.115415130407e+02, 5.124146770029e+02,
            5.115744692211e+02}),
        C(512, 512, 512, new double[] {5.195078707457e+02, 5.149019699238e+02, 5.155422171134e+02, 5.127578201997e+02,
            5.144678022222e+02, 5.122251847514e+02, 5.140150594328e+02, 5.121090289018e+02, 5.137550426810e+02,
            5.121143685824e+02, 5.135811056728e+02, 5.121496764568e+02, 5.134569343165e+02, 5.121870921893e+02,
            5.133651975661e+02, 5.122193250322e+02, 5.132955192805e+02, 5.122454735794e+02, 5.132410471738e+02,
            5.122663649603e+02, 5.131971141679e+02, 5.122830879827e+02, 5.131605205716e+02, 5.122965869718e+02,
            5.131290734194e+02, 5.123075927445e+02, 5.131012720314e+02, 5.123166486553e+02, 5.130760908195e+02,
            5.123241541685e+02, 5.130528295923e+02, 5.123304037599e+02, 5.130310107773e+02, 5.123356167976e+02,
            5.130103090133e+02, 5.123399592211e+02, 5.129905029333e+02, 5.123435588985e+02, 5.129714421109e+02,
            5.123465164008e+02});

        final int nx;
        final int ny;
        final int nz;
        final double[] checksums;

        Size(int nx, int ny, int nz, double[] checksums) {
            this.nx = nx;
            this.ny = ny;
            this.nz = nz;
            this.checksums = checksums;
        }

        int iterations() {
            return checksums.length / 2;
        }

        long points() {
            return (long) nx * ny * nz;
        }

        /** Floating-point operations of a run, as the NPB reports count them. */
        double operations() {
            double n = points();
            return n * (14.8157 + 7.19641 * Math.log(n) + (5.23518 + 7.21113 * Math.log(n)) * iterations());
        }
    }

    record Result(Size size, double[] checksums, int iterationsVerified, double seconds, int ranks, int threads) {
        boolean verified() {
            return iterationsVerified == size.iterations();
        }
    }

    /** One rank's share of the field and the buffers the run reuses. */
    private static final class Field {
        final Size size;
        final Team team;
        final int ranks;
        final int rank;
        final int planes;
        final int rows;
        final int firstPlane;
        final int firstRow;
        final double[] u0;
        final double[] u1;
        final double[] u2;
        final double[] twiddle;
        final double[] send;
        final double[] recv;

        Field(Size size, Team team) {
            this.size = size;
            this.team = team;
            ranks = MPI.COMM_WORLD.Size();
            rank = MPI.COMM_WORLD.Rank();
            planes = size.nz / ranks;
            rows = size.ny / ranks;
            firstPlane = planes * rank;
            firstRow = rows * rank;
            int local = 2 * size.nx * size.ny * planes;
            u0 = new double[local];
            u1 = new double[local];
            u2 = new double[local];
            twiddle = new double[local / 2];
            send = new double[local];
            recv = new double[local];
        }

        void forEach(int count, java.util.function.IntConsumer body) {
            if (team == null) {
                for (int i = 0; i < count; i++) {
                    body.accept(i);
                }
            } else {
                team.parallelFor(0, count, (lo, hi) -> {
                    for (int i = lo; i < hi; i++) {
                        body.accept(i);
                    }
                });
            }
        }

        /** {@code body} over [0, count), whole or shared by the team in ranges. */
        void forRanges(int count, org.hympj.nested.RangeBody body) {
            if (team == null) {
                body.run(0, count);
            } else {
                team.parallelFor(0, count, body);
            }
        }

        /** The NPB random field in layout A: element e of the whole grid takes deviates 2e+1 and 2e+2. */
        void initialConditions(double[] u) {
            int nx = size.nx;
            int ny = size.ny;
            forEach(planes, k -> {
                long e = ((long) (firstPlane + k)) * nx * ny;
                long x = Randlc.skip(SEED, Randlc.A, 2 * e);
                int at = 2 * k * nx * ny;
                for (int n = 0; n < 2 * nx * ny; n++) {
                    x = Randlc.multiply(Randlc.A, x);
                    u[at + n] = Randlc.deviate(x);
                }
            });
        }

        /** exp(-4 alpha pi^2 (i'^2 + j'^2 + k'^2)) in layout B, with i' the signed frequency of index i. */
        void indexMap() {
            int nx = size.nx;
            int nz = size.nz;
            double ap = -4.0 * ALPHA * Math.PI * Math.PI;
            forEach(rows, jl -> {
                int jj = frequency(firstRow + jl, size.ny);
                for (int k = 0; k < nz; k++) {
                    int kk = frequency(k, nz);
                    int at = (jl * nz + k) * nx;
                    for (int i = 0; i < nx; i++) {
                        int ii = frequency(i, nx);
                        twiddle[at + i] = Math.exp(ap * (ii * ii + jj * jj + kk * kk));
                    }
                }
            });
        }

        private static int frequency(int index, int n) {
            return (index + n / 2) % n - n / 2;
        }

        /** Forward: layout A {@code in} to layout B {@code out}. */
        void forward(double[] in, double[] out) {
            transformXY(in, 1);
            transpose(in, out, true);
            transformZ(out, 1);
        }

        /** Inverse: layout B {@code in} (left changed) to layout A {@code out}. */
        void inverse(double[] in, double[] out) {
            transformZ(in, -1);
            transpose(in, out, false);
            transformXY(out, -1);
        }

        /** x- then y-transforms of every plane of layout A (x-lines are contiguous, y-lines 2 nx apart). */
        private void transformXY(double[] u, int sign) {
            int nx = size.nx;
            int ny = size.ny;
            forRanges(planes, (lo, hi) -> {
                Fft x = new Fft(nx);
                Fft y = new Fft(ny);
                for (int k = lo; k < hi; k++) {
                    int plane = 2 * k * nx * ny;
                    x.transformLines(u, plane, 2 * nx, 2, ny, sign);
                    y.transformLines(u, plane, 2, 2 * nx, nx, sign);
                }
            });
        }

        /** z-transforms of every row of layout B (z-lines 2 nx apart). */
        private void transformZ(double[] u, int sign) {
            int nx = size.nx;
            int nz = size.nz;
            forRanges(rows, (lo, hi) -> {
                Fft z = new Fft(nz);
                for (int jl = lo; jl < hi; jl++) {
                    z.transformLines(u, 2 * jl * nz * nx, 2, 2 * nx, nx, sign);
                }
            });
        }

        /**
         * Between layout A (planes of this rank, all rows) and layout B (rows of this rank,
         * all planes): the block for rank q is (this rank's planes) × (q's rows) × all x.
         */
        private void transpose(double[] from, double[] to, boolean aToB) {
            int nx2 = 2 * size.nx;
            int ny = size.ny;
            int nz = size.nz;
            int block = planes * rows * nx2;
            // Pack: block q holds, for each local plane k and each row j of q, one x-line.
            forEach(ranks, q -> {
                int at = q * block;
                for (int k = 0; k < planes; k++) {
                    for (int j = 0; j < rows; j++) {
                        int src = aToB ? (k * ny + q * rows + j) * nx2 : (j * nz + q * planes + k) * nx2;
                        System.arraycopy(from, src, send, at, nx2);
                        at += nx2;
                    }
                }
            });
            MPI.COMM_WORLD.Alltoall(send, 0, block, MPI.DOUBLE, recv, 0, block, MPI.DOUBLE);
            forEach(ranks, p -> {
                int at = p * block;
                for (int k = 0; k < planes; k++) {
                    for (int j = 0; j < rows; j++) {
                        int dst = aToB ? (j * nz + p * planes + k) * nx2 : (k * ny + p * rows + j) * nx2;
                        System.arraycopy(recv, at, to, dst, nx2);
                        at += nx2;
                    }
                }
            });
        }

        /** u0 *= twiddle (cumulatively), u1 = u0. */
        void evolve() {
            int perRow = 2 * size.nz * size.nx;
            forEach(rows, jl -> {
                int from = jl * perRow;
                for (int n = from; n < from + perRow; n += 2) {
                    double t = twiddle[n >> 1];
                    u0[n] *= t;
                    u0[n + 1] *= t;
                    u1[n] = u0[n];
                    u1[n + 1] = u0[n + 1];
                }
            });
        }

        /** The sum of 1024 scattered elements of {@code u} (layout A) over the whole grid, divided by its size. */
        double[] checksum(double[] u) {
            double[] local = new double[2];
            int nx = size.nx;
            int ny = size.ny;
            for (int j = 1; j <= CHECKSUM_POINTS; j++) {
                int q = j % nx;
                int r = (3 * j) % ny;
                int s = (5 * j) % size.nz;
                if (s >= firstPlane && s < firstPlane + planes) {
                    int at = 2 * (((s - firstPlane) * ny + r) * nx + q);
                    local[0] += u[at];
                    local[1] += u[at + 1];
                }
            }
            double[] all = new double[2];
            MPI.COMM_WORLD.Allreduce(local, 0, all, 0, 2, MPI.DOUBLE, MPI.SUM);
            all[0] /= size.points();
            all[1] /= size.points();
            return all;
        }
    }

    /** Runs FT on every rank of COMM_WORLD (with {@code team}, the hybrid form, or alone if null). */
    static Result run(Size size, Team team) {
        int ranks = MPI.COMM_WORLD.Size();
        if (Integer.bitCount(ranks) != 1 || ranks > Math.min(size.ny, size.nz)) {
            throw new IllegalArgumentException("FT class " + size + " runs on a power-of-two number of ranks up to "
                + Math.min(size.ny, size.nz) + ", not " + ranks);
        }
        MemoryCheck.require("FT", size, 88.0 * size.points() / ranks);
        Field f = new Field(size, team);
        // Once untimed, as the reference does, so that all memory is touched.
        f.indexMap();
        f.initialConditions(f.u1);
        f.forward(f.u1, f.u0);
        MPI.COMM_WORLD.Barrier();
        double start = MPI.Wtime();
        f.indexMap();
        f.initialConditions(f.u1);
        f.forward(f.u1, f.u0);
        double[] sums = new double[2 * size.iterations()];
        int verified = 0;
        for (int it = 1; it <= size.iterations(); it++) {
            f.evolve();
            f.inverse(f.u1, f.u2);
            double[] chk = f.checksum(f.u2);
            sums[2 * it - 2] = chk[0];
            sums[2 * it - 1] = chk[1];
            double re = size.checksums[2 * it - 2];
            double im = size.checksums[2 * it - 1];
            if (Math.abs((chk[0] - re) / re) <= EPSILON && Math.abs((chk[1] - im) / im) <= EPSILON) {
                verified++;
            }
        }
        double[] time = {MPI.Wtime() - start};
        double[] maxTime = new double[1];
        MPI.COMM_WORLD.Allreduce(time, 0, maxTime, 0, 1, MPI.DOUBLE, MPI.MAX);
        return new Result(size, sums, verified, maxTime[0], ranks, team == null ? 1 : team.size());
    }
}
