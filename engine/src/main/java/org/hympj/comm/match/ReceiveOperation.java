package org.hympj.comm.match;

import org.hympj.comm.data.ElementType;

/** The fields of {@link ReceiveOperation}, kept in a class of their own so that its padding comes after them. */
abstract class ReceiveOperationFields extends Operation {
    int context;
    int commSize;
    int source;
    int tag;
    ElementType type;
    Object buffer;
    int offset;
    int capacity;

    /** Sequence number within the posted queue, to choose between source-specific and wildcard entries. */
    long postOrder;
    ReceiveOperation prev;
    ReceiveOperation next;
    boolean queued;
    /** The queues it was posted to, so a cancel can find it. */
    ContextQueues postedIn;

    int matchedSource;
    int matchedTag;
    int matchedCount;
    /** For OBJECT: the serialized objects, deserialized by the owner in its own class loader. */
    byte[] serialized;
    int serializedOffset;
    int serializedLength;

    ReceiveOperationFields() {
    }

    ReceiveOperationFields(Thread blockingOwner) {
        super(blockingOwner);
    }
}

/**
 * A receive: what it accepts (context, source, tag, element type, buffer) and, once matched,
 * what arrived (source, tag, element count, error). While posted it is a node of its
 * context's {@link PostedReceiveQueue}.
 *
 * <p>The matching thread fills the result fields and then {@link #complete}s; the owner reads
 * them only after seeing completion (see {@link Operation} for the ordering).
 */
public final class ReceiveOperation extends ReceiveOperationFields {
    /** Padding after the fields (see {@link Operation}), which sit in a superclass so that the JVM lays them out first. */
    long q01, q02, q03, q04, q05, q06, q07, q08;

    /** The operation of a request, which any thread may wait for. */
    public ReceiveOperation() {
    }

    /** The operation the blocking receives of {@code owner} reuse (see {@link ThreadOperations}). */
    ReceiveOperation(Thread owner) {
        super(owner);
    }

    /**
     * A receive that only the calling thread will wait for, within the call that posts it (a
     * collective's). When that thread completes it itself, draining a ring, the completion is
     * its own ({@link #complete}), so the drain stops there and the call returns, rather than
     * reading on into the next collective's messages: a large block read before its receive
     * is posted is staged in an array of its own and copied twice.
     */
    public static ReceiveOperation ownedByCaller() {
        return new ReceiveOperation(Thread.currentThread());
    }

    /** Sets what this receive accepts; the operation must be new or {@link #reset}. */
    public ReceiveOperation init(int context, int commSize, int source, int tag, ElementType type,
                                 Object buffer, int offset, int capacity) {
        this.context = context;
        this.commSize = commSize;
        this.source = source;
        this.tag = tag;
        this.type = type;
        this.buffer = buffer;
        this.offset = offset;
        this.capacity = capacity;
        return this;
    }

    public int matchedSource() {
        return matchedSource;
    }

    public int matchedTag() {
        return matchedTag;
    }

    public int matchedCount() {
        return matchedCount;
    }

    public ElementType type() {
        return type;
    }

    public Object buffer() {
        return buffer;
    }

    public int offset() {
        return offset;
    }

    public int capacity() {
        return capacity;
    }

    public byte[] serialized() {
        return serialized;
    }

    public int serializedOffset() {
        return serializedOffset;
    }

    public int serializedLength() {
        return serializedLength;
    }

    @Override
    public void reset() {
        super.reset();
        buffer = null;
        serialized = null;
        postedIn = null;
        prev = null;
        next = null;
        queued = false;
    }
}
