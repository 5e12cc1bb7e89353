package org.hympj.comm.match;

import org.hympj.comm.data.BsendArena;
import org.hympj.comm.data.ElementType;
import org.hympj.comm.events.RendezvousEvent;

/**
 * A message that arrived before a matching receive was posted: its envelope and its data,
 * which are an eager copy owned by the message, serialized objects handed over by the
 * sender, a region of the sender's attached buffer (released when the message is consumed),
 * or, for rendezvous and synchronous sends, the sender's memory, in which case
 * {@code sender} completes once the data have been copied out.
 * A node of two lists of its {@link UnexpectedMessageQueue}: its source's and the arrival order.
 * Nodes are pooled by their {@link ContextQueues}.
 */
final class UnexpectedMessage {
    int source;
    int tag;
    ElementType type;
    int count;

    int form;
    Object data;
    int dataOffset;
    int byteLength;
    /** True if {@code data} is an eager copy taken from the pool (returned there after copy-out). */
    boolean pooledData;
    /** True if {@code data} (serialized objects) may be kept by the receive as it is. */
    boolean dataHandedOver;
    /** Non-null if {@code data} is a region of an attached buffer, released when the message is consumed. */
    BsendArena arena;
    int arenaOffset;
    /** Non-zero for a synchronous send from another process: acknowledged when consumed. */
    long syncToken;
    /** Non-null while the data still live in the sender's memory. */
    SendOperation sender;
    /** The rendezvous of {@code sender}'s message while a recording follows it; null otherwise. */
    RendezvousEvent rendezvous;

    boolean queued;
    UnexpectedMessage prevFromSource;
    UnexpectedMessage nextFromSource;
    UnexpectedMessage prevArrived;
    UnexpectedMessage nextArrived;

    void clear() {
        data = null;
        sender = null;
        rendezvous = null;
        pooledData = false;
        syncToken = 0;
        arena = null;
        prevFromSource = null;
        nextFromSource = null;
        prevArrived = null;
        nextArrived = null;
    }
}
