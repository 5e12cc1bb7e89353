package org.hympj.comm.match;

import org.hympj.comm.data.ArrayMemory;
import org.hympj.comm.data.BsendArena;
import org.hympj.comm.data.ElementType;

/** The fields of {@link SendOperation}, kept in a class of their own so that its padding comes after them. */
abstract class SendOperationFields extends Operation {
    int context;
    int commSize;
    int source;
    int tag;
    int mode;
    ElementType type;
    int count;

    int form;
    Object data;
    int dataOffset;
    /** Bytes of PACKED or SERIALIZED data. */
    int byteLength;
    /** True if {@code data} is a fresh array the receiver may keep (serialized objects). */
    boolean dataHandedOver;

    BsendArena arena;
    int arenaOffset;

    /** While the message waits in the receiver's unexpected queue: the queue and node, for cancel. */
    ContextQueues queuedIn;
    UnexpectedMessage queuedAs;

    SendOperationFields() {
    }

    SendOperationFields(Thread blockingOwner) {
        super(blockingOwner);
    }
}

/**
 * A send: its envelope, where its data is, and how it completes. A send is complete once its
 * data no longer needs the sender's memory: at once for an eager copy, when the receiver has
 * copied it for a rendezvous or a synchronous send, and once packed into the attached buffer
 * for a buffered send (the region goes with the message and is released when consumed).
 */
public final class SendOperation extends SendOperationFields {
    public static final int STANDARD = 0;
    public static final int SYNCHRONOUS = 1;
    public static final int BUFFERED = 2;
    public static final int READY = 3;

    /** The data are elements of a typed array. */
    static final int TYPED = 0;
    /** The data are elements packed as bytes in native order. */
    static final int PACKED = 1;
    /** The data are Java serialization bytes of OBJECT elements. */
    static final int SERIALIZED = 2;

    /** Padding after the fields (see {@link Operation}), which sit in a superclass so that the JVM lays them out first. */
    long q01, q02, q03, q04, q05, q06, q07, q08;

    /** The operation of a request, which any thread may wait for. */
    public SendOperation() {
    }

    /** The operation the blocking sends of {@code owner} reuse (see {@link ThreadOperations}). */
    SendOperation(Thread owner) {
        super(owner);
    }

    /** The envelope; the data are set by one of the {@code with...} methods. */
    public SendOperation init(int context, int commSize, int source, int tag, int mode, ElementType type, int count) {
        this.context = context;
        this.commSize = commSize;
        this.source = source;
        this.tag = tag;
        this.mode = mode;
        this.type = type;
        this.count = count;
        this.arena = null;
        return this;
    }

    /** Data from a typed array, read in place until the send completes. */
    public SendOperation withArray(Object array, int offset) {
        form = TYPED;
        data = array;
        dataOffset = offset;
        byteLength = count * type.size();
        dataHandedOver = false;
        return this;
    }

    /** OBJECT data already serialized into a fresh array that the receiver may keep. */
    public SendOperation withSerialized(byte[] bytes) {
        form = SERIALIZED;
        data = bytes;
        dataOffset = 0;
        byteLength = bytes.length;
        dataHandedOver = true;
        return this;
    }

    /** Data already copied into a region of the attached buffer, released once the message is consumed. */
    public SendOperation withArenaRegion(BsendArena arena, int offset, int byteLength, boolean serialized) {
        this.form = serialized ? SERIALIZED : PACKED;
        this.data = arena.buffer();
        this.dataOffset = offset;
        this.byteLength = byteLength;
        this.dataHandedOver = false;
        this.arena = arena;
        this.arenaOffset = offset;
        return this;
    }

    public int mode() {
        return mode;
    }

    // What a path that carries the message to another process reads: the envelope and the
    // payload as bytes at (payloadBase, payloadOffset), in the sense of Unsafe.

    public int context() {
        return context;
    }

    public int commSize() {
        return commSize;
    }

    public int source() {
        return source;
    }

    public int tag() {
        return tag;
    }

    public ElementType type() {
        return type;
    }

    public int count() {
        return count;
    }

    /** Bytes of the payload: elements in native order, or serialized objects. */
    public int byteLength() {
        return byteLength;
    }

    /** True if the payload is Java serialization bytes of OBJECT elements. */
    public boolean isSerialized() {
        return form == SERIALIZED;
    }

    public Object payloadBase() {
        return data;
    }

    public long payloadOffset() {
        return form == TYPED ? ArrayMemory.elementOffset(type, dataOffset) : ArrayMemory.byteOffset(dataOffset);
    }

    /** The path has carried the payload away (or, for a synchronous send, the receiver acknowledged it). */
    public void completeRemote() {
        finishTransfer();
    }

    /** The path could not deliver the message. */
    public void failRemote(int errorClass, String message) {
        fail(errorClass, message);
        finishTransfer();
    }

    /** The data have been copied to the receiver (or the send was cancelled): release and complete. */
    void finishTransfer() {
        queuedIn = null;
        queuedAs = null;
        if (arena != null) {
            arena.release(arenaOffset);
            arena = null;
        }
        data = null;
        complete();
    }

    @Override
    public void reset() {
        super.reset();
        data = null;
        arena = null;
        queuedIn = null;
        queuedAs = null;
    }
}
