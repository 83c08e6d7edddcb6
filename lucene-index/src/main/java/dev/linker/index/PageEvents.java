package dev.linker.index;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A CMS's page lifecycle events applied to the index — one place for what the server's {@code POST /api/v1/events}
 * and {@code linker event} do:
 * <ul>
 *   <li><b>created</b>, <b>updated</b>: the page given is written (embedded when its text changed); without a page,
 *       a known page is live again;</li>
 *   <li><b>merged</b>, <b>redirected</b>: the page is no longer a target and its survivor takes its place: the old
 *       title and H1 become names of the survivor, and its inbound links count for the survivor. Those carried names
 *       are kept when the site is indexed again ({@link PageIndex#sync}), as the CMS will not say it twice;</li>
 *   <li><b>killed</b>: the page is gone and never suggested.</li>
 * </ul>
 * The caller commits (a batch of events, one commit).
 */
public final class PageEvents {
    /** The source of a name a page carries from one merged into or redirected to it: {@code carried:<old url>}. */
    public static final String CARRIED = "carried:";

    public enum Type {
        CREATED, UPDATED, MERGED, REDIRECTED, KILLED;

        public String id() {
            return name().toLowerCase(Locale.ROOT);
        }

        /** "merged" → MERGED; null when it is none of them. */
        public static Type parse(String s) {
            for (Type t : values()) {
                if (t.id().equalsIgnoreCase(s == null ? "" : s.strip())) {
                    return t;
                }
            }
            return null;
        }

        public static String ids() {
            return "created, updated, merged, redirected, killed";
        }
    }

    /**
     * An event. {@code survivor} for merged and redirected; {@code page} (its URL equal to {@code url}) optionally
     * for created and updated.
     */
    public record Event(Type type, String url, String survivor, PageRecord page) {
    }

    /** The event names a page the index does not have; {@code field} is "url" or "survivor". */
    public static final class UnknownPageException extends RuntimeException {
        private final String field;

        public UnknownPageException(String field, String url) {
            super("no page with url " + url + " in the index");
            this.field = field;
        }

        public String field() {
            return field;
        }
    }

    private PageEvents() {
    }

    /**
     * Applies {@code e} to {@code index} (not committed). Throws {@link UnknownPageException} for an unknown page,
     * {@link IllegalArgumentException} for an event that does not hold together, and
     * {@link PageLimits.InvalidPageException} for a page over the limits (field under "page.").
     */
    public static void apply(PageIndex index, Event e) {
        check(e);
        switch (e.type()) {
            case CREATED, UPDATED -> {
                if (e.page() != null) {
                    try {
                        PageLimits.check(e.page());
                    } catch (PageLimits.InvalidPageException x) {
                        throw new PageLimits.InvalidPageException("page." + x.field(), x.getMessage());
                    }
                    index.upsert(e.page());
                } else {
                    requireKnown(index, e.url(), "url");
                    index.setStatus(e.url(), Status.LIVE, null);
                }
            }
            case MERGED, REDIRECTED -> {
                requireKnown(index, e.url(), "url");
                PageRecord gone = index.get(e.url());
                index.setStatus(e.url(), e.type() == Type.MERGED ? Status.MERGED : Status.REDIRECTED, e.survivor());
                inherit(index, gone, e.survivor());
            }
            case KILLED -> {
                requireKnown(index, e.url(), "url");
                index.setStatus(e.url(), Status.KILLED, null);
            }
        }
    }

    private static void check(Event e) {
        boolean moves = e.type() == Type.MERGED || e.type() == Type.REDIRECTED;
        if (moves && (e.survivor() == null || e.survivor().isBlank())) {
            throw new IllegalArgumentException("a " + e.type().id() + " event needs the survivor");
        }
        if (moves && e.survivor().equals(e.url())) {
            throw new IllegalArgumentException("the survivor must differ from the page");
        }
        if (!moves && e.survivor() != null) {
            throw new IllegalArgumentException("a survivor only applies to merged and redirected events");
        }
        if (e.page() != null && e.type() != Type.CREATED && e.type() != Type.UPDATED) {
            throw new IllegalArgumentException("a page only applies to created and updated events");
        }
        if (e.page() != null && !e.page().url().equals(e.url())) {
            throw new IllegalArgumentException("the page's url (" + e.page().url() + ") differs from the event's ("
                    + e.url() + ")");
        }
    }

    /**
     * The survivor takes the place of a merged/redirected page: links and readers that knew the old page by its
     * title now reach the survivor, so the old title and H1 become names of the survivor and its inbound links count
     * for the survivor. Content is unchanged, so nothing is re-embedded.
     */
    private static void inherit(PageIndex index, PageRecord gone, String survivorUrl) {
        PageRecord s = index.get(survivorUrl);
        if (s == null) {
            return; // the survivor is not indexed (yet): nothing to hand over
        }
        List<String[]> names = new ArrayList<>(s.names());
        List<String[]> carried = new ArrayList<>();
        for (String name : List.of(gone.title(), gone.h1())) {
            carried.add(new String[] {CARRIED + gone.url(), name});
        }
        for (String[] n : gone.names()) { // what the old page carried from earlier merges moves on too
            if (n[0].startsWith(CARRIED)) {
                carried.add(n);
            }
        }
        for (String[] n : carried) {
            if (!n[1].isBlank() && names.stream().noneMatch(x -> x[1].equals(n[1]))) {
                names.add(n);
            }
        }
        index.upsert(s.withNames(names, s.inbound() + gone.inbound()));
    }

    /** The names of {@code r} carried from pages merged into it, added to {@code fresh} where it lacks them. */
    static PageRecord keepCarried(PageRecord fresh, List<String[]> carried) {
        if (carried == null || carried.isEmpty()) {
            return fresh;
        }
        List<String[]> names = new ArrayList<>(fresh.names());
        for (String[] n : carried) {
            if (names.stream().noneMatch(x -> x[1].equals(n[1]))) {
                names.add(n);
            }
        }
        return names.size() == fresh.names().size() ? fresh : fresh.withNames(names, fresh.inbound());
    }

    private static void requireKnown(PageIndex index, String url, String field) {
        if (index.get(url) == null) {
            throw new UnknownPageException(field, url);
        }
    }
}
