package dev.linker.index;

import java.util.List;

/**
 * What a page lifecycle event ({@link PageEvent}) does to the index: first whether its fields hold together, then the
 * pages it writes and what the index's event table keeps of it.
 */
final class PageEvents {
    private PageEvents() {
    }

    /** As {@link PageIndex#apply}, on a writable index. */
    static void apply(PageIndex index, PageEvent e) {
        checkEvent(e);
        switch (e.type()) {
            case CREATED, UPDATED -> {
                if (e.page() != null) {
                    index.upsert(e.page());
                } else {
                    index.upsert(known(index, e.url()).withStatus(Status.LIVE, null));
                }
                index.events().remove(e.url());
            }
            case MERGED, REDIRECTED -> {
                PageRecord gone = known(index, e.url());
                Status status = e.type() == PageEvent.Type.MERGED ? Status.MERGED : Status.REDIRECTED;
                boolean again = gone.status() == status && e.survivor().equals(gone.redirectTo());
                index.upsert(gone.withStatus(status, e.survivor()));
                List<String[]> names = new java.util.ArrayList<>();
                for (String name : List.of(gone.title(), gone.h1())) {
                    if (!name.isBlank()) {
                        names.add(new String[] {gone.url(), name});
                    }
                }
                names.addAll(gone.names());
                index.events().put(e.url(), new EventTable.Entry(status, e.survivor(), names));
                PageRecord s = index.get(e.survivor());
                if (s != null) { // else it gets the names when it is indexed
                    index.upsert(again ? s : s.withNames(s.names(), s.inbound() + gone.inbound()));
                }
            }
            case KILLED -> {
                index.upsert(known(index, e.url()).withStatus(Status.KILLED, null));
                index.events().put(e.url(), new EventTable.Entry(Status.KILLED, null, List.of()));
            }
        }
        index.commit();
    }

    private static PageRecord known(PageIndex index, String url) {
        PageRecord r = index.get(url);
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
