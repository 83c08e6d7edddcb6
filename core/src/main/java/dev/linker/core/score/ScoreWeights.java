package dev.linker.core.score;

import dev.linker.core.result.LinkerException;

import java.io.IOException;
import java.io.Reader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Properties;

/**
 * Weights of the candidate score:
 * {@code score = lexical·BM25 + vector·cosine + name·mention + title·title words + time·time proximity
 * + authority·authority + deficit·inbound deficit − density·existing link density − category·category distance
 * + serp·SERP rank}. Lexical and
 * vector are the similarity of the two texts; the name mention is a first-class component because, measured on real
 * documentation sites, the source text naming the target is the strongest single signal of an editorial link; title
 * words are its prose form: blogs write "replacing godoc.org with pkg.go.dev" for a post titled "Redirecting godoc.org
 * requests to pkg.go.dev".
 *
 * <p>Stored as a properties file ({@code weight.lexical=0.35} …) so {@code linker tune} can write one per site.
 */
public record ScoreWeights(Similarity similarity, Mention mention, Standing standing, Penalties penalties,
                           double serp, double time) implements ScoreParts, java.io.Serializable {

    /**
     * Defaults measured on a documentation site and a blog together (the PostgreSQL and Go blog corpora, see
     * lucene-index/README.md): no per-site tuning.
     */
    public static final ScoreWeights DEFAULT = of(new double[] {0.35, 0.15, 1.0, 0.05, 0.0, 0.0, 0.1, 0.3, 0.2, 0.2});

    /** The weights' names, in the order of {@link #toArray()} and of a weights file. */
    public static final String[] KEYS = {"lexical", "vector", "name", "authority", "inboundDeficit", "linkDensity",
            "categoryDistance", "serp", "title", "time"};

    public double[] toArray() {
        return new double[] {lexical(), vector(), name(), authority(), inboundDeficit(), linkDensity(),
            categoryDistance(), serp, title(), time};
    }

    /** The weights in the order of {@link #KEYS}. */
    public static ScoreWeights of(double[] w) {
        return new ScoreWeights(new Similarity(w[0], w[1]), new Mention(w[2], w[8]), new Standing(w[3], w[4]),
                new Penalties(w[5], w[6]), w[7], w[9]);
    }

    public ScoreWeights with(String key, double value) {
        double[] w = toArray();
        for (int i = 0; i < KEYS.length; i++) {
            if (KEYS[i].equalsIgnoreCase(key)) {
                w[i] = value;
                return of(w);
            }
        }
        throw new LinkerException("unknown weight \"" + key + "\" (known: " + String.join(", ", KEYS) + ")");
    }

    /** The defaults, then a weights file's (when given), then each of {@code overrides}: as the doors take them. */
    public static ScoreWeights of(Path file, java.util.Map<String, Double> overrides) {
        ScoreWeights w = file == null ? DEFAULT : read(file);
        for (java.util.Map.Entry<String, Double> e : overrides.entrySet()) {
            w = w.with(e.getKey(), e.getValue());
        }
        return w;
    }

    /** Reads {@code weight.<key>=<number>} lines; missing keys keep their defaults, unknown keys are an error. */
    public static ScoreWeights read(Path file) {
        Properties p = new Properties();
        try (Reader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            p.load(r);
        } catch (IOException e) {
            throw new LinkerException(file + ": cannot read weights: " + e.getMessage(), e);
        }
        ScoreWeights w = DEFAULT;
        for (String k : p.stringPropertyNames()) {
            if (!k.startsWith("weight.")) {
                continue;
            }
            String v = p.getProperty(k).trim();
            try {
                w = w.with(k.substring("weight.".length()), Double.parseDouble(v));
            } catch (NumberFormatException e) {
                throw new LinkerException(file + ": " + k + " is not a number: \"" + v + "\"");
            } catch (LinkerException e) {
                throw new LinkerException(file + ": " + e.getMessage());
            }
        }
        return w;
    }

    public void write(Path file, String comment) {
        try (Writer wr = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            if (comment != null) {
                for (String line : comment.split("\n")) {
                    wr.write("# " + line + "\n");
                }
            }
            double[] w = toArray();
            for (int i = 0; i < KEYS.length; i++) {
                wr.write("weight." + KEYS[i] + "=" + String.format(Locale.ROOT, "%.4f", w[i]) + "\n");
            }
        } catch (IOException e) {
            throw new LinkerException(file + ": cannot write weights: " + e.getMessage(), e);
        }
    }

    @Override
    public String toString() {
        double[] w = toArray();
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < KEYS.length; i++) {
            sb.append(i == 0 ? "" : " ").append(KEYS[i]).append('=').append(String.format(Locale.ROOT, "%.3f", w[i]));
        }
        return sb.toString();
    }
}
