package dev.linker.index;

import dev.linker.core.anchor.Tokens;
import dev.linker.core.model.PageMeta;
import org.apache.lucene.analysis.CharArraySet;
import org.apache.lucene.analysis.bg.BulgarianAnalyzer;
import org.apache.lucene.analysis.de.GermanAnalyzer;
import org.apache.lucene.analysis.de.GermanLightStemFilter;
import org.apache.lucene.analysis.en.EnglishAnalyzer;
import org.apache.lucene.analysis.es.SpanishAnalyzer;
import org.apache.lucene.analysis.fr.FrenchAnalyzer;
import org.apache.lucene.analysis.it.ItalianAnalyzer;
import org.apache.lucene.analysis.pt.PortugueseAnalyzer;
import org.apache.lucene.analysis.ru.RussianAnalyzer;
import org.tartarus.snowball.SnowballStemmer;
import org.tartarus.snowball.ext.FrenchStemmer;
import org.tartarus.snowball.ext.ItalianStemmer;
import org.tartarus.snowball.ext.PortugueseStemmer;
import org.tartarus.snowball.ext.RussianStemmer;
import org.tartarus.snowball.ext.SpanishStemmer;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Supplier;

/**
 * Lucene's analyses for core's {@link Tokens} (issue 44, item 4), found by {@link java.util.ServiceLoader}, so that
 * the index, the query and names read a German, French, Spanish, Italian, Portuguese or Russian page's words by their
 * stems, and a Japanese, Chinese or Korean page's by its words ({@link Segmenters}).
 * Each stemmer is the one that measured best on the Debian Reference or the Debian installation guide in that language
 * (README, "Languages"): German's light stemmer (Snowball lost 0.014 of recall@5), Snowball for the others (French's
 * light stemmer gained nothing, Spanish's lost 0.006). English and the languages without an analysis here keep the
 * plural strip, byte for byte.
 *
 * <p>A page is read in the language it declares (HTML {@code lang}, the API's {@code language}); the pages of a site
 * that declare none are given the language most of them show ({@link #detect}, {@link #site}) when that language has
 * an analysis here.
 */
public final class Languages implements Tokens.Stemmers {
    /** Each language's common words, Lucene's stop lists, by script: what {@link #detect} counts. */
    private static final Map<String, Map<String, CharArraySet>> COMMON =
            Map.of("latin", latin(), "cyrillic", cyrillic());
    /** Detection reads at most this many chars of a text: enough words to count, cheap on a catalogue. */
    private static final int SAMPLE_CHARS = 4000;
    /** A language is detected when at least this many of the sample's words are its common words... */
    private static final int MIN_HITS = 12;
    /** ...and at least this many times as many as of the next language's. */
    private static final double MARGIN = 1.5;

    /** For {@link java.util.ServiceLoader}. */
    public Languages() {
    }

    @Override
    public Map<String, Tokens.Stemmer> stemmers() {
        Map<String, Tokens.Stemmer> m = new LinkedHashMap<>();
        m.put("de", new FilterStemmer(GermanLightStemFilter::new));
        m.put("fr", snowball(FrenchStemmer::new));
        m.put("es", snowball(SpanishStemmer::new));
        m.put("it", snowball(ItalianStemmer::new));
        m.put("pt", snowball(PortugueseStemmer::new));
        m.put("ru", snowball(RussianStemmer::new));
        m.put("ko", Segmenters.korean());
        return m;
    }

    @Override
    public Map<String, Tokens.Segmenter> segmenters() {
        return Map.of("ja", Segmenters.japanese(), "zh", Segmenters.chinese());
    }

    /** A Snowball stemmer keeps state, so each thread has its own. */
    private static Tokens.Stemmer snowball(Supplier<SnowballStemmer> make) {
        ThreadLocal<SnowballStemmer> stemmers = ThreadLocal.withInitial(make);
        return (w, n) -> {
            SnowballStemmer s = stemmers.get();
            s.setCurrent(w, n);
            s.stem();
            int k = Math.min(s.getCurrentBufferLength(), w.length); // w has room for 2n; no stem is known to be longer
            System.arraycopy(s.getCurrentBuffer(), 0, w, 0, k);
            return k;
        };
    }

    private static Map<String, CharArraySet> latin() {
        Map<String, CharArraySet> m = new LinkedHashMap<>();
        m.put("en", EnglishAnalyzer.ENGLISH_STOP_WORDS_SET);
        m.put("de", GermanAnalyzer.getDefaultStopSet());
        m.put("fr", FrenchAnalyzer.getDefaultStopSet());
        m.put("es", SpanishAnalyzer.getDefaultStopSet());
        m.put("it", ItalianAnalyzer.getDefaultStopSet());
        m.put("pt", PortugueseAnalyzer.getDefaultStopSet());
        return m;
    }

    /** Bulgarian has no analysis here; its list keeps a Bulgarian page from being read as Russian. */
    private static Map<String, CharArraySet> cyrillic() {
        Map<String, CharArraySet> m = new LinkedHashMap<>();
        m.put("ru", RussianAnalyzer.getDefaultStopSet());
        m.put("bg", BulgarianAnalyzer.getDefaultStopSet());
        return m;
    }

    /**
     * The language of a text: Japanese by its kana, Korean by its Hangul, Chinese by its Han characters; else, for a
     * text mostly in Latin or Cyrillic letters, among the languages of that script with a stop list here, by how many
     * of its first words are each language's common words (Lucene's stop lists); "" when the text is too short, in
     * another script, or no language clearly leads.
     */
    public static String detect(String text) {
        if (text == null || text.isEmpty()) {
            return "";
        }
        String sample = text.substring(0, Math.min(text.length(), SAMPLE_CHARS));
        String script = script(sample);
        Map<String, CharArraySet> common = COMMON.get(script);
        if (common == null) {
            return script;
        }
        char[] lower = sample.toLowerCase(Locale.ROOT).toCharArray();
        int[] hits = new int[common.size()];
        int i = 0;
        while (i < lower.length) {
            while (i < lower.length && !Character.isLetter(lower[i])) {
                i++;
            }
            int start = i;
            while (i < lower.length && Character.isLetter(lower[i])) {
                i++;
            }
            if (i > start) {
                int k = 0;
                for (CharArraySet words : common.values()) {
                    if (words.contains(lower, start, i - start)) {
                        hits[k]++;
                    }
                    k++;
                }
            }
        }
        int best = 0;
        for (int k = 1; k < hits.length; k++) {
            if (hits[k] > hits[best]) {
                best = k;
            }
        }
        int second = 0;
        for (int k = 0; k < hits.length; k++) {
            if (k != best) {
                second = Math.max(second, hits[k]);
            }
        }
        if (hits[best] < MIN_HITS || hits[best] < MARGIN * second) {
            return "";
        }
        return common.keySet().stream().skip(best).findFirst().orElse("");
    }

    /**
     * The script a text is mostly written in, by its letters: "ja" when a tenth or more of them (and at least 20) are
     * kana, "ko" when a quarter or more are Hangul, "zh" when most are Han (and neither), "latin" or "cyrillic" when
     * most are Latin or Cyrillic, else "" (Greek, Arabic …).
     */
    private static String script(String sample) {
        int letters = 0;
        int kana = 0;
        int latin = 0;
        int han = 0;
        int hangul = 0;
        int cyrillic = 0;
        for (int i = 0; i < sample.length(); i++) {
            char c = sample.charAt(i);
            if (Character.isLetter(c)) {
                letters++;
                Character.UnicodeScript script = Character.UnicodeScript.of(c);
                if (script == Character.UnicodeScript.HIRAGANA || script == Character.UnicodeScript.KATAKANA) {
                    kana++;
                } else if (script == Character.UnicodeScript.LATIN) {
                    latin++;
                } else if (script == Character.UnicodeScript.HAN) {
                    han++;
                } else if (script == Character.UnicodeScript.HANGUL) {
                    hangul++;
                } else if (script == Character.UnicodeScript.CYRILLIC) {
                    cyrillic++;
                }
            }
        }
        if (kana >= 20 && 10 * kana >= letters) {
            return "ja";
        }
        if (hangul >= 20 && 4 * hangul >= letters) {
            return "ko";
        }
        return 2 * han > letters && han >= 20 ? "zh" : 2 * latin > letters ? "latin"
                : 2 * cyrillic > letters ? "cyrillic" : "";
    }

    /**
     * The language a text is read in, when it declares none: the one its words show when that language has an
     * analysis of its own; else "" (read as English, as before languages were read).
     */
    public static String of(String title, String body) {
        String found = detect(title + "\n" + body);
        return Tokens.analysed(found) ? found : "";
    }

    /**
     * The language a site's pages that declare none are read in: the one most of {@code sample}'s undeclared pages
     * that show one show, when a quarter of them at least do and it has an analysis of its own; else "". One language
     * for them all, since a page read in another language than its neighbours shares no terms with them (a French
     * chapter left half in English, read as English, cost the French Debian Reference 0.30 of recall@5).
     */
    static String site(List<PageRecord> sample) {
        Map<String, Integer> shown = new java.util.HashMap<>();
        int undeclared = 0;
        for (PageRecord r : sample) {
            if (r.meta().language().isEmpty()) {
                undeclared++;
                String found = detect(r.title() + "\n" + r.body());
                if (!found.isEmpty()) {
                    shown.merge(found, 1, Integer::sum);
                }
            }
        }
        String site = most(shown);
        // and shown by a quarter of the pages at least: two Chinese pages of command listings are not an Italian site
        return !site.isEmpty() && 4 * shown.get(site) >= undeclared ? site : "";
    }

    /**
     * The language most of the site's pages are in (their {@code languages}, "" for none), when more than half of
     * those with one are in it and it has an analysis of its own; else "".
     */
    public static String most(java.util.stream.Stream<String> languages) {
        Map<String, Integer> counts = new java.util.HashMap<>();
        languages.filter(l -> !l.isEmpty()).forEach(l -> counts.merge(Tokens.primary(l), 1, Integer::sum));
        return most(counts);
    }

    private static String most(Map<String, Integer> counts) {
        int all = counts.values().stream().mapToInt(Integer::intValue).sum();
        return counts.entrySet().stream().filter(e -> 2 * e.getValue() > all && Tokens.analysed(e.getKey()))
                .map(Map.Entry::getKey).findFirst().orElse("");
    }

    /**
     * A page sent alone (the API) that declares no language, with the one its words show; when they show none
     * clearly, with {@code site} (the language most of the indexed pages are in), so a short post of a French blog is
     * read as the others are.
     */
    static PageRecord resolveAlone(PageRecord r, Supplier<String> site) {
        if (!r.meta().language().isEmpty()) {
            return r;
        }
        String shown = detect(r.title() + "\n" + r.body());
        return resolve(r, shown.isEmpty() ? site.get() : Tokens.analysed(shown) ? shown : "");
    }

    /** The page with {@code site} ({@link #site}) as its language, when it declares none and that is not "". */
    static PageRecord resolve(PageRecord r, String site) {
        PageMeta m = r.meta();
        if (!m.language().isEmpty() || site.isEmpty()) {
            return r;
        }
        return r.withMeta(new PageMeta(m.published(), m.tags(), m.kind(), m.regions(), site));
    }
}
