package dev.linker.index.suggest;

import dev.linker.core.anchor.Sentences;
import dev.linker.core.anchor.Tokens;
import dev.linker.core.embed.Vectors;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * Where in a source's text {@link AnchorChooser} looks for a page's phrase: the sentences sharing most of the page's
 * distinctive words, else those closest to it in meaning, else (for the sentence a link to add would go in) the first
 * that may carry a link.
 */
final class AnchorSentences {
    /** Sentences a page's span is looked for in: those sharing most of its distinctive words. */
    static final int SENTENCES_PER_PAGE = 2;
    /** Sentences embedded to find where a page that shares no word with the text fits, at most. */
    static final int SENTENCES_BY_MEANING = 8;

    private final SourceText src;
    private final Function<List<String>, List<float[]>> embed;

    AnchorSentences(SourceText src, Function<List<String>, List<float[]>> embed) {
        this.src = src;
        this.embed = embed;
    }

    /** The sentences sharing most distinctive weight with the target, best first (only those sharing some). */
    List<Integer> sharing(Map<String, Double> terms) {
        List<double[]> scored = new ArrayList<>();
        for (int k = 0; k < src.sentences().size(); k++) {
            int[] range = src.tokenRange(k);
            Set<String> seen = new HashSet<>();
            double score = 0;
            for (int i = range[0]; i < range[1]; i++) {
                Tokens.Token tok = src.tokens().get(i);
                Double w = terms.get(tok.term());
                if (w != null && seen.add(tok.term()) && !src.isBlocked(tok.start(), tok.end())) {
                    score += w;
                }
            }
            if (score > 0) {
                scored.add(new double[] {k, score});
            }
        }
        scored.sort(Comparator.comparingDouble((double[] x) -> -x[1]).thenComparingDouble(x -> x[0]));
        List<Integer> out = new ArrayList<>();
        for (int i = 0; i < Math.min(SENTENCES_PER_PAGE, scored.size()); i++) {
            out.add((int) scored.get(i)[0]);
        }
        return out;
    }

    /**
     * With no word of the page in the text, the sentences closest to it in meaning (of the first
     * {@value #SENTENCES_BY_MEANING} that may carry a link): the text speaks of the page in words of its own.
     */
    List<Integer> closest(float[] page) {
        List<Integer> ks = new ArrayList<>();
        List<String> texts = new ArrayList<>();
        for (int k = 0; k < src.sentences().size() && ks.size() < SENTENCES_BY_MEANING; k++) {
            if (!blockedWhole(src.sentences().get(k))) {
                ks.add(k);
                texts.add(src.sentences().sentence(k));
            }
        }
        if (ks.isEmpty()) {
            return List.of();
        }
        List<float[]> v = embed.apply(texts);
        Integer[] order = ks.toArray(new Integer[0]);
        double[] cos = new double[src.sentences().size()];
        for (int i = 0; i < ks.size(); i++) {
            cos[ks.get(i)] = Vectors.dotDouble(v.get(i), page);
        }
        java.util.Arrays.sort(order, Comparator.comparingDouble((Integer k) -> -cos[k]).thenComparingInt(k -> k));
        return List.of(order).subList(0, Math.min(SENTENCES_PER_PAGE, order.length));
    }

    /** True when no token of the sentence may carry a link (a heading, a code line). */
    private boolean blockedWhole(Sentences.Span s) {
        int k = src.sentences().indexOf(s.start(), s.end());
        int[] range = src.tokenRange(k);
        for (int i = range[0]; i < range[1]; i++) {
            Tokens.Token t = src.tokens().get(i);
            if (!src.isBlocked(t.start(), t.end())) {
                return false;
            }
        }
        return true;
    }

    /** The first sentence that may carry a link (where a page without a phrase is placed by default). */
    Sentences.Span first() {
        for (int k = 0; k < src.sentences().size(); k++) {
            Sentences.Span s = src.sentences().get(k);
            if (!blockedWhole(s)) {
                return s;
            }
        }
        return null;
    }
}
