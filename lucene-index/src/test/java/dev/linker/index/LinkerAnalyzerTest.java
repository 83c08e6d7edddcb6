package dev.linker.index;

import dev.linker.core.anchor.Tokens;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;
import org.apache.lucene.analysis.tokenattributes.OffsetAttribute;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

class LinkerAnalyzerTest {
    private static List<String> analyzed(LinkerAnalyzer analyzer, String text) throws IOException {
        List<String> out = new ArrayList<>();
        try (TokenStream ts = analyzer.tokenStream("text", text)) {
            CharTermAttribute term = ts.addAttribute(CharTermAttribute.class);
            OffsetAttribute offset = ts.addAttribute(OffsetAttribute.class);
            ts.reset();
            while (ts.incrementToken()) {
                out.add(term + " " + offset.startOffset() + " " + offset.endOffset());
            }
            ts.end();
        }
        return out;
    }

    private static List<String> tokens(String text) {
        List<String> out = new ArrayList<>();
        for (Tokens.Token t : Tokens.tokenize(text)) {
            String term = t.term().length() > 255 ? t.term().substring(0, 255) : t.term();
            out.add(term + " " + t.start() + " " + t.end());
        }
        return out;
    }

    @Test
    void the_index_sees_the_terms_and_spans_of_cores_tokens_in_long_texts_one_after_another() throws IOException {
        StringBuilder longText = new StringBuilder();
        for (int i = 0; i < 700; i++) {
            longText.append("Queries on TABLES, caf\u00e9s and \u0130stanbul's indexes ").append(i).append(". ");
        }
        longText.append("x".repeat(300)).append(" end");
        String shortText = "Two Tables";
        try (LinkerAnalyzer analyzer = new LinkerAnalyzer()) {
            List<String> first = analyzed(analyzer, longText.toString());
            assertEquals(tokens(longText.toString()), first);
            assertEquals("x".repeat(255) + " " + (longText.length() - 304) + " " + (longText.length() - 4),
                    first.get(first.size() - 2), "a run-on word is cut to 255 chars, its span kept");
            assertEquals(List.of("two 0 3", "table 4 10"), analyzed(analyzer, shortText));
            assertEquals(tokens(longText.toString()), analyzed(analyzer, longText.toString()));
        }
    }
}
