package dev.linker.index;

import dev.linker.core.anchor.Tokens;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.Tokenizer;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;
import org.apache.lucene.analysis.tokenattributes.OffsetAttribute;

import java.io.IOException;
import java.util.Iterator;
import java.util.List;

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
        private final CharTermAttribute term = addAttribute(CharTermAttribute.class);
        private final OffsetAttribute offset = addAttribute(OffsetAttribute.class);
        private Iterator<Tokens.Token> tokens;

        @Override
        public boolean incrementToken() throws IOException {
            clearAttributes();
            if (tokens == null) {
                StringBuilder sb = new StringBuilder();
                char[] buf = new char[8192];
                int n;
                while ((n = input.read(buf)) > 0) {
                    sb.append(buf, 0, n);
                }
                List<Tokens.Token> all = Tokens.tokenize(sb.toString());
                tokens = all.iterator();
            }
            if (!tokens.hasNext()) {
                return false;
            }
            Tokens.Token t = tokens.next();
            String s = t.term().length() > 255 ? t.term().substring(0, 255) : t.term();
            term.setEmpty().append(s);
            offset.setOffset(correctOffset(t.start()), correctOffset(t.end()));
            return true;
        }

        @Override
        public void reset() throws IOException {
            super.reset();
            tokens = null;
        }
    }
}
