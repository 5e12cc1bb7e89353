package org.hympj.npb;

import java.util.Arrays;
import mpi.MPI;
import org.hympj.nested.Team;
import org.hympj.npb.numerics.Keys;
import org.hympj.npb.numerics.Randlc;

/**
 * NPB IS (integer sort), as the NPB MPI version does it: 2^k keys in [0, 2^m), made with the
 * NPB generator (each key the scaled sum of four deviates), are ranked ten times by a bucket
 * sort. Each rank counts its keys per bucket; an Allreduce of the counts (which also carries
 * the five test keys to everyone) decides which contiguous range of buckets each rank owns;
 * an Alltoallv of the bucket counts and an Alltoallv of the keys send every key to its owner,
 * which ranks its keys by counting. Each iteration first changes two keys and then checks the
 * rank of the five test keys against the official values; after the last, the keys are
 * checked to be sorted across all ranks.
 *
 * <p>Keys travel as NPB's IS sends them, 32-bit integers, each rank's in bucket order. The
 * exchange of the bucket counts tells each owner where every sender's keys of each bucket lie
 * in what it receives, so that in the hybrid form each thread of the team ranks the keys of
 * its own run of buckets. IS's time is mostly moving keys: the scatter's writes, the exchange
 * (two copies between JVMs) and the ranking's reads.
 *
 * <p>In the hybrid form a rank's team generates the keys and counts them into buckets, each
 * thread into a histogram of its own, and ranks them, each thread the values of its own run
 * of buckets.
 */
public final class Is {
    static final int MAX_ITERATIONS = 10;
    private static final int TEST_ARRAY_SIZE = 5;
    private static final long SEED = 314159265L;

    private Is() {
    }

    /** Class S to C: log2 of the key count, the key range and the bucket count; the test keys. */
    enum Size {
        S(16, 11, 9, new long[] {48427, 17148, 23627, 62548, 4431}, new long[] {0, 18, 346, 64917, 65463}),
        W(20, 16, 10, new long[] {357773, 934767, 875723, 898999, 404505}, new long[] {1249, 11698, 1039987, 1043896, 1048018}),
        A(23, 19, 10, new long[] {2112377, 662041, 5336171, 3642833, 4250760}, new long[] {104, 17523, 123928, 8288932, 8388264}),
        B(25, 21, 10, new long[] {41869, 812306, 5102857, 18232239, 26860214}, new long[] {33422937, 10244, 59149, 33135281, 99}),
        C(27, 23, 10, new long[] {44172927, 72999161, 74326391, 129606274, 21736814},
            new long[] {61147, 882988, 266290, 133997595, 133525895});

        final int totalKeysLog2;
        final int maxKeyLog2;
        final int bucketsLog2;
        final long[] testIndex;
        final long[] testRank;

        Size(int totalKeysLog2, int maxKeyLog2, int bucketsLog2, long[] testIndex, long[] testRank) {
            this.totalKeysLog2 = totalKeysLog2;
            this.maxKeyLog2 = maxKeyLog2;
            this.bucketsLog2 = bucketsLog2;
            this.testIndex = testIndex;
            this.testRank = testRank;
        }

        long totalKeys() {
            return 1L << totalKeysLog2;
        }

        /** The rank test key {@code i} must have at iteration {@code it} (the official shifts). */
        long expectedRank(int i, int it) {
            long r = testRank[i];
            switch (this) {
                case S: case C: return i <= 2 ? r + it : r - it;
                case W: return i < 2 ? r + (it - 2) : r - it;
                case A: return i <= 2 ? r + (it - 1) : r - (it - 1);
                default: return i == 1 || i == 2 || i == 4 ? r + it : r - it;
            }
        }
    }

    /** What one run found. */
    record Result(Size size, double seconds, int ranks, int threads, int partialPassed, boolean sorted) {
        boolean verified() {
            return sorted && partialPassed == TEST_ARRAY_SIZE * MAX_ITERATIONS;
        }
    }

    /** The state of one rank's sort: its keys and the buffers every iteration reuses. */
    private static final class Ranker {
        final Size size;
        final Team team;
        final int rank;
        final int ranks;
        final int localKeys;
        final int maxKey;
        final int buckets;
        final int shift;
        final int[] keys;
        /** This rank's keys, bucket by bucket, for the exchange. */
        final int[] bucketed;
        /** The keys this rank owns, from each rank in turn, bucket by bucket. */
        int[] received;
        int receivedCount;
        final int[][] threadHistograms;
        /** Per team thread, where its next key of each bucket goes in the parallel scatter. */
        final int[][] threadNext;
        final int[] bucketSize;
        final int[] bucketTotals;
        final int[] bucketPtrs;
        final int[] sendCount;
        final int[] sendDispl;
        final int[] recvCount;
        final int[] recvDispl;
        final int[] firstBucket;
        final int[] lastBucket;
        /** How many buckets each rank owns; this rank's share of them is {@link #ownBuckets}. */
        final int[] ownedBuckets;
        int ownBuckets;
        /** Per rank, the number of bucket counts it sends this rank ({@link #ownBuckets}) and where they go. */
        final int[] runsFrom;
        final int[] runsDispl;
        /** For each rank s and owned bucket b, at {@code s * ownBuckets + b}: how many keys s sent, and where they start in {@link #received}. */
        int[] runCounts;
        int[] runStarts;
        int[] counts;
        int minKey;
        int maxKeyHere;
        int passed;

        Ranker(Size size, Team team) {
            this.size = size;
            this.team = team;
            rank = MPI.COMM_WORLD.Rank();
            ranks = MPI.COMM_WORLD.Size();
            localKeys = (int) (size.totalKeys() / ranks);
            maxKey = 1 << size.maxKeyLog2;
            buckets = 1 << size.bucketsLog2;
            shift = size.maxKeyLog2 - size.bucketsLog2;
            keys = new int[localKeys];
            bucketed = new int[localKeys];
            received = new int[localKeys + localKeys / 4];
            int threads = team == null ? 1 : team.size();
            threadHistograms = new int[threads][0];
            threadNext = new int[threads][threads == 1 ? 0 : buckets];
            // The bucket counts, then the test keys that ride with them in the Allreduce; as long
            // as a histogram must be (Keys.histogramLength), a bucket never reaching the tail.
            bucketSize = new int[Keys.histogramLength(buckets + TEST_ARRAY_SIZE)];
            bucketTotals = new int[buckets + TEST_ARRAY_SIZE];
            bucketPtrs = new int[buckets];
            sendCount = new int[ranks];
            sendDispl = new int[ranks];
            recvCount = new int[ranks];
            recvDispl = new int[ranks];
            firstBucket = new int[ranks];
            lastBucket = new int[ranks];
            ownedBuckets = new int[ranks];
            runsFrom = new int[ranks];
            runsDispl = new int[ranks];
            runCounts = new int[2 * buckets];
            runStarts = new int[2 * buckets];
            counts = new int[Keys.histogramLength(2 * maxKey / ranks)];
        }

        /** The keys of this rank: from position 4 × localKeys × rank of the generator's stream. */
        void generate() {
            long first = (long) localKeys * rank;
            if (team == null) {
                generate(0, localKeys, first);
            } else {
                team.parallelFor(0, localKeys, (lo, hi) -> generate(lo, hi, first));
            }
        }

        private void generate(int lo, int hi, long first) {
            Keys.generate(keys, lo, hi, Randlc.skip(SEED, Randlc.A, 4 * (first + lo)), maxKey / 4);
        }

        void iterate(int iteration) {
            if (rank == 0) {
                keys[iteration] = iteration;
                keys[iteration + MAX_ITERATIONS] = maxKey - iteration;
            }
            Arrays.fill(bucketSize, 0);
            // The test keys ride in the tail of the bucket counts' Allreduce to every rank.
            for (int i = 0; i < TEST_ARRAY_SIZE; i++) {
                if (size.testIndex[i] / localKeys == rank) {
                    bucketSize[buckets + i] = keys[(int) (size.testIndex[i] % localKeys)];
                }
            }
            countBuckets();
            bucketPtrs[0] = 0;
            for (int i = 1; i < buckets; i++) {
                bucketPtrs[i] = bucketPtrs[i - 1] + bucketSize[i - 1];
            }
            // Alone, a rank's keys go straight where the exchange would copy them to itself.
            boolean alone = ranks == 1;
            scatter(alone ? received : bucketed);
            MPI.COMM_WORLD.Allreduce(bucketSize, 0, bucketTotals, 0, buckets + TEST_ARRAY_SIZE, MPI.INT, MPI.SUM);
            distributeBuckets();
            if (alone) {
                System.arraycopy(bucketSize, 0, runCounts, 0, ownBuckets);
                receivedCount = locateRuns();
            } else {
                exchangeKeys();
            }
            rankLocally();
            verifyPartially(iteration);
        }

        /**
         * Moves the keys into their buckets in {@code target}: in one pass, or with the team,
         * each thread its static block of the keys (the blocks of {@link #countBuckets}'s loop),
         * starting each bucket after the keys that the threads before it counted there, so that
         * every bucket holds its keys in their original order either way.
         */
        private void scatter(int[] target) {
            if (team == null || team.size() == 1) {
                Keys.scatter(keys, 0, localKeys, shift, bucketPtrs, target);
                return;
            }
            team.parallel(ctx -> {
                int t = ctx.threadId();
                int[] next = threadNext[t];
                for (int b = 0; b < buckets; b++) {
                    int at = bucketPtrs[b];
                    for (int before = 0; before < t; before++) {
                        at += threadHistograms[before][b];
                    }
                    next[b] = at;
                }
                int lo = ctx.staticBlockStart(0, localKeys, t);
                int hi = ctx.staticBlockStart(0, localKeys, t + 1);
                Keys.scatter(keys, lo, hi, shift, next, target);
            });
        }

        /**
         * The exchange: first each rank's count of every bucket to the bucket's owner, which
         * tells the owner where each bucket's keys end in what it receives; then the keys, each
         * rank's buckets to the rank that ranks them.
         */
        private void exchangeKeys() {
            if (ranks * ownBuckets > runCounts.length) {
                runCounts = new int[ranks * ownBuckets];
                runStarts = new int[ranks * ownBuckets];
            }
            for (int s = 0; s < ranks; s++) {
                runsFrom[s] = ownBuckets;
                runsDispl[s] = s * ownBuckets;
            }
            MPI.COMM_WORLD.Alltoallv(bucketSize, 0, ownedBuckets, firstBucket, MPI.INT, runCounts, 0, runsFrom, runsDispl, MPI.INT);
            receivedCount = locateRuns();
            if (receivedCount > received.length) {
                received = new int[receivedCount + receivedCount / 4];
            }
            MPI.COMM_WORLD.Alltoallv(bucketed, 0, sendCount, sendDispl, MPI.INT, received, 0, recvCount, recvDispl, MPI.INT);
        }

        /**
         * From {@link #runCounts}: where each run, and each rank's keys, start in
         * {@link #received}, and how many keys each rank sends. Returns how many in all.
         */
        private int locateRuns() {
            int at = 0;
            for (int s = 0, run = 0; s < ranks; s++) {
                recvDispl[s] = at;
                for (int b = 0; b < ownBuckets; b++, run++) {
                    runStarts[run] = at;
                    at += runCounts[run];
                }
                recvCount[s] = at - recvDispl[s];
            }
            return at;
        }

        /** Each rank gets consecutive buckets holding about localKeys keys in all (the NPB rule). */
        private void distributeBuckets() {
            long sum = 0;
            int localSum = 0;
            int j = 0;
            sendDispl[0] = 0;
            firstBucket[0] = 0;
            for (int i = 0; i < buckets && j < ranks; i++) {
                sum += bucketTotals[i];
                localSum += bucketSize[i];
                if (sum >= (long) (j + 1) * localKeys) {
                    sendCount[j] = localSum;
                    if (j != 0) {
                        sendDispl[j] = sendDispl[j - 1] + sendCount[j - 1];
                        firstBucket[j] = lastBucket[j - 1] + 1;
                    }
                    lastBucket[j++] = i;
                    localSum = 0;
                }
            }
            for (; j < ranks; j++) {
                sendCount[j] = 0;
                sendDispl[j] = j == 0 ? 0 : sendDispl[j - 1] + sendCount[j - 1];
                firstBucket[j] = 1;
                lastBucket[j] = 0;
            }
            for (int r = 0; r < ranks; r++) {
                ownedBuckets[r] = Math.max(0, lastBucket[r] - firstBucket[r] + 1);
            }
            ownBuckets = ownedBuckets[rank];
        }

        /**
         * Counts this rank's keys per value and turns the counts into ranks (keys at or below).
         * A bucket's values are a slice of the count table of their own, so with a team each
         * thread counts the keys of its own run of buckets, from every rank, straight into the
         * table (NPB's OpenMP IS shares out the buckets the same way).
         */
        private void rankLocally() {
            minKey = firstBucket[rank] << shift;
            maxKeyHere = ((lastBucket[rank] + 1) << shift) - 1;
            int range = ownBuckets << shift;
            if (range > counts.length) {
                counts = new int[Keys.histogramLength(range)];
            }
            Keys.clear(counts, range);
            if (range == 0) {
                return;
            }
            if (team == null || team.size() == 1) {
                countRuns(0, ownBuckets);
            } else {
                team.parallel(ctx -> countRuns(bucketAtShare(ctx.threadId(), ctx.size()), bucketAtShare(ctx.threadId() + 1, ctx.size())));
            }
            Keys.accumulate(counts, range);
        }

        /** Counts the keys of owned buckets {@code [from, to)} that every rank sent. */
        private void countRuns(int from, int to) {
            for (int b = from; b < to; b++) {
                for (int s = 0, run = b; s < ranks; s++, run += ownBuckets) {
                    int start = runStarts[run];
                    Keys.countKeys(received, start, start + runCounts[run], -minKey, counts);
                }
            }
        }

        /** The first owned bucket of run t of n: the first with about receivedCount t / n keys or more before it. */
        private int bucketAtShare(int t, int n) {
            long share = (long) receivedCount * t / n;
            long before = 0;
            for (int b = 0; b < ownBuckets; b++) {
                if (before >= share) {
                    return b;
                }
                before += bucketTotals[firstBucket[rank] + b];
            }
            return ownBuckets;
        }

        /**
         * Adds to {@code bucketSize} how many of this rank's keys fall in each bucket: in one
         * pass, or with the team, each thread counting a block of the keys into a histogram of
         * its own (kept for {@link #scatter}), then each adding up one share of the buckets.
         */
        private void countBuckets() {
            if (team == null || team.size() == 1) {
                Keys.countBuckets(keys, 0, localKeys, shift, bucketSize);
                return;
            }
            if (threadHistograms[0].length < buckets) {
                for (int t = 0; t < threadHistograms.length; t++) {
                    threadHistograms[t] = new int[Keys.histogramLength(buckets)];
                }
            }
            team.parallel(ctx -> {
                int[] mine = threadHistograms[ctx.threadId()];
                Arrays.fill(mine, 0, buckets, 0);
                ctx.forRange(0, localKeys, (a, b) -> Keys.countBuckets(keys, a, b, shift, mine));
                ctx.barrier();
                int per = (buckets + ctx.size() - 1) / ctx.size();
                int from = Math.min(buckets, ctx.threadId() * per);
                int to = Math.min(buckets, from + per);
                for (int[] h : threadHistograms) {
                    for (int v = from; v < to; v++) {
                        bucketSize[v] += h[v];
                    }
                }
            });
        }

        /** Checks the rank of each test key that falls in this rank's key range. */
        private void verifyPartially(int iteration) {
            long lower = 0;
            for (int r = 0; r < rank; r++) {
                for (int b = firstBucket[r]; b <= lastBucket[r]; b++) {
                    lower += bucketTotals[b];
                }
            }
            for (int i = 0; i < TEST_ARRAY_SIZE; i++) {
                int k = bucketTotals[buckets + i];
                if (minKey <= k && k <= maxKeyHere) {
                    long keyRank = (k - 1 >= minKey ? counts[k - 1 - minKey] : 0) + lower;
                    if (keyRank == size.expectedRank(i, iteration)) {
                        passed++;
                    }
                }
            }
        }

        /** After the last iteration: this rank's keys, in order, are sorted, and so is the boundary with the next rank. */
        boolean fullyVerified() {
            int range = Math.max(0, maxKeyHere - minKey + 1);
            int[] sorted = new int[receivedCount];
            int prev = 0;
            for (int v = 0; v < range; v++) {
                for (int c = counts[v]; prev < c; prev++) {
                    sorted[prev] = v + minKey;
                }
            }
            int outOfOrder = 0;
            for (int i = 1; i < receivedCount; i++) {
                if (sorted[i - 1] > sorted[i]) {
                    outOfOrder++;
                }
            }
            // Every key must have been placed: the counts add up to the keys received.
            if (prev != receivedCount) {
                outOfOrder++;
            }
            int[] myLast = {receivedCount > 0 ? sorted[receivedCount - 1] : Integer.MIN_VALUE};
            int[] prevLast = {Integer.MIN_VALUE};
            int next = rank + 1 < ranks ? rank + 1 : MPI.PROC_NULL;
            int before = rank > 0 ? rank - 1 : MPI.PROC_NULL;
            MPI.COMM_WORLD.Sendrecv(myLast, 0, 1, MPI.INT, next, 77, prevLast, 0, 1, MPI.INT, before, 77);
            if (receivedCount > 0 && prevLast[0] > sorted[0]) {
                outOfOrder++;
            }
            long[] counted = {outOfOrder, receivedCount};
            long[] total = new long[2];
            MPI.COMM_WORLD.Allreduce(counted, 0, total, 0, 2, MPI.LONG, MPI.SUM);
            return total[0] == 0 && total[1] == size.totalKeys();
        }
    }

    /** Runs IS on every rank of COMM_WORLD (with {@code team}, the hybrid form, or alone if null). */
    static Result run(Size size, Team team) {
        int ranks = MPI.COMM_WORLD.Size();
        if (Integer.bitCount(ranks) != 1 || ranks > (1 << size.bucketsLog2)) {
            throw new IllegalArgumentException("IS runs on a power-of-two number of ranks up to " + (1 << size.bucketsLog2)
                + " (its buckets), not " + ranks);
        }
        double keysHere = (double) size.totalKeys() / ranks;
        // Per key: itself (4 bytes), its copy sent (4) and received (4, with a quarter spare); the count table.
        MemoryCheck.require("IS", size, 13.0 * keysHere + 8.0 * (1 << size.maxKeyLog2) / ranks);
        Ranker r = new Ranker(size, team);
        r.generate();
        // One untimed iteration, as the reference does, then the timed ten.
        r.iterate(1);
        r.passed = 0;
        MPI.COMM_WORLD.Barrier();
        double start = MPI.Wtime();
        for (int it = 1; it <= MAX_ITERATIONS; it++) {
            r.iterate(it);
        }
        double seconds = MPI.Wtime() - start;
        double[] time = {seconds};
        double[] maxTime = new double[1];
        MPI.COMM_WORLD.Allreduce(time, 0, maxTime, 0, 1, MPI.DOUBLE, MPI.MAX);
        boolean sorted = r.fullyVerified();
        int[] passed = {r.passed};
        int[] totalPassed = new int[1];
        MPI.COMM_WORLD.Allreduce(passed, 0, totalPassed, 0, 1, MPI.INT, MPI.SUM);
        return new Result(size, maxTime[0], ranks, team == null ? 1 : team.size(), totalPassed[0], sorted);
    }
}
