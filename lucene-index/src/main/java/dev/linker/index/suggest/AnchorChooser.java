package dev.linker.index.suggest;

import dev.linker.core.anchor.Anchor;
import dev.linker.core.anchor.AnchorText;
import dev.linker.core.anchor.NameIndex;
import dev.linker.core.anchor.Sentences;
import dev.linker.core.anchor.Tokens;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * Places links in a source text: for each page to link to, in rank order, the phrase of the source that best says what
 * that page is about, one link per phrase. The rules, tried in order ({@link Anchor.Rule}):
 * <ol>
 *   <li><b>name</b> — the source names the page (title or H1 without the site template, an anchor other pages use for
 *       it, a Search Console query): the heaviest such mention, words before a bare "Section 7.3";</li>
 *   <li><b>distinctive</b> — a span made of words distinctive of the page: frequent in it, rare on the site ("dead row
 *       versions" for a vacuuming page);</li>
 *   <li><b>semantic</b> — among a bounded number of short spans of the sentences closest to the page, the one closest
 *       in meaning to it (embedded in one batch);</li>
 *   <li>else <b>none</b>: no phrase, the sentence where a link fits best, and the page's name as the wording to add.</li>
 * </ol>
 * A phrase is 1–{@value #MAX_SPAN} words inside one sentence, on word boundaries, never in a heading, code, markup or an
 * existing link ({@link SourceText#placeable}); a name may be longer (a page's whole title is what a person links). A
 * single word found on more than {@value #COMMON_SHARE} of the site's pages (the site's own product name) is never an
 * anchor alone.
 */
final class AnchorChooser {
    /** Words in a distinctive or semantic span, at most. */
    static final int MAX_SPAN = 6;
    /** A word on more than this share of pages is never an anchor by itself. */
    static final double COMMON_SHARE = 0.2;
    /** A single distinctive word must be this rare on the site to be an anchor alone. */
    static final double RARE_SHARE = 0.02;
    /** Distinctive terms kept per page. */
    static final int DISTINCTIVE_TERMS = 40;
    /** A word counts as distinctive of a page from this share of the page's strongest word. */
    static final double DISTINCTIVE_MIN = 0.2;
    /** A distinctive span needs this summed weight (the page's strongest word weighs 1). */
    static final double DISTINCTIVE_SPAN_MIN = 1.0;
    /** A semantic span must come at least this close to the page (cosine of the embeddings). */
    static final double SEMANTIC_MIN = 0.5;
    /** Sentences searched for semantic spans, per page. */
    static final int SEMANTIC_SENTENCES = 3;

    /** Document frequencies of the site, for rarity. */
    interface Site {
        int docFreq(String term);

        int docCount();
    }

    /**
     * What placement needs to know about a page to link to.
     *
     * @param name        what to call it: its title without the site template (the wording when no phrase fits)
     * @param distinctive its distinctive terms, weight in (0, 1] (see {@link #distinctive}), computed on demand
     * @param vector      its embedding (null: no semantic rule)
     */
    record Target(String url, String name, java.util.function.Supplier<Map<String, Double>> distinctive,
                  float[] vector) {
    }

    private final SourceText src;
    private final Site site;
    private final Function<List<String>, List<float[]>> embed;
    private final int semanticSpans;
    private final List<int[]> taken = new ArrayList<>();

    /**
     * @param embed         embeds candidate spans (null: no semantic rule)
     * @param semanticSpans spans embedded per page for the semantic rule, at most (0: no semantic rule)
     */
    AnchorChooser(SourceText src, Site site, Function<List<String>, List<float[]>> embed, int semanticSpans) {
        this.src = src;
        this.site = site;
        this.embed = embed;
        this.semanticSpans = embed == null ? 0 : semanticSpans;
    }

    /**
     * Anchors for the targets, in their order (rank order: a better page gets first pick of a phrase).
     *
     * @param names every place the source names each target ({@link NameIndex#occurrences})
     */
    List<Anchor> place(List<Target> targets, Map<String, List<NameIndex.Mention>> names) {
        List<Anchor> out = new ArrayList<>(targets.size());
        for (Target t : targets) {
            Anchor a = choose(t, names.getOrDefault(t.url(), List.of()));
            if (a.inText()) {
                taken.add(new int[] {a.start(), a.end()});
            }
            out.add(a);
        }
        return out;
    }

    private Anchor choose(Target t, List<NameIndex.Mention> mentions) {
        Anchor a = byName(t, mentions);
        if (a != null) {
            return a;
        }
        Map<String, Double> terms = t.distinctive() == null ? Map.of() : t.distinctive().get();
        a = byDistinctiveWords(t, terms);
        if (a != null) {
            return a;
        }
        List<Integer> sentences = bestSentences(terms, SEMANTIC_SENTENCES);
        a = bySemantics(t, sentences);
        if (a != null) {
            return a;
        }
        return Anchor.none(src.text(), sentences.isEmpty() ? firstSentence() : src.sentences().get(sentences.get(0)),
                t.name());
    }

    // ---- rule 1: names ----------------------------------------------------------------------------------------

    private Anchor byName(Target t, List<NameIndex.Mention> mentions) {
        NameIndex.Mention best = null;
        for (NameIndex.Mention m : mentions) {
            if (!ok(m.startChar(), m.endChar()) || tooCommonAlone(m.startChar(), m.endChar())) {
                continue;
            }
            // Words beat a bare "Section 7.3" (a better link text), then the heavier name, then the earlier place.
            boolean words = m.kind() != NameIndex.Kind.NUMBER;
            boolean bestWords = best != null && best.kind() != NameIndex.Kind.NUMBER;
            if (best == null || words && !bestWords || words == bestWords && m.weight() > best.weight()) {
                best = m;
            }
        }
        return best == null ? null : at(best.startChar(), best.endChar(), Anchor.Rule.NAME, t);
    }

    // ---- rule 2: distinctive words ----------------------------------------------------------------------------

    private Anchor byDistinctiveWords(Target t, Map<String, Double> terms) {
        if (terms.isEmpty()) {
            return null;
        }
        List<Tokens.Token> toks = src.tokens();
        double bestScore = 0;
        int bestFrom = -1;
        int bestTo = -1;
        for (int k = 0; k < src.sentences().size(); k++) {
            int[] range = src.tokenRange(k);
            for (int i = range[0]; i < range[1]; i++) {
                double wi = weight(terms, toks.get(i));
                if (wi < DISTINCTIVE_MIN) {
                    continue;
                }
                Set<String> seen = new HashSet<>();
                double sum = 0;
                int weak = 0;
                for (int j = i; j < range[1] && j - i < MAX_SPAN; j++) {
                    if (j > i && !phraseGap(toks.get(j - 1).end(), toks.get(j).start())) {
                        break;
                    }
                    Tokens.Token tj = toks.get(j);
                    double w = weight(terms, tj);
                    if (w >= DISTINCTIVE_MIN) {
                        if (seen.add(tj.term())) {
                            sum += w;
                        }
                    } else if (!AnchorText.isStopTerm(tj.term())) {
                        weak++;
                    }
                    if (w < DISTINCTIVE_MIN) {
                        continue; // a span ends on a distinctive word
                    }
                    double score = sum - 0.25 * weak;
                    boolean alone = seen.size() == 1;
                    if (alone && (share(tj.term()) > RARE_SHARE || w < 0.5)) {
                        continue;
                    }
                    if (score >= DISTINCTIVE_SPAN_MIN && score > bestScore + 1e-9
                            && ok(toks.get(i).start(), tj.end())) {
                        bestScore = score;
                        bestFrom = toks.get(i).start();
                        bestTo = tj.end();
                    }
                }
            }
        }
        return bestFrom < 0 ? null : at(bestFrom, bestTo, Anchor.Rule.DISTINCTIVE, t);
    }

    private static double weight(Map<String, Double> terms, Tokens.Token t) {
        Double w = terms.get(t.term());
        return w == null ? 0 : w;
    }

    // ---- rule 3: closest in meaning ---------------------------------------------------------------------------

    private Anchor bySemantics(Target t, List<Integer> sentences) {
        if (semanticSpans <= 0 || t.vector() == null) {
            return null;
        }
        List<int[]> spans = new ArrayList<>();
        List<Tokens.Token> toks = src.tokens();
        // The sentences sharing the page's words first; with none, the text from its start.
        List<Integer> order = new ArrayList<>(sentences);
        for (int k = 0; k < src.sentences().size() && order.size() < SEMANTIC_SENTENCES; k++) {
            if (!order.contains(k)) {
                order.add(k);
            }
        }
        for (int k : order) {
            int[] range = src.tokenRange(k);
            for (int len = 2; len <= 4 && spans.size() < semanticSpans; len++) {
                for (int i = range[0]; i + len <= range[1] && spans.size() < semanticSpans; i++) {
                    int j = i + len - 1;
                    if (AnchorText.isStopTerm(toks.get(i).term()) || AnchorText.isStopTerm(toks.get(j).term())
                            || !gapsOk(i, j) || !ok(toks.get(i).start(), toks.get(j).end())) {
                        continue;
                    }
                    spans.add(new int[] {toks.get(i).start(), toks.get(j).end()});
                }
            }
        }
        if (spans.isEmpty()) {
            return null;
        }
        // The page's name joins the batch: a short span is best compared with a short description of the page.
        List<String> texts = new ArrayList<>(spans.size() + 1);
        texts.add(t.name());
        for (int[] s : spans) {
            texts.add(src.text().substring(s[0], s[1]));
        }
        List<float[]> vectors = embed.apply(texts);
        float[] name = vectors.get(0);
        double best = SEMANTIC_MIN;
        int[] bestSpan = null;
        for (int i = 0; i < spans.size(); i++) {
            float[] v = vectors.get(i + 1);
            double cos = Math.max(Suggester.dot(v, t.vector()), Suggester.dot(v, name));
            if (cos > best) {
                best = cos;
                bestSpan = spans.get(i);
            }
        }
        return bestSpan == null ? null : at(bestSpan[0], bestSpan[1], Anchor.Rule.SEMANTIC, t);
    }

    boolean gapsOkPublic(int i, int j) {
        return gapsOk(i, j);
    }

    private boolean gapsOk(int i, int j) {
        for (int k = i + 1; k <= j; k++) {
            if (!phraseGap(src.tokens().get(k - 1).end(), src.tokens().get(k).start())) {
                return false;
            }
        }
        return true;
    }

    // ---- sentences --------------------------------------------------------------------------------------------

    /** The sentences sharing most distinctive weight with the target, best first (only those sharing some). */
    private List<Integer> bestSentences(Map<String, Double> terms, int max) {
        List<double[]> scored = new ArrayList<>();
        for (int k = 0; k < src.sentences().size(); k++) {
            Sentences.Span s = src.sentences().get(k);
            if (src.isBlocked(s.start(), s.end()) && blockedWhole(s)) {
                continue;
            }
            int[] range = src.tokenRange(k);
            Set<String> seen = new HashSet<>();
            double score = 0;
            for (int i = range[0]; i < range[1]; i++) {
                Tokens.Token tok = src.tokens().get(i);
                double w = weight(terms, tok);
                if (w > 0 && seen.add(tok.term()) && !src.isBlocked(tok.start(), tok.end())) {
                    score += w;
                }
            }
            if (score > 0) {
                scored.add(new double[] {k, score});
            }
        }
        scored.sort(Comparator.comparingDouble((double[] x) -> -x[1]).thenComparingDouble(x -> x[0]));
        List<Integer> out = new ArrayList<>();
        for (int i = 0; i < Math.min(max, scored.size()); i++) {
            out.add((int) scored.get(i)[0]);
        }
        return out;
    }

    /** True when no token of the sentence may carry a link (a heading, a code line). */
    private boolean blockedWhole(Sentences.Span s) {
        for (Tokens.Token t : src.tokens()) {
            if (t.start() >= s.start() && t.end() <= s.end() && !src.isBlocked(t.start(), t.end())) {
                return false;
            }
        }
        return true;
    }

    private Sentences.Span firstSentence() {
        for (int k = 0; k < src.sentences().size(); k++) {
            Sentences.Span s = src.sentences().get(k);
            if (!blockedWhole(s)) {
                return s;
            }
        }
        return null;
    }

    // ---- shared -----------------------------------------------------------------------------------------------

    /** Placeable and not overlapping a phrase another page already took. */
    private boolean ok(int from, int to) {
        if (!src.placeable(from, to)) {
            return false;
        }
        for (int[] t : taken) {
            if (from < t[1] && to > t[0]) {
                return false;
            }
        }
        return true;
    }

    /** A single word found on a large share of the site's pages: never an anchor alone. */
    private boolean tooCommonAlone(int from, int to) {
        List<String> terms = Tokens.terms(src.text().substring(from, to));
        return terms.size() == 1 && (share(terms.get(0)) > COMMON_SHARE || terms.get(0).length() < 2);
    }

    private double share(String term) {
        return (double) site.docFreq(term) / Math.max(1, site.docCount());
    }

    /** Between two words of one phrase: spaces only, or a single joiner ("pkg.go.dev", "pour-over", "1.16"). */
    private boolean phraseGap(int from, int to) {
        if (to - from == 1) {
            char c = src.text().charAt(from);
            if (c == '-' || c == '.' || c == '/' || c == '\'' || c == '’' || c == '_') {
                return true;
            }
        }
        for (int i = from; i < to; i++) {
            char c = src.text().charAt(i);
            if (c != ' ' && c != '\t' && c != '\n' && c != '\r' && c != '\u00a0') {
                return false;
            }
        }
        return to > from;
    }

    private Anchor at(int from, int to, Anchor.Rule rule, Target t) {
        return Anchor.at(src.text(), from, to, src.sentenceOf(from, to), rule, t.name());
    }

    /**
     * The terms distinctive of a page: frequent in it, rare on the site — weight (1 + ln tf)·ln(N/df), scaled so the
     * strongest is 1; its name's words count at least as much as the strongest (they say what it is about). Words on
     * more than half the pages (templates, boilerplate) and function words are left out.
     */
    static Map<String, Double> distinctive(String name, String body, Site site) {
        Map<String, Integer> tf = new HashMap<>();
        for (Tokens.Token t : Tokens.tokenize(body)) {
            tf.merge(t.term(), 1, Integer::sum);
        }
        int n = Math.max(1, site.docCount());
        List<Map.Entry<String, Double>> weights = new ArrayList<>();
        for (Map.Entry<String, Integer> e : tf.entrySet()) {
            String term = e.getKey();
            if (AnchorText.isStopTerm(term) || term.length() < 2) {
                continue;
            }
            int df = Math.max(1, site.docFreq(term));
            if (df > n / 2) {
                continue;
            }
            weights.add(Map.entry(term, (1 + Math.log(e.getValue())) * Math.log((double) n / df)));
        }
        weights.sort(Map.Entry.<String, Double>comparingByValue().reversed());
        Map<String, Double> out = new HashMap<>();
        double max = weights.isEmpty() ? 1 : weights.get(0).getValue();
        for (Map.Entry<String, Double> e : weights.subList(0, Math.min(DISTINCTIVE_TERMS, weights.size()))) {
            out.put(e.getKey(), e.getValue() / max);
        }
        for (String term : Tokens.terms(name)) {
            int df = Math.max(1, site.docFreq(term));
            if (!AnchorText.isStopTerm(term) && term.length() >= 2 && df <= n / 2) {
                out.put(term, 1.0);
            }
        }
        return out;
    }
}
