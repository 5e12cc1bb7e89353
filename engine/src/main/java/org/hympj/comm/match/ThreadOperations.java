package org.hympj.comm.match;

/**
 * One reusable send and one reusable receive per thread, for blocking calls: a thread is in
 * at most one blocking send and one blocking receive at a time ({@code Sendrecv} uses both),
 * and each is complete and unqueued when the call returns, so reusing them is safe and a
 * warm blocking send or receive allocates no operation. Each knows its thread, which alone
 * waits for it, so completing it from that thread needs no fence (see {@link Operation}).
 *
 * <p>One instance per rank holds the operations of the rank's main thread (the one that
 * called {@code MPI.Init}), found by comparing the current thread, which costs a register
 * read where a {@code ThreadLocal} costs a hash lookup on every call; other threads of the
 * rank get theirs from thread-locals.
 */
public final class ThreadOperations {
    private static final ThreadLocal<SendOperation> SEND = ThreadLocal.withInitial(() -> new SendOperation(Thread.currentThread()));
    private static final ThreadLocal<ReceiveOperation> RECEIVE = ThreadLocal.withInitial(() -> new ReceiveOperation(Thread.currentThread()));

    private final Thread main;
    private final SendOperation mainSend;
    private final ReceiveOperation mainReceive;

    /** The operations of a rank whose main thread is the calling thread. */
    public ThreadOperations() {
        main = Thread.currentThread();
        mainSend = new SendOperation(main);
        mainReceive = new ReceiveOperation(main);
    }

    /** True if the calling thread is the rank's main thread, the one that created these operations. */
    public boolean calledByMainThread() {
        return Thread.currentThread() == main;
    }

    /** The calling thread's send. */
    public SendOperation send() {
        return calledByMainThread() ? mainSend : SEND.get();
    }

    /** The calling thread's receive. */
    public ReceiveOperation receive() {
        return calledByMainThread() ? mainReceive : RECEIVE.get();
    }
}
