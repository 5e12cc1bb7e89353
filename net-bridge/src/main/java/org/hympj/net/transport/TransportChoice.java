package org.hympj.net.transport;

import java.io.File;
import java.io.IOException;
import java.lang.reflect.InvocationTargetException;

/**
 * Which transport a JVM's bridge runs over, from {@code hympj.net} (hympjrun's {@code --net}):
 * <ul>
 *   <li>{@code tcp}: {@link TcpTransport};</li>
 *   <li>{@code ucx}: UCX ({@code org.hympj.net.ucx.UcxTransport}, in the module a JDK 22 or
 *       later builds), or an error saying why UCX cannot run here;</li>
 *   <li>{@code auto}: UCX when the node has an RDMA device (an entry under
 *       {@code /sys/class/infiniband}: InfiniBand or RoCE) and UCX loads; else TCP, which
 *       UCX would only wrap where there is no RDMA device.</li>
 * </ul>
 * The {@link Chosen#report} is the line to print once per job: which transport, when it is
 * UCX or when an RDMA device goes unused and why; null when TCP is chosen with nothing to say.
 */
public final class TransportChoice {
    /** The transport, and the line that says so (null: nothing to say). */
    public record Chosen(Transport transport, String report) {
    }

    static final String UCX_CLASS = "org.hympj.net.ucx.UcxTransport";
    static final File RDMA_DEVICES = new File("/sys/class/infiniband");

    private TransportChoice() {
    }

    /** The transport {@code net} names ({@code tcp}, {@code ucx} or {@code auto}); throws when {@code ucx} cannot run here. */
    public static Chosen choose(String net) throws IOException {
        switch (net) {
            case "tcp":
                return new Chosen(new TcpTransport(), null);
            case "ucx":
                try {
                    return ucx();
                } catch (IOException e) {
                    throw new IOException("the net-bridge was asked for UCX (--net ucx, hympj.net=ucx), which cannot run here: "
                        + e.getMessage(), e);
                }
            case "auto":
                String[] devices = RDMA_DEVICES.list();
                if (devices == null || devices.length == 0) {
                    return new Chosen(new TcpTransport(), null);
                }
                try {
                    return ucx();
                } catch (IOException e) {
                    return new Chosen(new TcpTransport(), "the net-bridge runs over TCP, not over the RDMA device "
                        + devices[0] + ": " + e.getMessage());
                }
            default:
                throw new IllegalArgumentException("hympj.net is '" + net + "', but must be tcp, ucx or auto");
        }
    }

    private static Chosen ucx() throws IOException {
        int jdk = Runtime.version().feature();
        if (jdk < 22) {
            throw new IOException("UCX is reached through java.lang.foreign, which needs JDK 22 or later; this JVM is JDK " + jdk);
        }
        Class<?> ucx;
        try {
            ucx = Class.forName(UCX_CLASS);
        } catch (ClassNotFoundException e) {
            throw new IOException("this HyMPJ has no UCX module (hympj-net-ucx, built only when HyMPJ is built by JDK 22 or "
                + "later)", e);
        }
        try {
            Transport t = (Transport) ucx.getMethod("open").invoke(null);
            String tls = System.getenv("UCX_TLS");
            String devices = System.getenv("UCX_NET_DEVICES");
            return new Chosen(t, "the net-bridge runs over " + t + (tls == null ? "" : ", UCX_TLS=" + tls)
                + (devices == null ? "" : ", UCX_NET_DEVICES=" + devices));
        } catch (InvocationTargetException e) {
            Throwable cause = e.getCause();
            throw new IOException(cause.getMessage(), cause);
        } catch (ReflectiveOperationException e) {
            throw new IOException(UCX_CLASS + " cannot be used: " + e, e);
        }
    }
}
