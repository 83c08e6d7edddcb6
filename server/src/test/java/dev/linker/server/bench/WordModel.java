package dev.linker.server.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.linker.core.embed.LocalMiniLmEmbedder;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Random;

/**
 * English-like text clustered by topic. The vocabulary is the whole-word entries of the local model's own
 * tokenizer (real English words, in the tokenizer's rough frequency order), so the model sees real words and a
 * realistic number of word pieces per word: function words make up about 40 % of the words, like English prose,
 * and a tenth of the content words are compounds of two vocabulary words (two or more word pieces, as rarer real
 * words are). A topic (cluster) has 60 words of its own that make up a third of its content words.
 */
final class WordModel {
    static final String[] FUNCTION = ("the of and to a in is that for it as with was on be by this are or at from "
            + "an not have which but can has its their will more when also if into than been other these one all "
            + "they we you your how most some such only after about").split(" ");
    static final int TOPIC_WORDS = 60;

    final List<String> vocab;

    WordModel() {
        vocab = load();
    }

    private static List<String> load() {
        String res = LocalMiniLmEmbedder.TOKENIZER_RESOURCE;
        try (InputStream in = WordModel.class.getClassLoader().getResourceAsStream(res)) {
            if (in == null) {
                throw new IllegalStateException(res + " is not on the classpath");
            }
            JsonNode v = new ObjectMapper().readTree(in).path("model").path("vocab");
            // vocab is {"token": id}; order by id (the tokenizer's order, roughly by frequency).
            String[] byId = new String[v.size() + 1];
            for (Iterator<String> it = v.fieldNames(); it.hasNext(); ) {
                String w = it.next();
                int id = v.get(w).asInt();
                if (id < byId.length) {
                    byId[id] = w;
                }
            }
            List<String> out = new ArrayList<>();
            java.util.Set<String> function = java.util.Set.of(FUNCTION);
            for (String w : byId) {
                if (w != null && w.matches("[a-z]{3,12}") && !function.contains(w)) {
                    out.add(w);
                }
            }
            return out;
        } catch (IOException e) {
            throw new UncheckedIOException(res + ": " + e.getMessage(), e);
        }
    }

    /** A content word: Zipf-like over the vocabulary, skewed to the frequent end. */
    String common(Random r) {
        String w = vocab.get((int) (Math.pow(r.nextDouble(), 2.2) * vocab.size()));
        if (r.nextDouble() < 0.1) {
            w = w + vocab.get(200 + r.nextInt(vocab.size() - 200));
        }
        return w;
    }

    /** Topic word k of a cluster: fixed per cluster, from the middle of the frequency range. */
    String topic(int cluster, int k) {
        int n = vocab.size();
        long h = (cluster * 0x9E3779B97F4A7C15L) ^ (k * 0xC2B2AE3D27D4EB4FL);
        h ^= h >>> 31;
        return vocab.get(1000 + (int) Math.floorMod(h, (long) (n - 1000)));
    }

    String word(Random r, int cluster) {
        double x = r.nextDouble();
        if (x < 0.4) {
            return FUNCTION[(int) (Math.pow(r.nextDouble(), 1.5) * FUNCTION.length)];
        }
        return x < 0.6 ? topic(cluster, r.nextInt(TOPIC_WORDS)) : common(r);
    }

    /** A sentence of 8 to 22 words, capitalised, with a full stop; returns its word count. */
    int sentence(StringBuilder sb, Random r, int cluster) {
        int n = 8 + r.nextInt(15);
        for (int i = 0; i < n; i++) {
            String w = word(r, cluster);
            sb.append(i == 0 ? capital(w) : w);
            sb.append(i == n - 1 ? ". " : (r.nextDouble() < 0.06 ? ", " : " "));
        }
        return n;
    }

    /** A paragraph of at least {@code words} words (whole sentences). */
    String paragraph(Random r, int cluster, int words) {
        StringBuilder sb = new StringBuilder();
        for (int n = 0; n < words; ) {
            n += sentence(sb, r, cluster);
        }
        return sb.toString().strip();
    }

    static String capital(String s) {
        return s.isEmpty() ? s : Character.toUpperCase(s.charAt(0)) + s.substring(1);
    }
}
