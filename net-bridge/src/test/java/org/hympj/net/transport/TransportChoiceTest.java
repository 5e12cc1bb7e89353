package org.hympj.net.transport;

import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import org.junit.jupiter.api.Test;

/**
 * The bridge's transport from hympj.net. This module's tests run without the UCX module, so
 * asking for UCX fails naming why: the JDK on 17, the missing module on 22 and later.
 */
class TransportChoiceTest {
    @Test
    void tcpIsTcpAndSaysNothing() throws IOException {
        TransportChoice.Chosen c = TransportChoice.choose("tcp");
        assertInstanceOf(TcpTransport.class, c.transport());
        assertNull(c.report());
    }

    @Test
    void ucxThatCannotRunHereIsAnErrorSayingWhy() {
        IOException e = assertThrows(IOException.class, () -> TransportChoice.choose("ucx"));
        String why = Runtime.version().feature() < 22 ? "needs JDK 22 or later; this JVM is JDK " + Runtime.version().feature()
            : "this HyMPJ has no UCX module";
        assertTrue(e.getMessage().startsWith("the net-bridge was asked for UCX (--net ucx, hympj.net=ucx), which cannot run here: "),
            e.getMessage());
        assertTrue(e.getMessage().contains(why), e.getMessage());
    }

    @Test
    void autoWithoutAnRdmaDeviceIsTcpAndOtherwiseSaysWhyUcxIsNotUsed() throws IOException {
        TransportChoice.Chosen c = TransportChoice.choose("auto");
        assertInstanceOf(TcpTransport.class, c.transport(), "this module's tests have no UCX module");
        String[] devices = TransportChoice.RDMA_DEVICES.list();
        if (devices == null || devices.length == 0) {
            assertNull(c.report());
        } else {
            assertTrue(c.report().startsWith("the net-bridge runs over TCP, not over the RDMA device "), c.report());
        }
    }

    @Test
    void anythingElseIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> TransportChoice.choose("verbs"));
    }
}
