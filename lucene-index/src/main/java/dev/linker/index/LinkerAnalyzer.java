package dev.linker.index;

import dev.linker.core.anchor.Tokens;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.Tokenizer;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;
import org.apache.lucene.analysis.tokenattributes.OffsetAttribute;

import java.io.IOException;
import java.util.Arrays;

/**
 * Lucene analysis that produces exactly core's {@link Tokens}, so the index's document frequencies are the rarity
 * statistics the name matcher needs, and BM25 and name matching agree on what a word is.
 */
public final class LinkerAnalyzer extends Analyzer {
    @Override
    protected TokenStreamComponents createComponents(String fieldName) {
        return new TokenStreamComponents(new CoreTokenizer());
    }

    static final class CoreTokenizer extends Tokenizer {
        /** A longer word (a run-on token) is indexed by its first this many chars. */
        static final int MAX_TERM = 255;
        private final CharTermAttribute term = addAttribute(CharTermAttribute.class);
        private final OffsetAttribute offset = addAttribute(OffsetAttribute.class);
        private final Tokens.Words words = new Tokens.Words();
        /** The field's text, read whole at the first token; reused from one field to the next unless large. */
        private char[] text = new char[8192];
        private boolean read;

        @Override
        public boolean incrementToken() throws IOException {
            clearAttributes();
            if (!read) {
                int length = 0;
                int n;
                while ((n = input.read(text, length, text.length - length)) > 0) {
                    length += n;
                    if (length == text.length) {
                        text = Arrays.copyOf(text, 2 * text.length);
                    }
                }
                words.reset(text, length);
                read = true;
            }
            if (!words.next()) {
                return false;
            }
            term.copyBuffer(words.termBuffer(), 0, Math.min(words.termLength(), MAX_TERM));
            offset.setOffset(correctOffset(words.start()), correctOffset(words.end()));
            return true;
        }

        @Override
        public void reset() throws IOException {
            super.reset();
            read = false;
            if (text.length > 1 << 20) {
                text = new char[8192];
            }
        }
    }
}
