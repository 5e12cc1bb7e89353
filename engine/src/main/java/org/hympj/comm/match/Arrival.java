package org.hympj.comm.match;

import org.hympj.comm.data.ElementType;

/** The fields of {@link Arrival}, between its paddings. */
abstract class ArrivalFields extends LeadingPadding {
    int context;
    int commSize;
    int source;
    int tag;
    ElementType type;
    int count;
    int form;
    int byteLength;
    /** Non-zero for a synchronous send: the token the sender waits to have acknowledged. */
    long syncToken;

    Object base;
    long offset;
    /** True if {@link #base} is a heap array the engine may keep as the message's data. */
    boolean owned;
}

/**
 * A message that came from another process, as the process path hands it to the receiving
 * rank's engine: its envelope, and where its payload bytes lie now (in the ring, or in a
 * heap array the path staged them in). One instance per reading thread is reused for every
 * message, so arrivals allocate nothing.
 *
 * <p>The payload is {@link #byteLength} bytes at ({@link #base}, {@link #offset}) in the
 * sense of {@code Unsafe}: a null base and an absolute address for ring memory, or an array
 * and the byte offset of its first payload byte. Ring memory is only valid during the call
 * it is passed to; a heap array the path staged may be kept ({@link #owned}).
 *
 * <p>Padded on both sides: the thread that matches writes an arrival's fields for every
 * message, and without padding the collector may place it in a line with an object that
 * other ranks' threads read on every send (a rank's inbox buffer, found there beside its
 * arrival), which then crosses between cores once per message.
 */
public final class Arrival extends ArrivalFields {
    /** The payload is elements of {@link #type} in native byte order. */
    public static final int ELEMENTS = 0;
    /** The payload is Java serialization bytes of {@link #count} OBJECT elements. */
    public static final int SERIALIZED = 1;

    long q01, q02, q03, q04, q05, q06, q07, q08;

    public Arrival envelope(int context, int commSize, int source, int tag, ElementType type, int count, int form,
                            int byteLength, long syncToken) {
        this.context = context;
        this.commSize = commSize;
        this.source = source;
        this.tag = tag;
        this.type = type;
        this.count = count;
        this.form = form;
        this.byteLength = byteLength;
        this.syncToken = syncToken;
        return this;
    }

    /** The payload is at ({@code base}, {@code offset}); {@code owned} if the engine may keep {@code base}. */
    public Arrival payload(Object base, long offset, boolean owned) {
        this.base = base;
        this.offset = offset;
        this.owned = owned;
        return this;
    }

    public int form() {
        return form;
    }

    public ElementType type() {
        return type;
    }

    public int count() {
        return count;
    }

    public int byteLength() {
        return byteLength;
    }

    public long syncToken() {
        return syncToken;
    }
}
