package dev.linker.index;

import java.util.List;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * What a page lifecycle event ({@link PageEvent}) does to the index: first whether its fields hold together, then the
 * pages it writes and what the index's event table keeps of it. It is given the index's reads, writes, event table
 * and commit as functions, not the index itself, so that it does not call back into the facade that calls it.
 */
final class PageEvents {
    private PageEvents() {
    }

    /**
     * As {@link PageIndex#apply}, on a writable index: {@code get} reads a page by URL (null: none), {@code upsert}
     * writes one, {@code events} is the index's event table as of now, {@code commit} commits.
     */
    static void apply(PageEvent e, Function<String, PageRecord> get, Consumer<PageRecord> upsert,
                      Supplier<EventTable> events, Runnable commit) {
        checkEvent(e);
        switch (e.type()) {
            case CREATED, UPDATED -> {
                if (e.page() != null) {
                    upsert.accept(e.page());
                } else {
                    upsert.accept(known(get, e.url()).withStatus(Status.LIVE, null));
                }
                events.get().remove(e.url());
            }
            case MERGED, REDIRECTED -> {
                PageRecord gone = known(get, e.url());
                Status status = e.type() == PageEvent.Type.MERGED ? Status.MERGED : Status.REDIRECTED;
                boolean again = gone.status() == status && e.survivor().equals(gone.redirectTo());
                upsert.accept(gone.withStatus(status, e.survivor()));
                List<String[]> names = new java.util.ArrayList<>();
                for (String name : List.of(gone.title(), gone.h1())) {
                    if (!name.isBlank()) {
                        names.add(new String[] {gone.url(), name});
                    }
                }
                names.addAll(gone.names());
                events.get().put(e.url(), new EventTable.Entry(status, e.survivor(), names));
                PageRecord s = get.apply(e.survivor());
                if (s != null) { // else it gets the names when it is indexed
                    upsert.accept(again ? s : s.withNames(s.names(), s.inbound() + gone.inbound()));
                }
            }
            case KILLED -> {
                upsert.accept(known(get, e.url()).withStatus(Status.KILLED, null));
                events.get().put(e.url(), new EventTable.Entry(Status.KILLED, null, List.of()));
            }
        }
        commit.run();
    }

    /** The page at {@code url}, which the index must hold. */
    private static PageRecord known(Function<String, PageRecord> get, String url) {
        PageRecord r = get.apply(url);
        if (r == null) {
            throw new UnknownPageException("url", url);
        }
        return r;
    }

    /** The event's fields hold together, before anything is written. */
    private static void checkEvent(PageEvent e) {
        if (e.type() == null) {
            throw new PageLimits.InvalidPageException("type", "type is required (one of " + PageEvent.Type.KNOWN + ")");
        }
        if (e.url() == null || e.url().isBlank()) {
            throw new PageLimits.InvalidPageException("url", "url is required");
        }
        String problem = PageLimits.urlProblem("url", e.url());
        if (problem != null) {
            throw new PageLimits.InvalidPageException("url", problem);
        }
        if (e.type().handsOver()) {
            if (e.survivor() == null || e.survivor().isBlank()) {
                throw new PageLimits.InvalidPageException("survivor", "survivor is required for a " + e.type().id()
                        + " event");
            }
            problem = PageLimits.urlProblem("survivor", e.survivor());
            if (problem != null) {
                throw new PageLimits.InvalidPageException("survivor", problem);
            }
            if (e.survivor().equals(e.url())) {
                throw new PageLimits.InvalidPageException("survivor", "survivor must differ from url");
            }
        } else if (e.survivor() != null) {
            throw new PageLimits.InvalidPageException("survivor",
                    "survivor only applies to merged and redirected events");
        }
        if (e.page() != null) {
            if (e.type() != PageEvent.Type.CREATED && e.type() != PageEvent.Type.UPDATED) {
                throw new PageLimits.InvalidPageException("page", "page only applies to created and updated events");
            }
            if (!e.url().equals(e.page().url())) {
                throw new PageLimits.InvalidPageException("page.url", "page.url must equal url");
            }
            try {
                PageLimits.check(e.page());
            } catch (PageLimits.InvalidPageException x) {
                throw new PageLimits.InvalidPageException("page." + x.field(), x.getMessage());
            }
        }
    }
}
