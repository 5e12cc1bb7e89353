package org.hympj.net.ucx;
public class CallCost {
  public static void main(String[] a) throws Exception {
    UcxWorker w = UcxWorker.get();
    java.lang.foreign.MemorySegment none = java.lang.foreign.MemorySegment.NULL;
    for (int round = 0; round < 5; round++) {
      int n = 2_000_000; long t0 = System.nanoTime(); long sum = 0;
      for (int i = 0; i < n; i++) sum += w.progress();
      long t1 = System.nanoTime();
      System.out.printf("ucp_worker_progress (idle worker), round %d: %.1f ns per call%n", round, (t1 - t0) / (double) n);
    }
    System.exit(0);
  }
}
