package dev.linker.index;

import dev.linker.core.anchor.Tokens;
import org.apache.lucene.analysis.de.GermanLightStemFilter;
import org.tartarus.snowball.SnowballStemmer;
import org.tartarus.snowball.ext.FrenchStemmer;
import org.tartarus.snowball.ext.ItalianStemmer;
import org.tartarus.snowball.ext.PortugueseStemmer;
import org.tartarus.snowball.ext.SpanishStemmer;

import java.util.function.Supplier;

/**
 * Lucene's stemmers registered with core's {@link Tokens} (issue 44, item 4), so that the index, the query and names
 * read a German, French, Spanish, Italian or Portuguese site's words by their stems. Each is the one that measured
 * best on the Debian Reference in that language (README, "Languages"): German's light stemmer (Snowball lost 0.014
 * of recall@5), Snowball for the others (French's light stemmer gained nothing, Spanish's lost 0.006). English and the
 * languages without a stemmer here keep the plural strip, byte for byte.
 */
public final class Languages {
    /** The system property naming the site's language ("de"); unset, every word is read as English. */
    public static final String PROPERTY = "linker.language";

    private Languages() {
    }

    /** Registers the stemmers with core's {@link Tokens}. */
    public static void register() {
        Tokens.register("de", new FilterStemmer(GermanLightStemFilter::new));
        register("fr", FrenchStemmer::new);
        register("es", SpanishStemmer::new);
        register("it", ItalianStemmer::new);
        register("pt", PortugueseStemmer::new);
    }

    /** A Snowball stemmer keeps state, so each thread has its own. */
    private static void register(String language, Supplier<SnowballStemmer> make) {
        ThreadLocal<SnowballStemmer> stemmers = ThreadLocal.withInitial(make);
        Tokens.register(language, (w, n) -> {
            SnowballStemmer s = stemmers.get();
            s.setCurrent(w, n);
            s.stem();
            int k = Math.min(s.getCurrentBufferLength(), w.length); // w has room for 2n; no stem is known to be longer
            System.arraycopy(s.getCurrentBuffer(), 0, w, 0, k);
            return k;
        });
    }

    /** Registers the stemmers and reads words in the language of {@link #PROPERTY}, if set. */
    public static void install() {
        register();
        Tokens.useLanguage(System.getProperty(PROPERTY, ""));
    }
}
