package dev.linker.index.suggest;

import dev.linker.core.model.PageMeta;
import dev.linker.core.score.CategoryPath;
import dev.linker.index.Fields;
import dev.linker.index.Status;

import org.apache.lucene.document.IntPoint;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.BooleanClause;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.TermQuery;

import java.util.Set;
import java.util.regex.Pattern;

/**
 * Which pages a source may link to: live pages other than itself and those it links to already, not excluded, not of a
 * safety class its own forbids, within the category bound, among the wanted targets (a plan's acceptors), no hub
 * unless hubs are targets, none published after the date a ranking is bound to, and none in another language (pages of
 * unknown language agree with any, see {@link PageMeta#languagesAgree}). The one definition: the retrievers search
 * with its Lucene form ({@link #query}), a plan reads its acceptors with {@link #mayTake}, and the ranking keeps only
 * the candidates {@link #accepts} accepts.
 */
final class TargetFilter {
    private final SuggestSettings settings;
    private final Source src;
    private final String bound;
    private final Set<String> only;
    private final int asOf;

    /**
     * @param only when not null, only these URLs are targets
     * @param asOf the last publication day a target may have ({@link Fields#UNDATED}: no bound)
     */
    TargetFilter(SuggestSettings settings, Source src, Set<String> only, int asOf) {
        this.settings = settings;
        this.src = src;
        this.bound = settings.targets().categoryLevels() >= 0 && src.category() != null
                ? CategoryPath.up(src.category(), settings.targets().categoryLevels()) : null;
        this.only = only;
        this.asOf = asOf;
    }

    boolean accepts(PageInfo t) {
        return t != null && mayTake(t, settings.targets().hubTargets()) && !t.url().equals(src.url())
                && !src.links().contains(t.url()) && !excluded(t.url()) && !forbidden(src.safety(), t.safety())
                && (bound == null || t.category().startsWith(bound))
                && (only == null || only.contains(t.url()))
                && (asOf == Fields.UNDATED || t.day() <= asOf)
                && PageMeta.languagesAgree(src.language(), t.language());
    }

    /**
     * Whether a page may take a link from any source: live, and no hub unless hubs are targets. The part of
     * {@link #accepts} a plan's acceptors are read with ({@link PlanPass}).
     */
    static boolean mayTake(PageInfo t, boolean hubTargets) {
        return t.status() == Status.LIVE && (hubTargets || !t.hub());
    }

    /**
     * The part of {@link #accepts} the index can test, as a Lucene filter for the retrievers: live pages, no hub
     * (unless hubs are targets), published by {@code asOf}, within the category bound, not the source. The rest
     * (existing links, exclusions, safety, language, wanted targets) is checked by {@link #accepts} on the candidates.
     */
    static Query query(SuggestSettings settings, Source src, int asOf) {
        BooleanQuery.Builder b = new BooleanQuery.Builder()
                .add(new TermQuery(new Term(Fields.STATUS, Status.LIVE.id())), BooleanClause.Occur.FILTER);
        if (!settings.targets().hubTargets()) {
            b.add(new TermQuery(new Term(Fields.HUB, "1")), BooleanClause.Occur.MUST_NOT);
        }
        if (asOf != Fields.UNDATED) {
            // Undated pages hold the smallest day, so the range keeps them.
            b.add(IntPoint.newRangeQuery(Fields.PUBLISHED_DAY, Fields.UNDATED, asOf), BooleanClause.Occur.FILTER);
        }
        if (settings.targets().categoryLevels() >= 0 && src.category() != null) {
            b.add(categoryBound(settings, src), BooleanClause.Occur.FILTER);
        }
        if (src.url() != null) {
            b.add(new TermQuery(new Term(Fields.URL, src.url())), BooleanClause.Occur.MUST_NOT);
        }
        return b.build();
    }

    /** The category bound of {@link #accepts} as a Lucene filter (a category ancestor of the page). */
    static TermQuery categoryBound(SuggestSettings settings, Source src) {
        return new TermQuery(new Term(Fields.CATEGORY_ANCESTOR, CategoryPath.up(src.category(),
                settings.targets().categoryLevels())));
    }

    private boolean excluded(String url) {
        for (Pattern p : settings.targets().excludes()) {
            if (p.matcher(url).find()) {
                return true;
            }
        }
        return false;
    }

    private boolean forbidden(String sourceSafety, String targetSafety) {
        Set<String> no = settings.targets().forbiddenSafety().get(sourceSafety == null ? "" : sourceSafety);
        return no != null && no.contains(targetSafety == null ? "" : targetSafety);
    }
}
