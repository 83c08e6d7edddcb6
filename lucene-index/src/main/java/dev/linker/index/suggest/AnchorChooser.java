package dev.linker.index.suggest;

import dev.linker.core.anchor.Anchor;
import dev.linker.core.anchor.AnchorText;
import dev.linker.core.anchor.NameIndex;
import dev.linker.core.anchor.NameKind;
import dev.linker.core.anchor.Tokens;
import dev.linker.core.embed.Vectors;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * Places links in a source text: for each page to link to, in rank order, the phrase of the source that best says what
 * that page is about, one link per phrase ({@link Anchor.Rule}):
 * <ol>
 *   <li><b>name</b> — the source names the page (its title or H1 without the site template, an anchor other pages use
 *       for it, a Search Console query): the heaviest such mention, words before a bare "Section 7.3";</li>
 *   <li>else a span of the sentences that share most of the page's distinctive words (frequent in it, rare on the
 *       site): among the {@value #SPANS_PER_PAGE} spans richest in those words and the {@value #PHRASES_PER_PAGE}
 *       richest noun phrases ({@link Phrases}), the one that best says what the page is about — closest in meaning to
 *       the page and least to the site as a whole (a span that could be about any page of the site says nothing), with
 *       its distinctive words counting too, a noun phrase before other spans ("the bundled load generator", not
 *       "estimate says 10 rows": people link things) and a phrase before a lone word; in English a clause is never
 *       one ({@link Phrases#linkable}: a span starts in a noun phrase and holds no finite verb). The rule is
 *       <b>distinctive</b> when the span's distinctive words alone make a strong case ({@value #DISTINCTIVE_SPAN_MIN}
 *       of the page's strongest word), else <b>semantic</b>. Without an embedder (or with the span budget at 0, as
 *       plans of large sites may want) only the distinctive words decide, and only a strong case is taken;</li>
 *   <li>else <b>none</b>: no phrase, the sentence where a link fits best, and the page's name as the wording to add.</li>
 * </ol>
 * A phrase is 1–{@value #MAX_SPAN} whole written words inside one sentence ("TPC-B-like" is one word, and never cut),
 * never in a heading, code, markup or an existing link ({@link SourceText#placeable}), nor where the text names another
 * page by one of that page's own names (its title or H1, their parts, a Search Console query): "cold brew" is the cold
 * brew page's link, whatever page ranks first; a name may be longer (a page's whole title is what a person links). A
 * single word found on more than {@value #COMMON_SHARE} of the site's pages (the site's own product name) is never an
 * anchor alone, nor is a bare number.
 */
final class AnchorChooser {
    /** Written words in a span, at most (names excepted; "TPC-B-like" is one word, {@link Tokens#writtenWords}). */
    static final int MAX_SPAN = 5;
    /** A word on more than this share of pages is never an anchor by itself. */
    static final double COMMON_SHARE = 0.2;
    /** A single word must be this rare on the site to be an anchor by its distinctive weight alone. */
    static final double RARE_SHARE = 0.02;
    /** A span's distinctive words make a strong case from this summed weight (the page's strongest word weighs 1). */
    static final double DISTINCTIVE_SPAN_MIN = 1.0;
    /** Spans per page, richest in its distinctive words first, that are embedded to find the best. */
    static final int SPANS_PER_PAGE = 8;
    /** Weights of the span score: meaning close to the page, distinctive words, meaning close to the whole site. */
    static final double W_PAGE = 0.5;
    static final double W_DISTINCTIVE = 0.3;
    static final double W_SITE = 0.5;
    /** A noun phrase is what people link ("the bundled load generator"), not a clause ("estimate says 10 rows"). */
    static final double W_PHRASE = 0.1;
    /** Noun phrases embedded beside the {@value #SPANS_PER_PAGE} richest spans, richest first, when not among them. */
    static final int PHRASES_PER_PAGE = 4;
    /** A lone word says less than a phrase: "cold brew", not "cold". */
    static final double W_SINGLE = 0.1;
    /** A span closer in meaning to the page than this (cosine), at least, or it says nothing of it: no anchor. */
    static final double PAGE_MIN = 0.25;

    /** Document frequencies of the site, for rarity, and what the site is about as a whole. */
    interface Site {
        int docFreq(String term);

        int docCount();

        /** The mean of the site's page vectors, normalised (null when unknown). */
        default float[] centroid() {
            return null;
        }
    }

    /**
     * What placement needs to know about a page to link to.
     *
     * @param name        what to call it: its title without the site template (the wording when no phrase fits)
     * @param distinctive its distinctive terms, weight in (0, 1] (see {@link PageTerms#distinctive}), computed on demand
     * @param vector      its embedding (null: meaning cannot decide)
     */
    record Target(String url, String name, Supplier<Map<String, Double>> distinctive, float[] vector) {
    }

    private final SourceText src;
    private final Site site;
    private final Function<List<String>, List<float[]>> embed;
    private final int spanBudget;
    /** The text is English (or of no known language): the tagger's verbs can keep clauses out of its anchors. */
    private final boolean english;
    private final List<int[]> taken = new ArrayList<>();
    /** Where the text names a page by one of its own names: no other page's link goes there. */
    private final List<NameIndex.Mention> reserved = new ArrayList<>();
    /** Where in the text a page's phrase is looked for. */
    private final AnchorSentences where;
    /** The page an anchor is being chosen for. */
    private String placing;

    /**
     * @param embed      embeds candidate spans (null: only distinctive words decide)
     * @param spanBudget spans embedded per page, at most (0: only distinctive words decide)
     * @param language   the text's language (BCP 47, "" unknown): in English, or unknown, a span must be
     *                   {@link Phrases#linkable}; the tagger is English, so elsewhere a noun phrase is only preferred
     */
    AnchorChooser(SourceText src, Site site, Function<List<String>, List<float[]>> embed, int spanBudget,
                  String language) {
        this.src = src;
        this.site = site;
        this.embed = embed;
        this.spanBudget = embed == null ? 0 : spanBudget;
        this.english = Phrases.tags(language);
        this.where = new AnchorSentences(src, embed);
    }

    /**
     * Anchors for the targets, in their order (rank order: a better page gets first pick of a phrase).
     *
     * @param names every place the source names each target ({@link NameIndex#occurrences})
     */
    List<Anchor> place(List<Target> targets, Map<String, List<NameIndex.Mention>> names) {
        for (List<NameIndex.Mention> ms : names.values()) {
            for (NameIndex.Mention m : ms) {
                if (m.kind() != NameKind.HEAD && m.kind() != NameKind.ANCHOR) {
                    reserved.add(m);
                }
            }
        }
        List<Anchor> out = new ArrayList<>(targets.size());
        for (Target t : targets) {
            placing = t.url();
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
        a = byTitleWords(t);
        if (a != null) {
            return a;
        }
        Map<String, Double> terms = t.distinctive() == null ? Map.of() : t.distinctive().get();
        List<Integer> sentences = where.sharing(terms);
        if (sentences.isEmpty()) {
            sentences = spanBudget <= 0 || t.vector() == null ? List.of() : where.closest(t.vector());
        }
        a = bySpan(t, terms, sentences);
        if (a != null) {
            return a;
        }
        return Anchor.none(src.text(), sentences.isEmpty() ? where.first() : src.sentences().get(sentences.get(0)),
                t.name());
    }

    // ---- rule 1: names ----------------------------------------------------------------------------------------

    private Anchor byName(Target t, List<NameIndex.Mention> mentions) {
        NameIndex.Mention best = null;
        for (NameIndex.Mention m : mentions) {
            if (!ok(m.startChar(), m.endChar()) || weakAlone(m.startChar(), m.endChar())) {
                continue;
            }
            // One word other pages happened to link ("announced", "reported") is no name unless it is rare.
            if (m.kind() == NameKind.ANCHOR || m.kind() == NameKind.QUERY) {
                List<String> words = Tokens.terms(src.text().substring(m.startChar(), m.endChar()));
                if (words.size() == 1 && share(words.get(0)) > RARE_SHARE) {
                    continue;
                }
            }
            // By kind (rank), then the heavier name, then the earlier place.
            // A whole name beats a title's head ("cold brew" of "Cold brew concentrate") wherever it is.
            int rank = rank(m.kind());
            int bestRank = best == null ? -1 : rank(best.kind());
            if (best == null || rank > bestRank || rank == bestRank && m.weight() > best.weight()) {
                best = m;
            }
        }
        return best == null ? null : at(best.startChar(), best.endChar(), Anchor.Rule.NAME, t);
    }

    /**
     * A whole name in words beats a bare "Section 7.3" (a better link text), which beats a title's head: where a text
     * cites the page by number, the shortened title is probably about something else.
     */
    private static int rank(NameKind kind) {
        return kind == NameKind.HEAD ? 0 : kind == NameKind.NUMBER ? 1 : 2;
    }

    // ---- rule 2, first: the page's title in the source's own words ----------------------------------------------

    /**
     * The shortest span that says most of the page's title in other words ("the 2024 H1 survey" for "Go Developer
     * Survey 2024 H1 Results", "compiler back end" for "… a new compiler back end"): from one rare title word to
     * another within a sentence, covering at least two of them and half the title's rarity (words on more than half
     * the pages count for nothing). A distinctive span, by the page's most distinctive words: those of its title.
     */
    private Anchor byTitleWords(Target t) {
        List<String> title = new ArrayList<>(new java.util.LinkedHashSet<>(Tokens.terms(t.name())));
        Map<String, Double> idf = new HashMap<>();
        double total = 0;
        int n = Math.max(1, site.docCount());
        for (String w : title) {
            int df = Math.max(1, site.docFreq(w));
            if (df <= n / 2 && !AnchorText.isStopTerm(w)) {
                double x = Math.log((double) n / df);
                idf.put(w, x);
                total += x;
            }
        }
        if (idf.size() < 2) {
            return null; // one rare word: a name mention or nothing
        }
        List<Tokens.Token> toks = src.tokens();
        double half = 0.5 * total;
        // Better when it covers more; at equal cover, the shorter span (found first) stays.
        final class Best {
            double sum;
            int from = -1;
            int to;
        }
        Best best = new Best();
        for (int k = 0; k < src.sentences().size(); k++) {
            eachSpan(k, i -> idf.containsKey(toks.get(i).term()), idf, (i, j, sum, cover) -> {
                if (idf.containsKey(toks.get(j).term()) && cover >= 2 && sum >= half && sum > best.sum + 1e-9
                        && ok(toks.get(i).start(), toks.get(j).end())) {
                    best.sum = sum;
                    best.from = toks.get(i).start();
                    best.to = toks.get(j).end();
                }
            });
        }
        return best.from < 0 ? null : at(best.from, best.to, Anchor.Rule.DISTINCTIVE, t);
    }

    /** A step of {@link #eachSpan}: tokens {@code i..j}, the summed weight of their distinct words, how many weigh. */
    private interface SpanStep {
        void at(int i, int j, double sum, int weighed);
    }

    /**
     * Every span of sentence {@code k} that starts at a token {@code starts} accepts: 1–{@value #MAX_SPAN} written
     * words, whole ones, never across a gap no phrase holds (a sentence's punctuation), each with the summed
     * {@code weights} of its distinct words.
     */
    private void eachSpan(int k, java.util.function.IntPredicate starts, Map<String, Double> weights, SpanStep step) {
        List<Tokens.Token> toks = src.tokens();
        int[] range = src.tokenRange(k);
        for (int i = range[0]; i < range[1]; i++) {
            if (i > range[0] && inWord(i) || !starts.test(i)) {
                continue; // never from the middle of a word: not "auto.conf" of "postgresql.auto.conf"
            }
            Set<String> seen = new HashSet<>();
            double sum = 0;
            int words = 0;
            for (int j = i; j < range[1]; j++) {
                if (j > i && !phraseGap(toks.get(j - 1).end(), toks.get(j).start())) {
                    break;
                }
                if ((j == i || !inWord(j)) && ++words > MAX_SPAN) {
                    break;
                }
                String term = toks.get(j).term();
                Double w = weights.get(term);
                if (w != null && seen.add(term)) {
                    sum += w;
                }
                if (j + 1 < range[1] && inWord(j + 1)) {
                    continue; // nor to the middle of one: not "TPC-B" of "TPC-B-like"
                }
                step.at(i, j, sum, seen.size());
            }
        }
    }

    /** Whether token {@code i} continues the written word of the token before it ({@link Tokens#joined}). */
    private boolean inWord(int i) {
        List<Tokens.Token> toks = src.tokens();
        return i > 0 && Tokens.joined(src.text(), toks.get(i - 1).end(), toks.get(i).start());
    }

    // ---- rules 2 and 3: the span that best says what the page is about -----------------------------------------

    /** A candidate span: token range, character range, its distinctive weight, whether it is a noun phrase. */
    private record Span(int first, int last, int from, int to, double distinctive, boolean nounPhrase) {
        /** The page's words in the span, less a little per word: the shorter first among equals. */
        double richness() {
            return distinctive - 0.02 * (last - first + 1);
        }
    }

    /** The spans richest in the page's words, the shorter and earlier first among equals (sorted per page and edit). */
    private static final Comparator<Span> RICHEST = (a, b) -> {
        int c = Double.compare(b.richness(), a.richness());
        return c != 0 ? c : Integer.compare(a.from(), b.from());
    };

    private Anchor bySpan(Target t, Map<String, Double> terms, List<Integer> sentences) {
        List<Span> spans = new ArrayList<>();
        List<Tokens.Token> toks = src.tokens();
        for (int k : sentences) {
            int[] range = src.tokenRange(k);
            // Only meaning decides between noun phrases and other spans: without it, no tagging.
            int[] ph = spanBudget > 0 ? Phrases.of(src.text(), toks, range[0], range[1]) : null;
            boolean clauses = ph != null && english;
            int first = range[0];
            eachSpan(k, i -> !AnchorText.isStopTerm(toks.get(i).term()), terms, (i, j, sum, weighed) -> {
                String term = toks.get(j).term();
                if (AnchorText.isStopTerm(term) || !ok(toks.get(i).start(), toks.get(j).end())
                        || j == i && (weakAlone(toks.get(i).start(), toks.get(j).end())
                        || share(term) > RARE_SHARE && terms.getOrDefault(term, 0.0) < 0.5)) {
                    return;
                }
                if (clauses && !Phrases.linkable(ph, i - first, j - first)) {
                    return; // "espresso extraction starts with a burr": a clause, not a thing to link
                }
                spans.add(new Span(i, j, toks.get(i).start(), toks.get(j).end(), sum,
                        ph != null && Phrases.nounPhrase(ph, i - first, j - first)));
            });
        }
        if (spans.isEmpty()) {
            return null;
        }
        spans.sort(RICHEST);
        if (spanBudget <= 0 || t.vector() == null) {
            Span best = spans.get(0);
            boolean alone = best.first() == best.last();
            if (best.distinctive() < DISTINCTIVE_SPAN_MIN || alone && share(toks.get(best.first()).term()) > RARE_SHARE) {
                return null;
            }
            return at(best.from(), best.to(), Anchor.Rule.DISTINCTIVE, t);
        }
        int budget = Math.min(spanBudget, SPANS_PER_PAGE);
        List<Span> shortlist = new ArrayList<>(spans.subList(0, Math.min(budget, spans.size())));
        // Then the richest noun phrases not among them (spans are sorted, so the first ones past the budget).
        spans.stream().skip(budget).filter(Span::nounPhrase).limit(PHRASES_PER_PAGE).forEach(shortlist::add);
        List<String> texts = new ArrayList<>(shortlist.size());
        for (Span s : shortlist) {
            texts.add(src.text().substring(s.from(), s.to()));
        }
        List<float[]> vectors = embed.apply(texts);
        float[] centroid = site.centroid();
        Span best = null;
        double bestScore = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < shortlist.size(); i++) {
            float[] v = vectors.get(i);
            double page = Vectors.dotDouble(v, t.vector());
            if (page < PAGE_MIN) {
                continue;
            }
            Span span = shortlist.get(i);
            double score = W_PAGE * page + W_DISTINCTIVE * span.distinctive()
                    - (centroid == null ? 0 : W_SITE * Vectors.dotDouble(v, centroid))
                    - (span.first() == span.last() ? W_SINGLE : 0)
                    + (span.nounPhrase() ? W_PHRASE : 0);
            if (score > bestScore) {
                bestScore = score;
                best = shortlist.get(i);
            }
        }
        if (best == null) {
            return null;
        }
        return at(best.from(), best.to(), best.distinctive() >= DISTINCTIVE_SPAN_MIN ? Anchor.Rule.DISTINCTIVE
                : Anchor.Rule.SEMANTIC, t);
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
        boolean others = false;
        for (NameIndex.Mention m : reserved) {
            if (from < m.endChar() && to > m.startChar()) {
                if (m.target().equals(placing)) {
                    return true; // its own name (which others may share)
                }
                others = true;
            }
        }
        // The text names another page here: "cold brew" is the cold brew page's, not the French press's.
        return !others;
    }

    /**
     * A single word that cannot carry a link by itself: found on a large share of the site's pages (its own product
     * name), a letter, or a bare number.
     */
    private boolean weakAlone(int from, int to) {
        List<String> terms = Tokens.terms(src.text().substring(from, to));
        if (terms.size() != 1) {
            return false;
        }
        String t = terms.get(0);
        return share(t) > COMMON_SHARE || t.length() < 2 || t.chars().allMatch(Character::isDigit);
    }

    private double share(String term) {
        return (double) site.docFreq(term) / Math.max(1, site.docCount());
    }

    /**
     * Between two tokens of one phrase: spaces only, a single joiner ("pkg.go.dev", "pour-over", "1.16"), or nothing
     * at all: two words of a script written without spaces, which the language's segmenter split ("インストール方法").
     */
    private boolean phraseGap(int from, int to) {
        if (to == from || Tokens.joined(src.text(), from, to)) {
            return true;
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
}
