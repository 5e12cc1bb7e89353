package org.hympj.comm.match;

/**
 * One reusable send and one reusable receive per thread, for blocking calls: a thread is in
 * at most one blocking send and one blocking receive at a time ({@code Sendrecv} uses both),
 * and each is complete and unqueued when the call returns, so reusing them is safe and a
 * warm blocking send or receive allocates no operation.
 */
public final class ThreadOperations {
    private static final ThreadLocal<SendOperation> SEND = ThreadLocal.withInitial(SendOperation::new);
    private static final ThreadLocal<ReceiveOperation> RECEIVE = ThreadLocal.withInitial(ReceiveOperation::new);

    private ThreadOperations() {
    }

    public static SendOperation send() {
        return SEND.get();
    }

    public static ReceiveOperation receive() {
        return RECEIVE.get();
    }
}
