package org.hympj.net.transport;

import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.InterfaceAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * Chooses the address a JVM's bridge listens on, from what the user named
 * ({@code -Dhympj.net.address}, hympjrun's {@code --net-address}): an interface name
 * ({@code eth0}), a network in CIDR form ({@code 10.1.0.0/16}: the address this node has
 * inside it), or one address. With nothing named, the address the node's own name resolves
 * to. Never the wildcard address: a listener on every interface is refused, not chosen.
 */
public final class ListenAddress {
    private ListenAddress() {
    }

    /** The address to listen on; {@code hostName} is used when {@code choice} is null or empty. */
    public static InetAddress choose(String choice, String hostName) {
        try {
            InetAddress address;
            if (choice == null || choice.isBlank()) {
                address = InetAddress.getByName(hostName == null || hostName.isBlank() ? InetAddress.getLocalHost().getHostName()
                    : hostName);
            } else if (choice.contains("/")) {
                address = inNetwork(choice.trim());
            } else {
                NetworkInterface nic = NetworkInterface.getByName(choice.trim());
                address = nic != null ? firstAddress(nic) : InetAddress.getByName(choice.trim());
            }
            if (address.isAnyLocalAddress()) {
                throw new IllegalArgumentException("'" + choice + "' is the wildcard address; the net-bridge listens on one "
                    + "interface: name it, or its network (CIDR), with -Dhympj.net.address");
            }
            // Any 127.x.y.z is this machine's (tests give each "node" its own), though lo lists only 127.0.0.1.
            if (!address.isLoopbackAddress() && NetworkInterface.getByInetAddress(address) == null) {
                throw new IllegalArgumentException(address.getHostAddress() + " (from '" + (choice == null ? hostName : choice)
                    + "') is not an address of this machine; interfaces here: " + interfaces());
            }
            return address;
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException("cannot resolve '" + (choice == null || choice.isBlank() ? hostName : choice)
                + "' to an address to listen on: " + e.getMessage(), e);
        } catch (SocketException e) {
            throw new IllegalArgumentException("cannot list this machine's network interfaces: " + e.getMessage(), e);
        }
    }

    private static InetAddress inNetwork(String cidr) throws SocketException, UnknownHostException {
        String[] parts = cidr.split("/", 2);
        InetAddress network = InetAddress.getByName(parts[0]);
        int prefix;
        try {
            prefix = Integer.parseInt(parts[1]);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("'" + cidr + "' is not a network in CIDR form (like 10.1.0.0/16)");
        }
        byte[] net = network.getAddress();
        if (prefix < 0 || prefix > net.length * 8) {
            throw new IllegalArgumentException("'" + cidr + "': the prefix length must be 0.." + net.length * 8);
        }
        for (NetworkInterface nic : Collections.list(NetworkInterface.getNetworkInterfaces())) {
            for (InterfaceAddress ia : nic.getInterfaceAddresses()) {
                byte[] a = ia.getAddress().getAddress();
                if (a.length == net.length && samePrefix(a, net, prefix)) {
                    return ia.getAddress();
                }
            }
        }
        throw new IllegalArgumentException("this machine has no address in " + cidr + "; interfaces here: " + interfaces());
    }

    private static boolean samePrefix(byte[] a, byte[] b, int bits) {
        for (int i = 0; i < bits; i++) {
            int mask = 0x80 >>> (i & 7);
            if ((a[i >> 3] & mask) != (b[i >> 3] & mask)) {
                return false;
            }
        }
        return true;
    }

    private static InetAddress firstAddress(NetworkInterface nic) {
        InetAddress any = null;
        for (InetAddress a : Collections.list(nic.getInetAddresses())) {
            if (a instanceof Inet4Address) {
                return a;
            }
            any = any == null ? a : any;
        }
        if (any == null) {
            throw new IllegalArgumentException("interface " + nic.getName() + " has no address");
        }
        return any;
    }

    private static String interfaces() throws SocketException {
        List<String> names = new ArrayList<>();
        for (NetworkInterface nic : Collections.list(NetworkInterface.getNetworkInterfaces())) {
            List<String> addresses = new ArrayList<>();
            for (InterfaceAddress ia : nic.getInterfaceAddresses()) {
                addresses.add(ia.getAddress().getHostAddress() + "/" + ia.getNetworkPrefixLength());
            }
            names.add(nic.getName() + " " + addresses);
        }
        return String.join(", ", names);
    }
}
