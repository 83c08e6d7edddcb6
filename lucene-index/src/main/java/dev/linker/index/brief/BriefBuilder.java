package dev.linker.index.brief;

import dev.linker.core.anchor.AnchorText;
import dev.linker.core.audit.LinkerException;
import dev.linker.core.score.ScoreComponents;
import dev.linker.index.PageIndex;
import dev.linker.index.PageRecord;
import dev.linker.index.suggest.Suggester;
import dev.linker.index.suggest.Suggestion;

import java.text.BreakIterator;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Builds a {@link ContentBrief} from the index: pages to link to are the suggester's answer for the query and title
 * (the article has no text yet); donors are pages about the topic whose text already has a sentence using the
 * query's words — the place where an editor would add the link.
 */
public final class BriefBuilder {
    private final PageIndex index;
    private final Suggester suggester;

    public BriefBuilder(PageIndex index, Suggester suggester) {
        this.index = index;
        this.suggester = suggester;
    }

    public ContentBrief build(String query, String title, String url, int limit) {
        if (query == null || query.isBlank()) {
            throw new LinkerException("a brief needs --query: the main search query the article targets");
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

        Set<String> words = new LinkedHashSet<>(AnchorText.words(q));
        words.addAll(AnchorText.words(t));
        List<ContentBrief.LinkFrom> from = new ArrayList<>();
        for (Suggestion s : topical) {
            if (s.url().equals(planned)) {
                continue;
            }
            PageRecord r = index.get(s.url());
            if (r == null || (planned != null && r.allLinks().contains(planned))) {
                continue; // already links to the planned page
            }
            Place p = bestPlace(withoutHeading(r.body(), r.h1(), r.title()), q, words);
            if (p != null) {
                from.add(new ContentBrief.LinkFrom(s.url(), s.title(), p.anchor, p.sentence, round(s.score() * p.coverage)));
            }
        }
        from.sort(Comparator.comparingDouble(ContentBrief.LinkFrom::score).reversed());
        return new ContentBrief(q, t, planned, to, from.size() > limit ? from.subList(0, limit) : from);
    }

    /** Page text starts with its H1, with no sentence break before the first sentence: leave it out. */
    static String withoutHeading(String body, String h1, String title) {
        String b = body.strip();
        for (String h : new String[]{h1, title}) {
            if (h != null && !h.isBlank() && b.startsWith(h.strip())) {
                return b.substring(h.strip().length()).strip();
            }
        }
        return b;
    }

    record Place(String sentence, String anchor, double coverage) {
    }

    /** The sentence sharing most of the query's words, and in it the longest run of them as the anchor. */
    static Place bestPlace(String body, String query, Set<String> words) {
        if (body == null || body.isBlank() || words.isEmpty()) {
            return null;
        }
        Set<String> stems = new LinkedHashSet<>();
        words.forEach(w -> stems.add(AnchorText.stem(w)));
        BreakIterator it = BreakIterator.getSentenceInstance(Locale.ROOT);
        it.setText(body);
        Place best = null;
        int bestHits = 0;
        for (int start = it.first(), end = it.next(); end != BreakIterator.DONE; start = end, end = it.next()) {
            String sentence = body.substring(start, end).strip();
            if (sentence.length() < 20 || sentence.length() > 400) {
                continue; // headings, list fragments and run-on text make poor places for a link
            }
            Set<String> present = new LinkedHashSet<>();
            for (String w : AnchorText.words(sentence)) {
                if (stems.contains(AnchorText.stem(w))) {
                    present.add(AnchorText.stem(w));
                }
            }
            if (present.size() > bestHits) {
                String anchor = longestRun(sentence, stems);
                if (anchor != null) {
                    bestHits = present.size();
                    best = new Place(sentence, anchor, (double) present.size() / stems.size());
                }
            }
        }
        return best;
    }

    /** Longest run of words of the sentence that are query words (stop words allowed inside a run). */
    static String longestRun(String sentence, Set<String> stems) {
        String[] tokens = sentence.split("\\s+");
        int bestFrom = -1;
        int bestLen = 0;
        int from = -1;
        int hits = 0;
        int bestHitCount = 0;
        int lastHit = -1;
        for (int i = 0; i <= tokens.length; i++) {
            List<String> w = i < tokens.length ? AnchorText.words(tokens[i]) : List.of();
            boolean hit = !w.isEmpty() && w.stream().allMatch(x -> stems.contains(AnchorText.stem(x)));
            boolean stop = i < tokens.length && w.isEmpty() && from >= 0;
            if (hit) {
                if (from < 0) {
                    from = i;
                    hits = 0;
                }
                hits++;
                lastHit = i;
            } else if (!stop) {
                if (from >= 0 && (hits > bestHitCount || (hits == bestHitCount && lastHit - from + 1 > bestLen))) {
                    bestHitCount = hits;
                    bestFrom = from;
                    bestLen = lastHit - from + 1;
                }
                from = -1;
            }
        }
        if (bestFrom < 0) {
            return null;
        }
        String run = String.join(" ", java.util.Arrays.copyOfRange(tokens, bestFrom, bestFrom + bestLen));
        return run.replaceAll("^[\\p{Punct}«“\"'(]+|[\\p{Punct}»”\"')]+$", "");
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
