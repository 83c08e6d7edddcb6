package dev.linker.index;

import dev.linker.core.anchor.Tokens;
import org.apache.lucene.analysis.Tokenizer;
import org.apache.lucene.analysis.cn.smart.HMMChineseTokenizer;
import org.apache.lucene.analysis.ja.JapaneseAnalyzer;
import org.apache.lucene.analysis.ja.JapaneseTokenizer;
import org.apache.lucene.analysis.ja.tokenattributes.PartOfSpeechAttribute;
import org.apache.lucene.analysis.ko.KoreanPartOfSpeechStopFilter;
import org.apache.lucene.analysis.ko.KoreanTokenizer;
import org.apache.lucene.analysis.ko.POS;
import org.apache.lucene.analysis.tokenattributes.OffsetAttribute;
import org.apache.lucene.util.AttributeSource;

import java.io.CharArrayReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Arrays;
import java.util.Set;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * Lucene's tokenizers for languages written without spaces between words, as core's {@link Tokens.Segmenter}s: the
 * words of a run of letters, each with its span, so the index, the query, names and anchors split it alike. Korean,
 * written with spaces and particles joined to its words, is read by Nori as a {@link Tokens.Stemmer} instead.
 */
final class Segmenters {
    /** Kuromoji's parts of speech that JapaneseAnalyzer drops: particles, auxiliary verbs, symbols … */
    private static final Set<String> JA_STOP_TAGS = JapaneseAnalyzer.getDefaultStopTags();

    private Segmenters() {
    }

    /**
     * Japanese words by Kuromoji's morphological analysis, in its normal mode (one word a dictionary entry, so an
     * anchor ends on a word's end), without particles and auxiliaries.
     */
    static Tokens.Segmenter japanese() {
        return of(() -> new JapaneseTokenizer(null, true, JapaneseTokenizer.Mode.NORMAL),
                a -> JA_STOP_TAGS.contains(a.getAttribute(PartOfSpeechAttribute.class).getPartOfSpeech()));
    }

    /** Nori's parts of speech that KoreanAnalyzer drops: particles, endings, suffixes, symbols … */
    private static final Set<POS.Tag> KO_STOP_TAGS = KoreanPartOfSpeechStopFilter.DEFAULT_STOP_TAGS;
    private static final Class<org.apache.lucene.analysis.ko.tokenattributes.PartOfSpeechAttribute> KO_POS =
            org.apache.lucene.analysis.ko.tokenattributes.PartOfSpeechAttribute.class;

    /**
     * Korean words by Nori's morphological analysis, as a stemmer: a word between spaces is read as its parts but its
     * particles, endings and suffixes ("설치를" and "설치하기" as "설치"), so a phrase still ends where a word ends.
     */
    static Tokens.Stemmer korean() {
        Tokens.Segmenter parts = of(() -> new KoreanTokenizer(Tokenizer.DEFAULT_TOKEN_ATTRIBUTE_FACTORY, null,
                        KoreanTokenizer.DecompoundMode.NONE, false, true),
                a -> {
                    POS.Tag left = a.getAttribute(KO_POS).getLeftPOS();
                    return left != null && KO_STOP_TAGS.contains(left);
                });
        return (w, n) -> {
            int[] kept = parts.words(w, 0, n);
            if (kept.length == 0) {
                return n; // particles only: the word as it is
            }
            int k = 0;
            for (int i = 0; i < kept.length; i += 2) { // in order, so each part moves left or stays
                System.arraycopy(w, kept[i], w, k, kept[i + 1] - kept[i]);
                k += kept[i + 1] - kept[i];
            }
            return k;
        };
    }

    /** Simplified Chinese words by SmartCN's hidden Markov model (its dictionary is of simplified Chinese). */
    static Tokens.Segmenter chinese() {
        return of(HMMChineseTokenizer::new, a -> false);
    }

    /** The words {@code make}'s tokenizer finds in a run, but those {@code drop} says; a tokenizer a thread. */
    private static Tokens.Segmenter of(Supplier<Tokenizer> make, Predicate<AttributeSource> drop) {
        ThreadLocal<Tokenizer> tokenizers = ThreadLocal.withInitial(make);
        return (text, start, end) -> {
            Tokenizer t = tokenizers.get();
            OffsetAttribute offset = t.addAttribute(OffsetAttribute.class);
            int[] out = new int[16];
            int n = 0;
            try {
                t.setReader(new CharArrayReader(text, start, end - start));
                t.reset();
                while (t.incrementToken()) {
                    if (drop.test(t)) {
                        continue;
                    }
                    if (n + 2 > out.length) {
                        out = Arrays.copyOf(out, 2 * out.length);
                    }
                    out[n++] = start + offset.startOffset();
                    out[n++] = start + offset.endOffset();
                }
                t.end();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            } finally {
                try {
                    t.close();
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }
            return Arrays.copyOf(out, n);
        };
    }
}
