package dev.linker.core.report;

import dev.linker.core.result.Finding;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** What several reporters share: a stable finding order, locations, paths, counts. */
final class ReportSupport {
    private ReportSupport() {
    }

    static List<Finding> sorted(List<Finding> findings) {
        List<Finding> l = new ArrayList<>(findings);
        l.sort(Finding.ORDER);
        return l;
    }

    /** Where a finding with neither a file nor a page is shown: it is about the site as a whole. */
    static final String SITE_WIDE = Finding.SITE_WIDE;

    /** Whether the finding is about a page; a file that is not a page (sitemap.xml, _redirects) has none. */
    static boolean hasPage(Finding f) {
        return f.pageUrl() != null && !f.pageUrl().isEmpty();
    }

    /** What a finding is about, to group it under: its page, else its file, else {@link #SITE_WIDE}. */
    static String subject(Finding f) {
        return hasPage(f) ? f.pageUrl() : hasFile(f) ? f.file() : SITE_WIDE;
    }

    static boolean hasFile(Finding f) {
        return f.file() != null && !f.file().isEmpty();
    }

    /**
     * The site folder as a forward-slash path relative to {@code workingDir} when it lies inside it (so CI
     * annotations name repository files), else absolute; "" when the site is the working directory itself.
     */
    static String siteDirFrom(AuditResult result, Path workingDir) {
        Path site = result.config().input().siteDir();
        if (site == null) {
            return "";
        }
        Path abs = site.toAbsolutePath().normalize();
        Path wd = workingDir.toAbsolutePath().normalize();
        Path shown = abs.startsWith(wd) ? wd.relativize(abs) : abs;
        return slashes(shown.toString());
    }

    /** The site folder as configured, forward slashes (for display; reports stay the same on Windows). */
    static String siteDisplay(AuditResult result) {
        Path site = result.config().input().siteDir();
        return site == null ? "" : slashes(site.toString());
    }

    /**
     * The source file of a finding (a Markdown file under a content folder) relative to {@code workingDir} with
     * forward slashes, or absolute when it lies outside; null when the finding has none.
     */
    static String sourcePath(Finding f, Path workingDir) {
        if (f.source() == null) {
            return null;
        }
        Path abs = f.source().file().toAbsolutePath().normalize();
        Path wd = workingDir.toAbsolutePath().normalize();
        return slashes((abs.startsWith(wd) ? wd.relativize(abs) : abs).toString());
    }

    static String slashes(String p) {
        return p.replace('\\', '/');
    }

    /** The page click depth is measured from: the graph's (effective) entry, else the configured one. */
    static String entry(AuditResult result) {
        if (result.graph() != null && result.graph().entry() != null) {
            return result.graph().entry();
        }
        return result.config().input().entry();
    }

    /** Cuts {@code s} to at most {@code max} characters, marking the cut with an ellipsis. */
    static String truncate(String s, int max) {
        if (s.length() <= max) {
            return s;
        }
        int end = max - 1;
        if (Character.isHighSurrogate(s.charAt(end - 1))) {
            end--;
        }
        return s.substring(0, end) + "…";
    }
}
