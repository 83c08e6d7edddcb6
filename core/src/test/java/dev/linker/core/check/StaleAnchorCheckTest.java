package dev.linker.core.check;

import dev.linker.core.Sites;
import dev.linker.core.report.AuditResult;
import dev.linker.core.audit.Auditor;
import dev.linker.core.result.Finding;
import dev.linker.core.config.AuditConfig;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Stale anchors without history, on a small blog ("stale-anchors") whose authors paraphrase titles the way the Go
 * blog's do, beside the cases that are stale: another version's number, another page's title, a renumbered section.
 */
class StaleAnchorCheckTest {
    private static final AuditResult AUDIT = Auditor.run(AuditConfig.builder().siteDir(Sites.dir("stale-anchors"))
            .discoverConfig(false).git(false).build());

    private static List<Finding> of(String check) {
        return AUDIT.findings().stream().filter(f -> f.checkId().equals(check)).toList();
    }

    private static Finding stale(String anchor) {
        List<Finding> s = of("stale-anchor").stream().filter(f -> f.anchor().equals(anchor)).toList();
        assertEquals(1, s.size(), "one stale-anchor finding for '" + anchor + "': " + of("stale-anchor"));
        return s.getFirst();
    }

    @Test
    void only_the_anchors_that_name_something_else_than_the_target_are_stale() {
        assertEquals(List.of("Go 1.19", "Go 1.20 is released!", "Install on Ubuntu 20.04", "Section 5.7"),
                of("stale-anchor").stream().map(Finding::anchor).sorted().toList());
    }

    @Test
    void a_paraphrase_of_the_title_is_not_stale_without_history() {
        List<String> anchors = of("stale-anchor").stream().map(Finding::anchor).toList();
        for (String paraphrase : List.of("Go turning 10", "Go fuzzing beta", "Go 1.21 in August", "Go 2016 User Survey",
                "Govulncheck 1.0")) {
            assertTrue(!anchors.contains(paraphrase), paraphrase + " is how an author words the title, not an old title"
                    + " (1.0 is v1.0.0 written short)");
        }
    }

    @Test
    void an_anchor_with_another_version_number_than_the_title_is_stale() {
        assertEquals("anchor 'Go 1.19' names version 1.19, but the page is titled 'Go 1.21 is released!'",
                stale("Go 1.19").message());
        assertEquals("anchor 'Install on Ubuntu 20.04' names version 20.04, but the page is titled "
                + "'Install on Ubuntu 24.04'", stale("Install on Ubuntu 20.04").message());
    }

    @Test
    void an_anchor_that_is_another_page_s_exact_title_is_stale() {
        assertEquals("anchor 'Go 1.20 is released!' is the title of /go1.20.html, but the link goes to /go1.21.html "
                + "(the page is titled 'Go 1.21 is released!')", stale("Go 1.20 is released!").message());
    }

    @Test
    void a_numbered_reference_is_stale_only_when_the_number_changed() {
        assertEquals("anchor 'Section 5.7' refers to number 5.7, but the page is titled '5.8. Privileges'",
                stale("Section 5.7").message());
    }

    @Test
    void a_link_through_a_redirect_is_judged_by_the_page_it_lands_on() {
        assertTrue(of("stale-anchor").stream().noneMatch(f -> f.targetUrl().equals("/old-concurrency.html")),
                "the anchor is the title of the page the redirect lands on: " + of("stale-anchor"));
        assertEquals(List.of("/old-concurrency.html"), of("redirect-link").stream().map(Finding::targetUrl).toList(),
                "the extra hop is redirect-link's finding");
    }
}
