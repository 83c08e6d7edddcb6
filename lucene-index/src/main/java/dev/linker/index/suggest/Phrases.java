package dev.linker.index.suggest;

import dev.linker.core.anchor.Tokens;
import dev.linker.core.model.PageMeta;

import opennlp.tools.chunker.ChunkerFactory;
import opennlp.tools.chunker.ChunkerME;
import opennlp.tools.chunker.ChunkerModel;
import opennlp.tools.ml.model.MaxentModel;
import opennlp.tools.postag.POSModel;
import opennlp.tools.postag.POSTagFormat;
import opennlp.tools.postag.POSTaggerME;
import opennlp.tools.util.Span;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The noun phrases of a sentence, the words people link ("the bundled load generator", "a host-based access rule"),
 * by OpenNLP's English part-of-speech tagger and chunker. Each of the source's tokens gets the phrase it belongs to, so
 * an anchor span can be held to one phrase — or to a phrase with the phrases it governs ("the sort order of important
 * columns") — and never starts or ends inside a clause ("estimate says 10 rows").
 *
 * <p>The models load once, on first use (about half a second); taggers are not thread-safe, so each thread has its
 * own. Tagging a sentence of 30 words takes about 0.3 ms, and the last {@value #CACHED_SENTENCES} sentences are kept.
 */
final class Phrases {
    /**
     * Chunk sequences kept while decoding: 1 (greedy), not OpenNLP's 10. The same anchors on both corpora's drafts,
     * and 0.11 ms a sentence instead of 1.27.
     */
    static final int CHUNK_BEAM = 1;
    /** Longer "sentences" are not tagged: tagging is linear in words, and an editor re-asks on every keystroke. */
    static final int MAX_TOKENS = 120;
    /** No phrase: a verb, an adverb, punctuation. */
    static final int NONE = -1;
    /** No phrase, and a finite verb or a modal ("starts", "makes", "can"): a span holding one is a clause. */
    static final int FINITE = Integer.MIN_VALUE + 1;

    private static final class Models {
        static final POSModel POS = load("/en-pos-maxent.bin", POSModel::new);
        static final ChunkerModel CHUNK = narrow(load("/en-chunker.bin", ChunkerModel::new));

        /** The chunker's model, decoded with a beam of {@value Phrases#CHUNK_BEAM}. */
        private static ChunkerModel narrow(ChunkerModel model) {
            MaxentModel maxent = model.getArtifact("chunker.model");
            return new ChunkerModel("en", maxent, CHUNK_BEAM, null, new ChunkerFactory());
        }

        private interface Reader<M> {
            M read(InputStream in) throws IOException;
        }

        private static <M> M load(String resource, Reader<M> reader) {
            try (InputStream in = Phrases.class.getResourceAsStream(resource)) {
                if (in == null) {
                    throw new IllegalStateException("the model " + resource + " is not on the class path");
                }
                return reader.read(in);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read the model " + resource, e);
            }
        }
    }

    private record Tools(POSTaggerME tagger, ChunkerME chunker) {
    }

    private static final ThreadLocal<Tools> TOOLS = ThreadLocal.withInitial(
            () -> new Tools(new POSTaggerME(Models.POS, POSTagFormat.PENN), new ChunkerME(Models.CHUNK)));

    /** Sentences tagged lately, by text (the arrays are never changed once made). */
    private static final int CACHED_SENTENCES = 10_000;
    private static final Map<String, int[]> CACHE = new LinkedHashMap<>(256, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, int[]> eldest) {
            return size() > CACHED_SENTENCES;
        }
    };

    private Phrases() {
    }

    private static final java.util.concurrent.atomic.AtomicBoolean PRELOADING =
            new java.util.concurrent.atomic.AtomicBoolean();

    /** Loads the models in the background, once, so that a server's first draft does not wait for them. */
    static void preload() {
        if (PRELOADING.getAndSet(true)) {
            return;
        }
        Thread t = new Thread(() -> {
            try {
                TOOLS.get();
            } catch (RuntimeException e) {
                // the first draft that needs them says why
            }
        }, "linker-phrases-load");
        t.setDaemon(true);
        t.start();
    }

    /**
     * For each token of {@code tokens[first, last)} (the tokens of one sentence of {@code text}), the index of the noun
     * phrase it belongs to, counted from 0 in the sentence, or {@link #NONE}. A preposition joining two noun phrases
     * ("of", "for") is given the phrase before it, marked by a negative index {@code -2 - phrase} so a span may cross it
     * but not end on it.
     */
    static int[] of(String text, List<Tokens.Token> tokens, int first, int last) {
        if (last <= first) {
            return new int[0];
        }
        if (last - first > MAX_TOKENS) {
            int[] none = new int[last - first]; // a run-on "sentence" (a pasted list, a table): no phrases, no cost
            Arrays.fill(none, NONE);
            return none;
        }
        int from = tokens.get(first).start();
        String sentence = text.substring(from, tokens.get(last - 1).end());
        // The tokens of a sentence depend only on its text: an edit elsewhere in a draft finds it here.
        synchronized (CACHE) {
            int[] known = CACHE.get(sentence);
            if (known != null) {
                return known;
            }
        }
        int[] out = tag(sentence, tokens.subList(first, last), from);
        synchronized (CACHE) {
            CACHE.put(sentence, out);
        }
        return out;
    }

    private static int[] tag(String sentence, List<Tokens.Token> tokens, int from) {
        int[] out = new int[tokens.size()];
        Arrays.fill(out, NONE);
        Span[] words = words(sentence);
        String[] surface = new String[words.length];
        for (int i = 0; i < words.length; i++) {
            surface[i] = words[i].getCoveredText(sentence).toString();
        }
        Tools tools = TOOLS.get();
        String[] tags = tools.tagger().tag(surface);
        String[] chunks = tools.chunker().chunk(surface, tags);
        // The phrase of each OpenNLP word, then each of our tokens takes the phrase of the word it starts in.
        int[] phraseOf = new int[words.length];
        int phrase = -1;
        for (int i = 0; i < words.length; i++) {
            String c = chunks[i];
            boolean possessive = tags[i].equals("POS") && i > 0 && chunks[i - 1].endsWith("-NP");
            if (!possessive && (c.equals("B-NP") || c.equals("I-NP") && (i == 0 || !chunks[i - 1].endsWith("-NP")))) {
                phrase++;
                phraseOf[i] = phrase;
            } else if (c.equals("I-NP") || possessive) {
                phraseOf[i] = phrase;
            } else if (c.endsWith("-PP") && phrase >= 0 && i > 0 && chunks[i - 1].endsWith("-NP")
                    && i + 1 < words.length && chunks[i + 1].equals("B-NP")) {
                phraseOf[i] = -2 - phrase;
            } else if (finite(tags[i])) {
                phraseOf[i] = FINITE;
            } else {
                phraseOf[i] = Integer.MIN_VALUE;
            }
        }
        int w = 0;
        for (int t = 0; t < tokens.size(); t++) {
            int start = tokens.get(t).start() - from;
            while (w + 1 < words.length && words[w].getEnd() <= start) {
                w++;
            }
            if (w < words.length && words[w].getStart() <= start && start < words[w].getEnd()
                    && phraseOf[w] != Integer.MIN_VALUE) {
                out[t] = phraseOf[w];
            }
        }
        return out;
    }

    /**
     * The words of a sentence as the models were trained on them (Penn Treebank): split at spaces, with punctuation
     * around a word and a possessive "'s" apart; a hyphenated compound or a dotted name stays one word.
     */
    static Span[] words(String s) {
        List<Span> out = new ArrayList<>();
        int i = 0;
        int n = s.length();
        while (i < n) {
            while (i < n && Character.isWhitespace(s.charAt(i))) {
                i++;
            }
            int from = i;
            while (i < n && !Character.isWhitespace(s.charAt(i))) {
                i++;
            }
            int to = i;
            List<Span> tail = new ArrayList<>();
            while (from < to && !Character.isLetterOrDigit(s.charAt(from))) {
                out.add(new Span(from, from + 1));
                from++;
            }
            while (to > from && !Character.isLetterOrDigit(s.charAt(to - 1))) {
                tail.add(0, new Span(to - 1, to));
                to--;
            }
            if (to - from > 2 && (s.charAt(to - 2) == '\'' || s.charAt(to - 2) == '’')
                    && Character.toLowerCase(s.charAt(to - 1)) == 's') {
                tail.add(0, new Span(to - 2, to));
                to -= 2;
            }
            if (to > from) {
                out.add(new Span(from, to));
            }
            out.addAll(tail);
        }
        return out.toArray(new Span[0]);
    }

    /**
     * Whether tokens {@code i..j} of a sentence ({@link #of}) are a noun phrase, or noun phrases joined by
     * prepositions, ending where the last phrase ends (on its head word).
     */
    static boolean nounPhrase(int[] ph, int i, int j) {
        if (ph[i] < 0 || ph[j] < 0 || j + 1 < ph.length && ph[j + 1] == ph[j]) {
            return false;
        }
        for (int k = i + 1; k <= j; k++) {
            if (ph[k] == NONE || ph[k] == FINITE) {
                return false;
            }
            int prev = ph[k - 1] >= 0 ? ph[k - 1] : -2 - ph[k - 1];
            if (ph[k] >= 0 && ph[k] != prev && ph[k - 1] >= 0) {
                return false; // two phrases side by side, nothing joining them
            }
        }
        return true;
    }

    /** Whether tokens {@code i..j} of a sentence ({@link #of}) hold a finite verb or a modal: a clause, not a name. */
    static boolean clause(int[] ph, int i, int j) {
        for (int k = i; k <= j; k++) {
            if (ph[k] == FINITE) {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether tokens {@code i..j} of a sentence may be a link's text: starting in a noun phrase, with no finite verb
     * or modal inside ("burr grinder", "stages connected by channels", "the sort order of important columns"; not
     * "blade grinder makes uneven grounds" nor "because a blade grinder"). A participle may follow the noun: people
     * link "three stages connected by channels".
     */
    static boolean linkable(int[] ph, int i, int j) {
        return ph[i] >= 0 && !clause(ph, i, j);
    }

    /**
     * Whether the tagger reads text in {@code language} (BCP 47): English, or unknown, taken for English (the same
     * primary subtag, {@link PageMeta#languagesAgree}).
     */
    static boolean tags(String language) {
        return PageMeta.languagesAgree(language, "en");
    }

    /** Penn tags of a verb that makes a clause: past, present (both persons) and modals; not participles. */
    private static boolean finite(String tag) {
        return tag.equals("VBZ") || tag.equals("VBP") || tag.equals("VBD") || tag.equals("MD");
    }
}
