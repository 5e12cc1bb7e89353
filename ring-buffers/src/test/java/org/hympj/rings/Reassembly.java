package org.hympj.rings;

import java.util.HashMap;
import java.util.Map;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * A test reader: checks plain records and reassembles bulk streams, asserting MPI-like order
 * per producer (sequence numbers in order, nothing from a producer between the fragments of
 * its bulk payload) and every byte.
 */
final class Reassembly {
    final int[] nextSequence;
    private final Map<Long, byte[]> partial = new HashMap<>();
    private final Map<Long, Integer> filled = new HashMap<>();
    private final boolean[] inBulk;
    int messages;

    Reassembly(int producers) {
        nextSequence = new int[producers];
        inBulk = new boolean[producers];
    }

    void onRecord(int typeId, DirectBuffer buffer, int index, int length) {
        if (typeId == Payloads.BULK) {
            RingWriter.decodeFragment(typeId, buffer, index, length, this::onFragment);
            return;
        }
        int producer = (buffer.getByte(index) & 0xFF) | (buffer.getByte(index + 1) & 0xFF) << 8;
        int sequence = (buffer.getByte(index + 4) & 0xFF) | (buffer.getByte(index + 5) & 0xFF) << 8 | (buffer.getByte(index + 6) & 0xFF) << 16;
        if (inBulk[producer]) {
            throw new AssertionError("producer " + producer + ": a record arrived between the fragments of a bulk payload");
        }
        if (sequence != nextSequence[producer]) {
            throw new AssertionError("producer " + producer + ": message " + sequence + " arrived, " + nextSequence[producer] + " was next");
        }
        Payloads.check(producer, sequence, buffer, index, length);
        nextSequence[producer]++;
        messages++;
    }

    private void onFragment(int typeId, long stream, int total, int offset, DirectBuffer buffer, int index, int length) {
        int producer = (int) (stream >>> 32);
        int sequence = (int) stream;
        byte[] data = partial.get(stream);
        if (offset == 0) {
            if (sequence != nextSequence[producer]) {
                throw new AssertionError("producer " + producer + ": bulk " + sequence + " began, " + nextSequence[producer] + " was next");
            }
            data = new byte[total];
            partial.put(stream, data);
            filled.put(stream, 0);
            inBulk[producer] = true;
        }
        if (data == null || filled.get(stream) != offset) {
            throw new AssertionError("stream " + stream + ": fragment at " + offset + " out of order");
        }
        buffer.getBytes(index, data, offset, length);
        filled.put(stream, offset + length);
        if (offset + length == total) {
            Payloads.check(producer, sequence, new UnsafeBuffer(data), 0, total);
            partial.remove(stream);
            filled.remove(stream);
            inBulk[producer] = false;
            nextSequence[producer]++;
            messages++;
        }
    }
}
