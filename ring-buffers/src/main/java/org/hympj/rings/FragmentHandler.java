package org.hympj.rings;

import org.agrona.DirectBuffer;

/** Receives the fragments of bulk payloads as they are read, to copy each into place. */
@FunctionalInterface
public interface FragmentHandler {
    /**
     * @param typeId the record type the writer gave the payload
     * @param streamId the payload's stream
     * @param totalLength the whole payload's length
     * @param fragmentOffset where this fragment's bytes go in the payload
     * @param buffer the ring's buffer, holding the fragment's bytes from {@code index}
     * @param length the fragment's data length; the payload is complete when
     *     {@code fragmentOffset + length == totalLength}
     */
    void onFragment(int typeId, long streamId, int totalLength, int fragmentOffset, DirectBuffer buffer, int index, int length);
}
