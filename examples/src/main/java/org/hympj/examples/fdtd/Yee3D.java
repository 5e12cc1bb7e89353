package org.hympj.examples.fdtd;

import mpi.Cartcomm;
import mpi.Datatype;
import mpi.MPI;
import org.hympj.nested.RangeBody;
import org.hympj.nested.Team;

/**
 * The 3-D Yee scheme: six field components on staggered positions. Cell (i, j, k) is
 * {@code i * p + j * r + k} with {@code r = nz + 2}, {@code p = (ny + 2) * r}.
 *
 * <pre>
 *   H -= S curl E   (forward differences: needs E's high halos)
 *   E  = ca E + cb S curl H   (backward differences: needs H's low halos)
 *
 *   plane    datatype                                      a face of
 *   x = i    Vector(ny, nz, r)                            runs of nz, r apart
 *   y = j    Vector(nx, nz, p)                            runs of nz, p apart
 *   z = k    Hvector(nx, 1, p, Vector(ny, 1, r))          single doubles on a 2-D lattice
 * </pre>
 *
 * Only the components a neighbour's update reads cross each face: across x, {@code Ey} and
 * {@code Ez} one way and {@code Hy} and {@code Hz} the other; likewise for y and z.
 */
final class Yee3D extends YeeGrid {
    private final int nx;
    private final int ny;
    private final int nz;
    private final int r;
    private final int p;
    private final double[] ex;
    private final double[] ey;
    private final double[] ez;
    private final double[] hx;
    private final double[] hy;
    private final double[] hz;
    private final double[] ca;
    private final double[] cb;
    private final HaloExchange electricHalos;
    private final HaloExchange magneticHalos;
    private final RangeBody magneticSlabs;
    private final RangeBody electricSlabs;

    Yee3D(Cartcomm grid, Team team, int n, boolean periodic, int layer, boolean persistent) {
        // 0.99 of the 3-D stability limit 1/sqrt(3).
        super(grid, team, new int[] {n, n, n}, periodic, layer, 0.99 / Math.sqrt(3));
        nx = size[0];
        ny = size[1];
        nz = size[2];
        r = nz + 2;
        p = (ny + 2) * r;
        int cells = (nx + 2) * p;
        ex = new double[cells];
        ey = new double[cells];
        ez = new double[cells];
        hx = new double[cells];
        hy = new double[cells];
        hz = new double[cells];
        double[][] coefficients = lossCoefficients(cells, p, r, 1);
        ca = periodic ? null : coefficients[0];
        cb = periodic ? null : coefficients[1];
        Datatype xPlane = Datatype.Vector(ny, nz, r, MPI.DOUBLE);
        xPlane.Commit();
        Datatype yPlane = Datatype.Vector(nx, nz, p, MPI.DOUBLE);
        yPlane.Commit();
        Datatype zLine = Datatype.Vector(ny, 1, r, MPI.DOUBLE);
        Datatype zPlane = Datatype.Hvector(nx, 1, p, zLine);
        zPlane.Commit();
        int x1 = at(1, 1, 1);
        electricHalos = new HaloExchange(grid, 300)
            .face(ey, 0, -1, x1, at(nx + 1, 1, 1), xPlane)
            .face(ez, 0, -1, x1, at(nx + 1, 1, 1), xPlane)
            .face(ex, 1, -1, x1, at(1, ny + 1, 1), yPlane)
            .face(ez, 1, -1, x1, at(1, ny + 1, 1), yPlane)
            .face(ex, 2, -1, x1, at(1, 1, nz + 1), zPlane)
            .face(ey, 2, -1, x1, at(1, 1, nz + 1), zPlane);
        magneticHalos = new HaloExchange(grid, 400)
            .face(hy, 0, 1, at(nx, 1, 1), at(0, 1, 1), xPlane)
            .face(hz, 0, 1, at(nx, 1, 1), at(0, 1, 1), xPlane)
            .face(hx, 1, 1, at(1, ny, 1), at(1, 0, 1), yPlane)
            .face(hz, 1, 1, at(1, ny, 1), at(1, 0, 1), yPlane)
            .face(hx, 2, 1, at(1, 1, nz), at(1, 1, 0), zPlane)
            .face(hy, 2, 1, at(1, 1, nz), at(1, 1, 0), zPlane);
        if (persistent) {
            electricHalos.persistent();
            magneticHalos.persistent();
        }
        double s = courant;
        magneticSlabs = (lo, hi) -> {
            for (int i = lo; i < hi; i++) {
                for (int j = 1; j <= ny; j++) {
                    for (int c = i * p + j * r + 1, end = c + nz; c < end; c++) {
                        hx[c] -= s * ((ez[c + r] - ez[c]) - (ey[c + 1] - ey[c]));
                        hy[c] -= s * ((ex[c + 1] - ex[c]) - (ez[c + p] - ez[c]));
                        hz[c] -= s * ((ey[c + p] - ey[c]) - (ex[c + r] - ex[c]));
                    }
                }
            }
        };
        electricSlabs = periodic
            ? (lo, hi) -> {
                for (int i = lo; i < hi; i++) {
                    for (int j = 1; j <= ny; j++) {
                        for (int c = i * p + j * r + 1, end = c + nz; c < end; c++) {
                            ex[c] += s * ((hz[c] - hz[c - r]) - (hy[c] - hy[c - 1]));
                            ey[c] += s * ((hx[c] - hx[c - 1]) - (hz[c] - hz[c - p]));
                            ez[c] += s * ((hy[c] - hy[c - p]) - (hx[c] - hx[c - r]));
                        }
                    }
                }
            }
            : (lo, hi) -> {
                for (int i = lo; i < hi; i++) {
                    for (int j = 1; j <= ny; j++) {
                        for (int c = i * p + j * r + 1, end = c + nz; c < end; c++) {
                            ex[c] = ca[c] * ex[c] + cb[c] * ((hz[c] - hz[c - r]) - (hy[c] - hy[c - 1]));
                            ey[c] = ca[c] * ey[c] + cb[c] * ((hx[c] - hx[c - 1]) - (hz[c] - hz[c - p]));
                            ez[c] = ca[c] * ez[c] + cb[c] * ((hy[c] - hy[c - p]) - (hx[c] - hx[c - r]));
                        }
                    }
                }
            };
    }

    private int at(int i, int j, int k) {
        return i * p + j * r + k;
    }

    @Override
    void step(int step) {
        electricHalos.exchange();
        team.parallelFor(1, nx + 1, magneticSlabs);
        magneticHalos.exchange();
        team.parallelFor(1, nx + 1, electricSlabs);
        if (holdsSource()) {
            ez[at(source[0] - from[0] + 1, source[1] - from[1] + 1, source[2] - from[2] + 1)] += sourceAt(step);
        }
    }

    @Override
    String[] fieldNames() {
        return new String[] {"Ex", "Ey", "Ez", "Hx", "Hy", "Hz"};
    }

    @Override
    double[] interior(int f) {
        double[] field = new double[][] {ex, ey, ez, hx, hy, hz}[f];
        double[] out = new double[nx * ny * nz];
        int o = 0;
        for (int i = 1; i <= nx; i++) {
            for (int j = 1; j <= ny; j++) {
                System.arraycopy(field, at(i, j, 1), out, o, nz);
                o += nz;
            }
        }
        return out;
    }

    @Override
    double localEnergy() {
        double sum = 0;
        for (int i = 1; i <= nx; i++) {
            for (int j = 1; j <= ny; j++) {
                for (int c = at(i, j, 1), end = c + nz; c < end; c++) {
                    sum += ex[c] * ex[c] + ey[c] * ey[c] + ez[c] * ez[c] + hx[c] * hx[c] + hy[c] * hy[c] + hz[c] * hz[c];
                }
            }
        }
        return sum;
    }

    @Override
    void free() {
        electricHalos.free();
        magneticHalos.free();
    }
}
