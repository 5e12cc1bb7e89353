package org.hympj.examples.fdtd;

import java.util.ArrayList;
import java.util.List;
import mpi.Cartcomm;
import mpi.Datatype;
import mpi.Prequest;
import mpi.Request;
import mpi.ShiftParms;

/**
 * One halo exchange of a Yee grid: a list of faces, each sending one plane of one field to
 * the neighbour on one side of a dimension and receiving the same plane of the same field
 * from the neighbour on the other side into the halo. Planes are described by datatypes
 * ({@code Vector}, {@code Hvector}), so a strided plane leaves the field array directly.
 *
 * <p>With {@code persistent}, the requests are made once ({@code Send_init}/{@code Recv_init})
 * and each exchange is one {@code Startall} and one {@code Waitall}; otherwise every exchange
 * posts fresh {@code Irecv}s and {@code Isend}s. Both give the same halos. A face past a
 * non-periodic edge talks to {@code PROC_NULL}: its halo keeps its zeros (a perfect
 * conductor behind the absorbing layer).
 */
final class HaloExchange {
    private final Cartcomm grid;
    private final int tagBase;
    private final List<Face> faces = new ArrayList<>();
    private Request[] requests;
    private Prequest[] persistent;

    /** A plane of {@code field} that goes to rank {@code dest} while the same plane comes from {@code source}. */
    private record Face(double[] field, int source, int dest, int sendOffset, int recvOffset, Datatype plane) {
    }

    HaloExchange(Cartcomm grid, int tagBase) {
        this.grid = grid;
        this.tagBase = tagBase;
    }

    /**
     * Adds a face: {@code field}'s plane at {@code sendOffset} goes to the neighbour toward
     * {@code toward} along {@code dim}; the opposite neighbour's same plane lands at
     * {@code recvOffset}.
     */
    HaloExchange face(double[] field, int dim, int toward, int sendOffset, int recvOffset, Datatype plane) {
        if (requests != null) {
            throw new IllegalStateException("faces are added before the first exchange");
        }
        ShiftParms neighbours = grid.Shift(dim, toward);
        faces.add(new Face(field, neighbours.rank_source, neighbours.rank_dest, sendOffset, recvOffset, plane));
        return this;
    }

    /** Makes the persistent requests, once; later exchanges start them. */
    HaloExchange persistent() {
        persistent = new Prequest[2 * faces.size()];
        for (int f = 0; f < faces.size(); f++) {
            Face face = faces.get(f);
            persistent[2 * f] = grid.Recv_init(face.field, face.recvOffset, 1, face.plane, face.source, tagBase + f);
            persistent[2 * f + 1] = grid.Send_init(face.field, face.sendOffset, 1, face.plane, face.dest, tagBase + f);
        }
        requests = persistent;
        return this;
    }

    /** Exchanges every face and returns when all halos have arrived and all planes have left. */
    void exchange() {
        if (persistent != null) {
            Prequest.Startall(persistent);
        } else {
            if (requests == null) {
                requests = new Request[2 * faces.size()];
            }
            for (int f = 0; f < faces.size(); f++) {
                Face face = faces.get(f);
                // The tag tells this face's messages from the others' when both neighbours
                // along a dimension are one rank (two ranks, or one, on a periodic dimension).
                requests[2 * f] = grid.Irecv(face.field, face.recvOffset, 1, face.plane, face.source, tagBase + f);
                requests[2 * f + 1] = grid.Isend(face.field, face.sendOffset, 1, face.plane, face.dest, tagBase + f);
            }
        }
        Request.Waitall(requests);
    }

    /** Frees the persistent requests. */
    void free() {
        if (persistent != null) {
            for (Prequest p : persistent) {
                p.Free();
            }
            persistent = null;
        }
    }
}
