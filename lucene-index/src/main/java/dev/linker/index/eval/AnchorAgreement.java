package dev.linker.index.eval;

import dev.linker.core.anchor.Anchor;
import dev.linker.core.anchor.AnchorText;
import dev.linker.core.anchor.Tokens;
import dev.linker.index.PageIndex;
import dev.linker.index.PageRecord;
import dev.linker.index.suggest.Suggester;
import dev.linker.index.suggest.Suggestion;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

/**
 * Do the anchors read like the ones authors wrote? For every top-5 suggestion that is one of the page's real (hidden)
 * links, the suggested anchor is compared with the anchor text the author gave that link: exact match and token F1
 * (after {@link AnchorText#normalize}; the best over the author's anchors when the page links the target more than
 * once), the share of anchors that are a phrase of the page's own text (the link can be made in place), and, as the
 * reference a simpler tool would reach, the F1 of the target's title (without the site template) as the anchor. A
 * suggestion with no phrase counts with its wording (the title) for F1 and as not in the text.
 *
 * @param links       suggestions that are real links with a known author anchor
 * @param exact       share whose anchor equals an author anchor
 * @param f1          mean token F1 with the author's anchor
 * @param inText      share whose anchor is a phrase of the source's text
 * @param titleF1     mean token F1 of the target's title with the author's anchor
 * @param byRule      suggestions per anchor rule (name, distinctive, semantic, none)
 * @param placement   the anchors of every top-5 suggestion, real link or not
 */
public record AnchorAgreement(int links, double exact, double f1, double inText, double titleF1,
                              Map<String, Integer> byRule, Placement placement) {

    /**
     * Longer than this (in written words, {@link Tokens#writtenWords}: "TPC-B-like" is one), an anchor that is not a
     * page's name reads as a line of text, not a link.
     */
    public static final int MAX_WORDS = 5;

    /**
     * The anchors of all top-5 suggestions: how many there were, the share with a phrase in the text, and how many of
     * those phrases are over {@value #MAX_WORDS} words without being the page's name (rule name).
     */
    public record Placement(int suggestions, double inText, int overLong) {
    }

    /** Compares the anchors of the top 5 with the authors' anchors, for every page of {@code gold}. */
    public static AnchorAgreement measure(Suggester suggester, Map<String, Set<String>> gold,
                                          Consumer<String> progress) {
        PageIndex index = suggester.index();
        Map<String, List<String[]>> namesCache = new HashMap<>();
        int n = 0;
        double exact = 0;
        double f1 = 0;
        double inText = 0;
        double titleF1 = 0;
        Map<String, Integer> byRule = new java.util.TreeMap<>();
        int done = 0;
        int suggestions = 0;
        int placed = 0;
        int overLong = 0;
        for (Map.Entry<String, Set<String>> e : gold.entrySet()) {
            String page = e.getKey();
            for (Suggestion s : suggester.forUrl(page, 5, true)) {
                suggestions++;
                placed += s.anchor().inText() ? 1 : 0;
                overLong += overLong(s.anchor()) ? 1 : 0;
                if (!e.getValue().contains(s.url())) {
                    continue;
                }
                List<String> authors = authors(namesCache.computeIfAbsent(s.url(), u -> {
                    PageRecord r = index.get(u);
                    return r == null ? List.of() : r.names();
                }), page);
                if (authors.isEmpty()) {
                    continue; // no text of the author's to compare with (an image link, a generic "here")
                }
                Anchor a = s.anchor();
                n++;
                byRule.merge(a.rule().id(), 1, Integer::sum);
                if (a.inText()) {
                    inText++;
                }
                double best = 0;
                double bestTitle = 0;
                boolean same = false;
                for (String author : authors) {
                    best = Math.max(best, f1(a.text(), author));
                    bestTitle = Math.max(bestTitle, f1(a.wording(), author));
                    same |= a.inText() && AnchorText.normalize(a.phrase()).equals(AnchorText.normalize(author));
                }
                f1 += best;
                titleF1 += bestTitle;
                exact += same ? 1 : 0;
            }
            if (progress != null && ++done % 200 == 0) {
                progress.accept(done + "/" + gold.size() + " pages' anchors compared");
            }
        }
        Placement placement = new Placement(suggestions, suggestions == 0 ? 0 : (double) placed / suggestions, overLong);
        return n == 0 ? new AnchorAgreement(0, 0, 0, 0, 0, byRule, placement)
                : new AnchorAgreement(n, exact / n, f1 / n, inText / n, titleF1 / n, byRule, placement);
    }

    /** Whether an anchor is a phrase of over {@value #MAX_WORDS} words that is not a page's name (rule name). */
    static boolean overLong(Anchor a) {
        return a.inText() && a.rule() != Anchor.Rule.NAME && Tokens.writtenWords(a.phrase()) > MAX_WORDS;
    }

    /** The anchor texts {@code source} gives its links to a page whose names ({@link PageRecord#names}) these are. */
    static List<String> authors(List<String[]> names, String source) {
        List<String> out = new ArrayList<>();
        for (String[] name : names) {
            if (name[0].equals(source)) {
                out.add(name[1]);
            }
        }
        return out;
    }

    /** Token F1 of two phrases after normalisation (lower case, accents and punctuation gone). */
    public static double f1(String a, String b) {
        List<String> x = words(a);
        List<String> y = words(b);
        if (x.isEmpty() || y.isEmpty()) {
            return 0;
        }
        Map<String, Integer> count = new HashMap<>();
        for (String w : y) {
            count.merge(w, 1, Integer::sum);
        }
        int common = 0;
        for (String w : x) {
            Integer c = count.get(w);
            if (c != null && c > 0) {
                common++;
                count.put(w, c - 1);
            }
        }
        if (common == 0) {
            return 0;
        }
        double p = (double) common / x.size();
        double r = (double) common / y.size();
        return 2 * p * r / (p + r);
    }

    private static List<String> words(String s) {
        List<String> out = new ArrayList<>();
        for (String w : AnchorText.normalize(s).split(" ")) {
            if (!w.isEmpty()) {
                out.add(w);
            }
        }
        return out;
    }

    @Override
    public String toString() {
        return String.format(Locale.ROOT, "links=%d exact=%.3f f1=%.3f inText=%.3f titleF1=%.3f rules=%s; top 5: %d, "
                + "with a phrase %.3f, over %d words and not a name %d", links, exact, f1, inText, titleF1, byRule,
                placement.suggestions(), placement.inText(), MAX_WORDS, placement.overLong());
    }
}
