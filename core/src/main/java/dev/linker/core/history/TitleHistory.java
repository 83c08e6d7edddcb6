package dev.linker.core.history;

import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * The titles and H1s each page had, from the history of its built HTML file or its source file.
 */
public final class TitleHistory {
    /**
     * One stretch of history with the same title and H1.
     *
     * @param title  the {@code <title>} (HTML) or front-matter title (Markdown), "" when none
     * @param h1     the first H1, "" when none
     * @param since  commit time of the first commit that had this title and H1 (within the history looked at)
     * @param commit that commit's sha
     */
    public record Version(String title, String h1, Instant since, String commit) {
    }

    public static final TitleHistory EMPTY = new TitleHistory(Map.of());

    private final Map<String, List<Version>> byPage;

    TitleHistory(Map<String, List<Version>> byPage) {
        this.byPage = Map.copyOf(byPage);
    }

    /** The page's title versions, newest first; empty when its file has no history. */
    public List<Version> versions(String pageKey) {
        return byPage.getOrDefault(pageKey, List.of());
    }

    public int pages() {
        return byPage.size();
    }

    public boolean isEmpty() {
        return byPage.isEmpty();
    }
}
