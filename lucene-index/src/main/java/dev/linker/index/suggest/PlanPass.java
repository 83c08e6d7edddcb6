package dev.linker.index.suggest;

import dev.linker.core.anchor.Anchor;
import dev.linker.core.anchor.Tokens;
import dev.linker.index.Status;
import dev.linker.index.rank.TreeModel;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.ReaderUtil;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.util.FixedBitSet;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The candidate pass of a link plan over one index version (doc ids stay valid throughout), from
 * {@link Suggester#planPass}: the same stages as a suggestion — {@link Retrieval#gatherAmong} (the acceptors only, a
 * filter built once per plan), {@link Ranker}, and {@link Anchoring} later, for planned links only. Thread-safe:
 * donors may be processed on several threads.
 */
public final class PlanPass {
    private final IndexSearcher s;
    private final SiteSnapshot snap;
    private final Set<String> acceptors;
    private final Query acceptorFilter;
    private final Retrieval retrieval;
    private final Ranker ranker;
    private final Anchoring anchoring;
    private final TreeModel model;
    private final String where;

    PlanPass(IndexSearcher s, SiteSnapshot snap, Set<String> acceptors, boolean hubTargets, Retrieval retrieval,
             Ranker ranker, Anchoring anchoring, TreeModel model, String where) {
        this.s = s;
        this.snap = snap;
        this.acceptors = acceptors;
        this.retrieval = retrieval;
        this.ranker = ranker;
        this.anchoring = anchoring;
        this.model = model;
        this.where = where;
        List<LeafReaderContext> leaves = s.getIndexReader().leaves();
        FixedBitSet[] bits = new FixedBitSet[leaves.size()];
        for (int i = 0; i < bits.length; i++) {
            bits[i] = new FixedBitSet(leaves.get(i).reader().maxDoc());
        }
        for (String url : acceptors) {
            Integer doc = snap.doc(url);
            if (doc != null && TargetFilter.mayTake(snap.info(doc), hubTargets)) {
                int li = ReaderUtil.subIndex(doc, leaves);
                bits[li].set(doc - leaves.get(li).docBase);
            }
        }
        this.acceptorFilter = new BitSetQuery(bits);
    }

    /** True when the page is in the index and live (only live pages give links). */
    public boolean live(String url) {
        Integer doc = snap.doc(url);
        return doc != null && snap.info(doc).status() == Status.LIVE;
    }

    /** The donor's best acceptor candidates, scored as suggestions are, without anchors. */
    public List<Suggestion> candidates(String donor, int limit) {
        Source src = snap.page(donor, false, where);
        try (Tokens.Reading ignored = Tokens.readingAs(src.language())) {
            return ranker.rank(s, snap, src, retrieval.gatherAmong(s, snap, src, acceptorFilter, acceptors, limit),
                    new Ranker.Wanted(limit, acceptors, false, model));
        } catch (IOException e) {
            throw new UncheckedIOException(where + ": search failed", e);
        }
    }

    /** Anchors for links planned on one donor, by the same rules as suggestions: acceptor URL to anchor. */
    public Map<String, Anchor> anchors(String donor, List<String> targets) {
        Integer doc = snap.doc(donor);
        Map<String, Anchor> out = new HashMap<>();
        if (doc == null || targets.isEmpty()) {
            return out;
        }
        List<Anchor> anchors;
        try (Tokens.Reading ignored = Tokens.readingAs(snap.info(doc).language())) {
            anchors = anchoring.anchors(snap, Source.text(donor, snap.body(doc), snap.blocked(doc, false)), targets);
        }
        for (int i = 0; i < targets.size(); i++) {
            out.put(targets.get(i), anchors.get(i));
        }
        return out;
    }
}
