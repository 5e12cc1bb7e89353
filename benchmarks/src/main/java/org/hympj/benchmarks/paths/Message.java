package org.hympj.benchmarks.paths;

/**
 * A message slot for the in-process paths: a payload buffer of the largest size and the
 * length in use. Slots are made once and passed back and forth, so a round trip allocates
 * nothing; the payload is copied in by the sender and out by the receiver, as a message
 * passing runtime must (the user's array stays the user's).
 */
final class Message {
    final byte[] data;
    int length;

    Message(int capacity) {
        data = new byte[capacity];
    }
}
