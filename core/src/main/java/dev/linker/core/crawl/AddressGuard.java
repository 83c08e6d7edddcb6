package dev.linker.core.crawl;

import okhttp3.Dns;

import java.net.Inet4Address;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.List;

/**
 * Keeps a crawl off private networks: every host is resolved, and an address that is loopback, private, link-local
 * (cloud metadata at 169.254.169.254), carrier-grade NAT, multicast or unspecified is refused — at the start, for
 * every link and redirect followed, and again at each connection (a host whose DNS answer changes mid-crawl is
 * caught too) — unless private addresses are allowed.
 */
final class AddressGuard implements Dns {
    /** A host that resolves to an address the crawl may not visit. */
    static final class RefusedAddressException extends UnknownHostException {
        final String host;
        final InetAddress address;
        final String kind;

        RefusedAddressException(String host, InetAddress address, String kind) {
            super(host + " resolves to " + address.getHostAddress() + ", " + article(kind) + " " + kind + " address");
            this.host = host;
            this.address = address;
            this.kind = kind;
        }
    }

    private final Dns dns;
    private final boolean allowPrivate;

    AddressGuard(Dns dns, boolean allowPrivate) {
        this.dns = dns;
        this.allowPrivate = allowPrivate;
    }

    @Override
    public List<InetAddress> lookup(String host) throws UnknownHostException {
        List<InetAddress> all = dns.lookup(host);
        if (!allowPrivate) {
            for (InetAddress a : all) {
                String kind = kind(a);
                if (kind != null) {
                    throw new RefusedAddressException(host, a, kind);
                }
            }
        }
        return all;
    }

    /** "loopback", "private", "link-local", … for an address a crawl must not visit; null for a public one. */
    static String kind(InetAddress a) {
        if (a.isLoopbackAddress()) {
            return "loopback";
        }
        if (a.isLinkLocalAddress()) {
            return "link-local";
        }
        if (a.isSiteLocalAddress()) {
            return "private";
        }
        if (a.isAnyLocalAddress()) {
            return "unspecified";
        }
        if (a.isMulticastAddress()) {
            return "multicast";
        }
        byte[] b = a.getAddress();
        if (a instanceof Inet4Address) {
            int x = b[0] & 0xff;
            int y = b[1] & 0xff;
            if (x == 100 && y >= 64 && y <= 127) {
                return "carrier-grade NAT";
            }
            if (x == 0 || x >= 240) {
                return "reserved";
            }
        } else if (a instanceof Inet6Address) {
            if ((b[0] & 0xfe) == 0xfc) {
                return "private"; // unique local fc00::/7
            }
            boolean mapped = true; // ::ffff:a.b.c.d, an IPv4 address in IPv6 form
            for (int i = 0; i < 10; i++) {
                mapped &= b[i] == 0;
            }
            if (mapped && (b[10] & 0xff) == 0xff && (b[11] & 0xff) == 0xff) {
                try {
                    return kind(InetAddress.getByAddress(new byte[] {b[12], b[13], b[14], b[15]}));
                } catch (UnknownHostException e) {
                    return "reserved";
                }
            }
        }
        return null;
    }

    private static String article(String kind) {
        return "aeiou".indexOf(kind.charAt(0)) >= 0 ? "an" : "a";
    }
}
