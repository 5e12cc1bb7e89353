package org.hympj.net;

import java.io.IOException;
import org.hympj.net.ucx.UcxTransport;

/**
 * The bridge's tests (many producers, fragments, goodbye, a vanished peer, an abort notice,
 * silence, hostile frames) over UCX links instead of TCP: the bridge above the link must not
 * tell them apart. UCX picks its transport from {@code UCX_TLS}; on loopback, TCP or shared
 * memory.
 */
class UcxNodeBridgeTest extends NodeBridgeTest {
    @Override
    LoopbackJob job() {
        try {
            return new LoopbackJob(UcxTransport.open(), 4);
        } catch (IOException e) {
            throw new IllegalStateException("UCX does not start here: " + e.getMessage(), e);
        }
    }
}
