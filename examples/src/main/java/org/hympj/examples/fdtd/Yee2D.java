package org.hympj.examples.fdtd;

import mpi.Cartcomm;
import mpi.Datatype;
import mpi.MPI;
import org.hympj.nested.RangeBody;
import org.hympj.nested.Team;

/**
 * The 2-D transverse-magnetic Yee scheme: {@code Ez} at cell centres, {@code Hx} and
 * {@code Hy} half a cell up and right. Cell (i, j) of a field is {@code i * w + j} with
 * {@code w = ny + 2}: x runs over rows, y along them.
 *
 * <pre>
 *   Hx -= S (Ez[i][j+1] - Ez[i][j])          needs Ez's high halos (row nx+1, column ny+1)
 *   Hy += S (Ez[i+1][j] - Ez[i][j])
 *   Ez  = ca Ez + cb S ((Hy[i][j] - Hy[i-1][j]) - (Hx[i][j] - Hx[i][j-1]))   needs H's low halos
 * </pre>
 *
 * A row halo is contiguous; a column halo is a {@code Vector} of one double every
 * {@code w}, sent straight from the field array.
 */
final class Yee2D extends YeeGrid {
    private final int nx;
    private final int ny;
    private final int w;
    private final double[] ez;
    private final double[] hx;
    private final double[] hy;
    /** Per-cell electric update coefficients; null when periodic (no loss anywhere). */
    private final double[] ca;
    private final double[] cb;
    private final HaloExchange electricHalos;
    private final HaloExchange magneticHalos;
    private final RangeBody magneticRows;
    private final RangeBody electricRows;

    Yee2D(Cartcomm grid, Team team, int n, boolean periodic, int layer, boolean persistent) {
        // 0.99 of the 2-D stability limit 1/sqrt(2).
        super(grid, team, new int[] {n, n}, periodic, layer, 0.99 / Math.sqrt(2));
        nx = size[0];
        ny = size[1];
        w = ny + 2;
        int cells = (nx + 2) * w;
        ez = new double[cells];
        hx = new double[cells];
        hy = new double[cells];
        double[][] coefficients = lossCoefficients(cells, w, 1);
        ca = periodic ? null : coefficients[0];
        cb = periodic ? null : coefficients[1];
        Datatype row = Datatype.Contiguous(ny, MPI.DOUBLE);
        row.Commit();
        Datatype column = Datatype.Vector(nx, 1, w, MPI.DOUBLE);
        column.Commit();
        // Ez's first row and column go to the low neighbours, whose high halos they are.
        electricHalos = new HaloExchange(grid, 100)
            .face(ez, 0, -1, w + 1, (nx + 1) * w + 1, row)
            .face(ez, 1, -1, w + 1, w + ny + 1, column);
        // H's last row (Hy) and column (Hx) go to the high neighbours' low halos.
        magneticHalos = new HaloExchange(grid, 200)
            .face(hy, 0, 1, nx * w + 1, 1, row)
            .face(hx, 1, 1, w + ny, w, column);
        if (persistent) {
            electricHalos.persistent();
            magneticHalos.persistent();
        }
        double s = courant;
        magneticRows = (lo, hi) -> {
            for (int i = lo; i < hi; i++) {
                for (int c = i * w + 1, end = i * w + ny; c <= end; c++) {
                    hx[c] -= s * (ez[c + 1] - ez[c]);
                    hy[c] += s * (ez[c + w] - ez[c]);
                }
            }
        };
        electricRows = periodic
            ? (lo, hi) -> {
                for (int i = lo; i < hi; i++) {
                    for (int c = i * w + 1, end = i * w + ny; c <= end; c++) {
                        ez[c] += s * ((hy[c] - hy[c - w]) - (hx[c] - hx[c - 1]));
                    }
                }
            }
            : (lo, hi) -> {
                for (int i = lo; i < hi; i++) {
                    for (int c = i * w + 1, end = i * w + ny; c <= end; c++) {
                        ez[c] = ca[c] * ez[c] + cb[c] * ((hy[c] - hy[c - w]) - (hx[c] - hx[c - 1]));
                    }
                }
            };
    }

    @Override
    void step(int step) {
        electricHalos.exchange();
        team.parallelFor(1, nx + 1, magneticRows);
        magneticHalos.exchange();
        team.parallelFor(1, nx + 1, electricRows);
        if (holdsSource()) {
            ez[(source[0] - from[0] + 1) * w + source[1] - from[1] + 1] += sourceAt(step);
        }
    }

    @Override
    String[] fieldNames() {
        return new String[] {"Ez", "Hx", "Hy"};
    }

    @Override
    double[] interior(int f) {
        double[] field = f == 0 ? ez : f == 1 ? hx : hy;
        double[] out = new double[nx * ny];
        for (int i = 1; i <= nx; i++) {
            System.arraycopy(field, i * w + 1, out, (i - 1) * ny, ny);
        }
        return out;
    }

    @Override
    double localEnergy() {
        double sum = 0;
        for (int i = 1; i <= nx; i++) {
            for (int c = i * w + 1, end = i * w + ny; c <= end; c++) {
                sum += ez[c] * ez[c] + hx[c] * hx[c] + hy[c] * hy[c];
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
