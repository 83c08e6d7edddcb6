package dev.linker.index.suggest;

import dev.linker.core.anchor.Tokens;
import dev.linker.core.anchor.Anchor;
import dev.linker.core.result.LinkerException;
import dev.linker.index.rank.TreeModel;
import org.apache.lucene.search.IndexSearcher;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;

/**
 * Inbound suggestions: the existing pages that should link to a page or a draft, each with the phrase of its own text
 * that becomes the link and the sentence it sits in. Not a ranking of its own:
 * <ul>
 *   <li>the candidate sources are the pages about the target: the suggestion stages with the target as the source;</li>
 *   <li>an indexed target is then scored from each candidate as that page's own suggestions would score it, by the
 *   plan's candidate pass with the target as its only acceptor ({@link PlanPass}): so a source that links to it
 *   already, a hub, a page that is not live, or a pair under the similarity bar (as a plan's
 *   {@code --min-similarity}, unless the source names the target) never appears, and the learned ranker and the
 *   anchors are the plan's;</li>
 *   <li>a draft is not in the index: its sources keep the order of the pages about it, and the phrase is placed as a
 *   brief places it ({@link Anchoring#placeFor}).</li>
 * </ul>
 * Each source gets one link to the target: the plan's cap of new links per donor is never the limit here.
 */
public final class Inbound {
    /** The embedding cosine a source needs unless its text names the target, by default. */
    public static final double MIN_SIMILARITY = 0.3;

    /**
     * What an inbound request asks for.
     *
     * @param limit         sources at most
     * @param candidates    pages about the target considered as sources
     * @param minSimilarity embedding cosine a source needs unless it names the target (as a plan's; -1: none)
     * @param inTextOnly    only sources whose text already has the phrase (else also a sentence and wording to add)
     */
    public record Options(int limit, int candidates, double minSimilarity, boolean inTextOnly) {
        public Options {
            if (limit < 1) {
                throw new LinkerException("an inbound request needs a limit of at least 1, was " + limit);
            }
        }

        /** The request of a door: {@code limit} sources with a phrase in their text, above {@code minSimilarity}. */
        public static Options of(int limit, double minSimilarity) {
            return new Options(limit, Math.max(limit * 8, 50), minSimilarity, true);
        }
    }

    private final SuggestSettings settings;
    private final Retrieval retrieval;
    private final Ranker ranker;
    private final Anchoring anchoring;
    private final String where;

    Inbound(SuggestSettings settings, Retrieval retrieval, Ranker ranker, Anchoring anchoring, String where) {
        this.settings = settings;
        this.retrieval = retrieval;
        this.ranker = ranker;
        this.anchoring = anchoring;
        this.where = where;
    }

    /** Sources for an indexed page, best first; {@code model} ranks as it ranks the plan's pairs (null: weights). */
    List<Suggestion> forPage(SiteSnapshot snap, String target, Options o, TreeModel model) {
        // The target's own links hidden: a page it links to may well link back.
        Source about = snap.page(target, true, where);
        IndexSearcher s = snap.searcher();
        PlanPass pass = new PlanPass(s, snap, Set.of(target), settings.targets().hubTargets(), retrieval, ranker,
                anchoring, model, where);
        List<Suggestion> scored = new ArrayList<>();
        for (Suggestion page : topical(snap, about, o.candidates(), null)) {
            PageInfo src = snap.info(snap.doc(page.url()));
            if (src.hub()) {
                continue; // hubs are listings, never a place to write a link into
            }
            List<Suggestion> own = pass.candidates(page.url(), 1);
            if (own.isEmpty()) {
                continue; // links to it already, or may not (category bound, safety, language, date)
            }
            Suggestion sg = own.get(0);
            if (sg.components().vector() < o.minSimilarity() && sg.components().name() <= 0) {
                continue;
            }
            scored.add(new Suggestion(page.url(), src.title(), sg.score(), sg.components(), null));
        }
        scored.sort(ORDER);
        List<Suggestion> out = new ArrayList<>();
        for (Suggestion sg : scored) {
            Anchor a = pass.anchors(sg.url(), List.of(target)).get(target);
            if (a == null || a.sentence().isEmpty() || o.inTextOnly() && !a.inText()) {
                continue;
            }
            out.add(sg.withAnchor(a));
            if (out.size() == o.limit()) {
                break;
            }
        }
        return out;
    }

    /**
     * Sources for a draft (or a planned article), in the order of the pages about it: {@code name} is what it is
     * called (its title), {@code about} what it is about, {@code aboutVector} their embedding; {@code url} its planned
     * address, or null.
     */
    List<Suggestion> forDraft(SiteSnapshot snap, Source draft, String url, String name, String about,
                              float[] aboutVector, Options o, TreeModel model) {
        List<Suggestion> out = new ArrayList<>();
        for (Suggestion page : topical(snap, draft, o.candidates(), model)) {
            if (page.url().equals(url)) {
                continue; // a page being rewritten is never its own source
            }
            int doc = snap.doc(page.url());
            PageInfo src = snap.info(doc);
            if (src.hub() || url != null && (src.allLinks().contains(url) || src.links().contains(url))) {
                continue;
            }
            Anchor a = anchoring.placeFor(snap, doc, name, about, aboutVector);
            if (a.sentence().isEmpty() || o.inTextOnly() && !a.inText()
                    || page.components().vector() < o.minSimilarity() && a.rule() != Anchor.Rule.NAME) {
                continue;
            }
            out.add(new Suggestion(page.url(), page.title(), page.score(), page.components(), a));
            if (out.size() == o.limit()) {
                break;
            }
        }
        return out;
    }

    /** The pages about {@code about}, best first, by the suggestion stages (no anchors). */
    private List<Suggestion> topical(SiteSnapshot snap, Source about, int n, TreeModel model) {
        IndexSearcher s = snap.searcher();
        try (Tokens.Reading ignored = Tokens.readingAs(about.language())) {
            return ranker.rank(s, snap, about, retrieval.gather(s, snap, about),
                    new Ranker.Wanted(n, null, false, model));
        } catch (IOException e) {
            throw new UncheckedIOException(where + ": search failed", e);
        }
    }

    /** Best score first, then URL: a total order. */
    private static final Comparator<Suggestion> ORDER = Comparator.comparingDouble((Suggestion s) -> -s.score())
            .thenComparing(Suggestion::url);
}
