import java.nio.ByteBuffer;
import mpi.*;
public class PutLoop {
  public static void main(String[] a) throws Exception {
    MPI.Init(a);
    Intracomm w = MPI.COMM_WORLD; int rank = w.getRank();
    int size = 8;
    ByteBuffer mem = MPI.newByteBuffer(4096);
    Win win = a.length > 0 && a[0].equals("shared") ? new Win(4096, 1, MPI.INFO_NULL, w, mem, Win.FLAVOR_SHARED) : new Win(mem, 4096, 1, MPI.INFO_NULL, w);
    ByteBuffer o = MPI.newByteBuffer(4096);
    w.barrier();
    if (rank == 0) {
      win.lockAll(0);
      for (int round = 0; round < 30; round++) {
        long t = System.nanoTime(); int n = 2000;
        for (int i = 0; i < n; i++) { win.put(o, size, MPI.BYTE, 1, 0, size, MPI.BYTE); win.flush(1); }
        System.out.printf("round %d %.2f us%n", round, (System.nanoTime()-t)/1e3/n);
      }
      win.unlockAll();
    }
    w.barrier();
    win.free();
    MPI.Finalize();
  }
}
