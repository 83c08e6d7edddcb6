package dev.linker.core.check;

import dev.linker.core.audit.Auditor;
import dev.linker.core.config.AuditConfig;
import dev.linker.core.result.Finding;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * A navigation link that names another page repeats its finding on every page (a catalogue of 200,000 pages held 3.8
 * million such findings, and ran out of a 1 GB heap on their texts): the audit keeps one copy of each repeated text.
 */
class RepeatedFindingsTest {
    @Test
    void a_template_link_s_finding_on_every_page_shares_one_message_anchor_and_target(@TempDir Path site)
            throws IOException {
        for (int i = 0; i < 30; i++) {
            Files.writeString(site.resolve("p" + i + ".html"), "<!doctype html><html><head><title>Page " + i
                    + " - Site</title></head><body><header><nav><a href=\"/p20.html\">Section 2</a></nav></header>"
                    + "<main><h1>Page " + i + "</h1><p>Text of page " + i + ", with a link to <a href=\"/p"
                    + (i + 1) % 30 + ".html\">page " + (i + 1) % 30 + "</a>.</p></main></body></html>");
        }
        List<Finding> stale = Auditor.run(AuditConfig.builder().siteDir(site).discoverConfig(false).git(false)
                .build()).findings().stream().filter(f -> f.checkId().equals("stale-anchor")).toList();
        assertEquals(29, stale.size(), "every page but p20 links 'Section 2' to Page 20: " + stale);
        Map<String, Boolean> messages = new IdentityHashMap<>();
        Map<String, Boolean> anchors = new IdentityHashMap<>();
        Map<String, Boolean> targets = new IdentityHashMap<>();
        for (Finding f : stale) {
            messages.put(f.message(), true);
            anchors.put(f.anchor(), true);
            targets.put(f.targetUrl(), true);
        }
        assertEquals(1, messages.size(), "one copy of the message");
        assertEquals(1, anchors.size(), "one copy of the anchor");
        assertEquals(1, targets.size(), "one copy of the target");
    }
}
