package dev.linker.index.suggest;

import dev.linker.index.PageIndex;
import dev.linker.index.PageView;

/**
 * The {@link SiteSnapshot} of the index version a view sees, loaded once per version and shared by a suggester and
 * those derived from it (other settings, another span embedder).
 */
final class Snapshots {
    private final PageIndex index;
    private volatile SiteSnapshot current;

    Snapshots(PageIndex index) {
        this.index = index;
    }

    SiteSnapshot of(PageView view) {
        SiteSnapshot snap = current;
        if (snap != null && snap.reader == view.searcher().getIndexReader()) {
            return snap;
        }
        synchronized (this) {
            snap = current;
            if (snap != null && snap.reader == view.searcher().getIndexReader()) {
                return snap;
            }
            try {
                snap = SiteSnapshot.load(view);
            } catch (RuntimeException e) {
                throw index.damaged(e);
            }
            current = snap;
            return snap;
        }
    }
}
