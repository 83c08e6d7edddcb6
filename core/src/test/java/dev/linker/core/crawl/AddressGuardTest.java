package dev.linker.core.crawl;

import org.junit.jupiter.api.Test;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A crawl stays off private networks, whatever a host resolves to. */
class AddressGuardTest {
    static String kind(String ip) throws UnknownHostException {
        return AddressGuard.kind(InetAddress.getByName(ip));
    }

    @Test
    void loopback_private_link_local_and_their_ipv6_forms_are_refused_public_addresses_are_not() throws Exception {
        assertEquals("loopback", kind("127.0.0.1"));
        assertEquals("loopback", kind("::1"));
        assertEquals("private", kind("10.1.2.3"));
        assertEquals("private", kind("192.168.0.10"));
        assertEquals("private", kind("172.16.5.4"));
        assertEquals("link-local", kind("169.254.169.254"), "cloud metadata");
        assertEquals("carrier-grade NAT", kind("100.64.0.1"));
        assertEquals("private", kind("fd00::1"));
        assertEquals("unspecified", kind("0.0.0.0"));
        assertEquals("loopback", AddressGuard.kind(InetAddress.getByAddress(new byte[] {0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
                (byte) 0xff, (byte) 0xff, 127, 0, 0, 1})), "IPv4-mapped IPv6");
        assertNull(kind("93.184.215.14"));
        assertNull(kind("2606:2800:21f:cb07:6820:80da:af6b:8b2c"));
    }

    @Test
    void every_lookup_is_checked_unless_private_addresses_are_allowed() throws Exception {
        okhttp3.Dns rebinding = host -> List.of(InetAddress.getByName("10.0.0.7"));
        AddressGuard.RefusedAddressException e = assertThrows(AddressGuard.RefusedAddressException.class,
                () -> new AddressGuard(rebinding, false).lookup("www.example.org"));
        assertTrue(e.getMessage().contains("www.example.org resolves to 10.0.0.7, a private address"), e.getMessage());
        assertEquals(1, new AddressGuard(rebinding, true).lookup("www.example.org").size());
    }

    @Test
    void a_page_url_is_written_where_a_folder_of_built_html_has_it() {
        assertEquals("index.html", CrawlUrls.fileFor("https://x.org/"));
        assertEquals("guides/index.html", CrawlUrls.fileFor("https://x.org/guides/"));
        assertEquals("guides/espresso.html", CrawlUrls.fileFor("https://x.org/guides/espresso.html"));
        assertEquals("blog/post/index.html", CrawlUrls.fileFor("https://x.org/blog/post"));
        assertEquals("https://x.org/a/b", CrawlUrls.clean("HTTPS://X.org/a/b?utm=1#top"));
    }
}
