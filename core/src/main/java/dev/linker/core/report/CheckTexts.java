package dev.linker.core.report;

import dev.linker.core.check.Check;
import dev.linker.core.check.Checks;

import java.util.Locale;

/**
 * Check descriptions for SARIF rules and report headings, from the check registry. An id the registry does not
 * know (a finding from a newer baseline or a plugin) still gets a readable text, so no report fails on it.
 */
final class CheckTexts {
    private CheckTexts() {
    }

    static String description(String checkId) {
        Check c = Checks.get(checkId);
        return c != null ? c.description() : "Linker check " + checkId;
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
