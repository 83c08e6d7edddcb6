package dev.linker.index;

import dev.linker.core.anchor.Tokens;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.Tokenizer;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.function.Function;

/**
 * A Lucene stemming filter (such as {@code GermanLightStemFilter}, whose stemmer is not public) applied to one word
 * at a time: each thread keeps a one-word tokenizer and the filter over it.
 */
final class FilterStemmer implements Tokens.Stemmer {
    private final ThreadLocal<Chain> chains;

    FilterStemmer(Function<TokenStream, TokenStream> filter) {
        chains = ThreadLocal.withInitial(() -> new Chain(filter));
    }

    @Override
    public int stem(char[] w, int n) {
        return chains.get().stem(w, n);
    }

    private static final class Chain {
        private final OneWord word = new OneWord();
        private final TokenStream stream;
        private final CharTermAttribute term;

        Chain(Function<TokenStream, TokenStream> filter) {
            stream = filter.apply(word);
            term = stream.addAttribute(CharTermAttribute.class);
        }

        int stem(char[] w, int n) {
            word.set(w, n);
            try {
                word.setReader(java.io.Reader.nullReader());
                stream.reset();
                int k = n;
                if (stream.incrementToken()) {
                    k = Math.min(term.length(), w.length);
                    System.arraycopy(term.buffer(), 0, w, 0, k);
                }
                stream.end();
                stream.close();
                return k;
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    /** A tokenizer giving the one word it was set to. */
    private static final class OneWord extends Tokenizer {
        private final CharTermAttribute term = addAttribute(CharTermAttribute.class);
        private char[] w;
        private int n;
        private boolean done;

        void set(char[] w, int n) {
            this.w = w;
            this.n = n;
        }

        @Override
        public boolean incrementToken() {
            if (done) {
                return false;
            }
            clearAttributes();
            term.copyBuffer(w, 0, n);
            done = true;
            return true;
        }

        @Override
        public void reset() throws IOException {
            super.reset();
            done = false;
        }
    }
}
