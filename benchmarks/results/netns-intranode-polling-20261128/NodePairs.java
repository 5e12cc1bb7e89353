import mpi.*;
/** Ranks in pairs (2i, 2i+1), 8-byte ping-pong; rank 0 prints its one-way latency per round. */
public class NodePairs {
  public static void main(String[] a) throws Exception {
    MPI.Init(a);
    int rank = MPI.COMM_WORLD.Rank(), peer = rank ^ 1;
    int rounds = a.length > 0 ? Integer.parseInt(a[0]) : 20, n = 10000;
    int active = a.length > 1 ? Integer.parseInt(a[1]) : MPI.COMM_WORLD.Size();
    Intracomm c = MPI.COMM_WORLD.Split(rank < active ? 0 : 1, rank);
    if (rank >= active) { Thread.sleep(Long.parseLong(a[2])); MPI.Finalize(); return; }
    byte[] b = new byte[8];
    StringBuilder out = new StringBuilder();
    for (int r = 0; r < rounds; r++) {
      c.Barrier();
      long t = System.nanoTime();
      for (int i = 0; i < n; i++) {
        if ((rank & 1) == 0) { MPI.COMM_WORLD.Send(b, 0, 8, MPI.BYTE, peer, 1); MPI.COMM_WORLD.Recv(b, 0, 8, MPI.BYTE, peer, 1); }
        else { MPI.COMM_WORLD.Recv(b, 0, 8, MPI.BYTE, peer, 1); MPI.COMM_WORLD.Send(b, 0, 8, MPI.BYTE, peer, 1); }
      }
      out.append(String.format(" %.2f", (System.nanoTime() - t) / 2e3 / n));
    }
    if (rank == 0 || rank == 2) System.out.println("rank " + rank + ":" + out);
    MPI.Finalize();
  }
}
