package dev.linker.core.report;

import java.util.Locale;
import java.util.Map;

/**
 * One-line descriptions of the audit checks, for SARIF rules and report headings. Unknown ids (a check added later)
 * still get a readable text, so no report fails on a new check.
 */
final class CheckTexts {
    private static final Map<String, String> DESCRIPTIONS = Map.ofEntries(
            Map.entry("broken-link", "Internal link to a page or #fragment that does not exist"),
            Map.entry("orphan", "Page no other page links to"),
            Map.entry("content-orphan", "Page linked only from navigation, header, footer or sidebars, never from content"),
            Map.entry("unreachable", "Page that cannot be reached by clicking from the entry page"),
            Map.entry("deep-page", "Page too many clicks away from the entry page"),
            Map.entry("reciprocal-link", "Two pages linking to each other from their content (a link loop)"),
            Map.entry("stale-anchor", "Anchor text that no longer describes the page it links to"),
            Map.entry("brief-missing-link", "Link required by a content brief is missing from the page"),
            Map.entry("redirect-link", "Internal link that goes through a redirect"),
            Map.entry("nofollow-internal", "Internal link marked rel=nofollow"),
            Map.entry("unreadable-page", "Page or file that could not be read as it is"));

    private CheckTexts() {
    }

    static String description(String checkId) {
        String d = DESCRIPTIONS.get(checkId);
        return d != null ? d : "Linker check " + checkId;
    }

    /** "broken-link" → "BrokenLink": SARIF rule names are identifier-like. */
    static String ruleName(String checkId) {
        StringBuilder b = new StringBuilder();
        boolean upper = true;
        for (char c : checkId.toCharArray()) {
            if (Character.isLetterOrDigit(c)) {
                b.append(upper ? Character.toUpperCase(c) : Character.toLowerCase(c));
                upper = false;
            } else {
                upper = true;
            }
        }
        return b.isEmpty() ? checkId.toUpperCase(Locale.ROOT) : b.toString();
    }
}
