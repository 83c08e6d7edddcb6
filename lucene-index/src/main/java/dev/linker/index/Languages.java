package dev.linker.index;

import dev.linker.core.anchor.Tokens;
import org.tartarus.snowball.SnowballStemmer;
import org.tartarus.snowball.ext.FrenchStemmer;
import org.tartarus.snowball.ext.GermanStemmer;
import org.tartarus.snowball.ext.ItalianStemmer;
import org.tartarus.snowball.ext.PortugueseStemmer;
import org.tartarus.snowball.ext.RussianStemmer;
import org.tartarus.snowball.ext.SpanishStemmer;

import java.util.function.Supplier;

/**
 * Lucene's Snowball stemmers registered with core's {@link Tokens} (issue 44, item 4), so that the index, the query and
 * names read a German, French, Spanish, Italian, Portuguese or Russian site's words by their stems. English and the
 * languages without a stemmer here keep the plural strip, byte for byte.
 */
public final class Languages {
    /** The system property naming the site's language ("de"); unset, every word is read as English. */
    public static final String PROPERTY = "linker.language";

    private Languages() {
    }

    /** Registers the stemmers; a Snowball stemmer keeps state, so each thread has its own. */
    public static void register() {
        register("de", GermanStemmer::new);
        register("fr", FrenchStemmer::new);
        register("es", SpanishStemmer::new);
        register("it", ItalianStemmer::new);
        register("pt", PortugueseStemmer::new);
        register("ru", RussianStemmer::new);
    }

    private static void register(String language, Supplier<SnowballStemmer> make) {
        ThreadLocal<SnowballStemmer> stemmers = ThreadLocal.withInitial(make);
        Tokens.register(language, (w, n) -> {
            SnowballStemmer s = stemmers.get();
            s.setCurrent(w, n);
            s.stem();
            int m = s.getCurrentBufferLength();
            int k = Math.min(m, w.length); // a stem longer than its room (2n) is cut; none is known to be
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
