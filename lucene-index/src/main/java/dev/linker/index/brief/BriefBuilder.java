package dev.linker.index.brief;

import dev.linker.core.anchor.Anchor;
import dev.linker.core.result.LinkerException;
import dev.linker.core.score.ScoreComponents;
import dev.linker.index.suggest.Draft;
import dev.linker.index.suggest.Inbound;
import dev.linker.index.suggest.Suggester;
import dev.linker.index.suggest.Suggestion;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * Builds a {@link ContentBrief} from the index: pages to link to are the suggester's answer for the query and title
 * (the article has no text yet); pages that should link to it are pages about the topic, each with the phrase of its
 * text that best says what the article is about (by the same rules as every anchor), or the sentence where a link to
 * add fits best.
 */
public final class BriefBuilder {
    private final Suggester suggester;

    public BriefBuilder(Suggester suggester) {
        this.suggester = suggester;
    }

    public ContentBrief build(String query, String title, String url, int limit) {
        if (query == null || query.isBlank()) {
            throw new LinkerException("a brief needs " + LinkerException.setting("query", null)
                    + ": the main search query the article targets");
        }
        String q = query.strip();
        String t = title == null ? "" : title.strip();
        String planned = url == null || url.isBlank() ? null : url.strip();
        // A planned URL that is already indexed is a page being rewritten: fine, it is just never its own target.
        List<Suggestion> topical = suggester.forQuery(t.isEmpty() ? q : q + "\n" + t, Math.max(limit * 4, 20));

        List<ContentBrief.LinkTo> to = new ArrayList<>();
        for (Suggestion s : topical) {
            if (s.url().equals(planned)) {
                continue;
            }
            String anchor = s.anchor() != null && !s.anchor().text().isBlank() ? s.anchor().text() : s.title();
            to.add(new ContentBrief.LinkTo(s.url(), s.title(), anchor, why(s.components()), round(s.score())));
            if (to.size() == limit) {
                break;
            }
        }

        // The pages that should link to it: the same engine as every inbound suggestion (Suggester#inbound), here
        // also where the page has no phrase for it yet (the sentence where a link fits, and the wording to add).
        List<ContentBrief.LinkFrom> from = new ArrayList<>();
        int n = Math.max(limit * 4, 20);
        for (Suggestion s : suggester.inbound(Draft.of("", t.isEmpty() ? q : q + "\n" + t), planned,
                t.isEmpty() ? q : t, q, new Inbound.Options(n, n, -1, false))) {
            Anchor a = s.anchor();
            from.add(new ContentBrief.LinkFrom(s.url(), s.title(), a.text(), a.sentence(), round(s.score()),
                    a.inText()));
        }
        // Pages with a phrase to link first: a link made in place beats one to add.
        from.sort(Comparator.comparing((ContentBrief.LinkFrom l) -> !l.anchorInText())
                .thenComparing(Comparator.comparingDouble(ContentBrief.LinkFrom::score).reversed()));
        return new ContentBrief(q, t, planned, to, from.size() > limit ? from.subList(0, limit) : from);
    }

    private static String why(ScoreComponents c) {
        List<String> r = new ArrayList<>();
        if (c.name() > 0) {
            r.add("its name is in the query");
        }
        if (c.lexical() > 0.3) {
            r.add(String.format(Locale.ROOT, "shares the query's words (BM25 %.2f)", c.lexical()));
        }
        if (c.vector() > 0) {
            r.add(String.format(Locale.ROOT, "close in meaning (cosine %.2f)", c.vector()));
        }
        if (c.authority() > 0.5) {
            r.add("a strong page of the site");
        }
        return r.isEmpty() ? "related" : String.join("; ", r);
    }

    private static double round(double v) {
        return Math.round(v * 1000) / 1000.0;
    }
}
