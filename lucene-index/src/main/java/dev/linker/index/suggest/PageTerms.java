package dev.linker.index.suggest;

import dev.linker.core.anchor.AnchorText;
import dev.linker.core.anchor.NameIndex;
import dev.linker.core.anchor.NameKind;
import dev.linker.core.anchor.Tokens;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** What a page is about in words, for placing anchors: its distinctive terms, and where a text spells a name. */
final class PageTerms {
    /** Distinctive terms kept per page. */
    static final int DISTINCTIVE_TERMS = 40;

    private PageTerms() {
    }

    /**
     * The terms distinctive of a page: frequent in its prose, rare on the site — weight (1 + ln tf)·ln(N/df), scaled
     * so the strongest is 1; its name's words count at least as much as the strongest (they say what it is about).
     * Words on more than half the pages (templates, boilerplate), function words, numbers and the lines of code
     * (lines with no function word: identifiers, not what a reader calls the page's subject) are left out.
     */
    static Map<String, Double> distinctive(String name, String body, AnchorChooser.Site site) {
        Map<String, Integer> tf = new HashMap<>();
        for (String line : body.split("\n")) {
            List<Tokens.Token> toks = Tokens.tokenize(line);
            boolean prose = false;
            for (Tokens.Token t : toks) {
                if (AnchorText.isStopTerm(t.term())) {
                    prose = true;
                    break;
                }
            }
            if (!prose && toks.size() > 3) {
                continue; // code, a table row, a list of identifiers
            }
            for (Tokens.Token t : toks) {
                tf.merge(t.term(), 1, Integer::sum);
            }
        }
        int n = Math.max(1, site.docCount());
        List<Map.Entry<String, Double>> weights = new ArrayList<>();
        for (Map.Entry<String, Integer> e : tf.entrySet()) {
            String term = e.getKey();
            if (!meaningful(term)) {
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
            if (meaningful(term) && df <= n / 2) {
                out.put(term, 1.0);
            }
        }
        return out;
    }

    /** Every place the tokens spell {@code phrase} (its normalised words, in order): a name of a page not indexed. */
    static List<NameIndex.Mention> phraseMentions(List<Tokens.Token> toks, String phrase) {
        List<String> words = Tokens.terms(phrase);
        List<NameIndex.Mention> out = new ArrayList<>();
        if (words.isEmpty()) {
            return out;
        }
        for (int i = 0; i + words.size() <= toks.size(); i++) {
            boolean match = true;
            for (int k = 0; k < words.size() && match; k++) {
                match = toks.get(i + k).term().equals(words.get(k));
            }
            if (match) {
                out.add(new NameIndex.Mention("", String.join(" ", words), NameKind.TITLE, toks.get(i).start(),
                        toks.get(i + words.size() - 1).end(), 1.0));
            }
        }
        return out;
    }

    /** A word that can say what a page is about: no function word, no bare number, at least two characters. */
    private static boolean meaningful(String term) {
        return term.length() >= 2 && !AnchorText.isStopTerm(term) && !term.chars().allMatch(Character::isDigit);
    }
}
