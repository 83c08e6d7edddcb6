package dev.linker.core.embed;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;

/** Texts shared by the embedder tests: varied scripts and shapes, and a real long page. */
final class TestTexts {

    private TestTexts() {
    }

    /** A real 2,100-word documentation page (PostgreSQL 15, "Full Text Search: Introduction"). */
    static String longPage() {
        try (InputStream in = TestTexts.class.getResourceAsStream("/texts/textsearch-intro.txt")) {
            if (in == null) {
                throw new IllegalStateException("test resource /texts/textsearch-intro.txt is missing");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Titles and sentences that exercise every tokenizer rule. */
    static final List<String> TRICKY = List.of(
            "Hello world",
            "unaffable",
            "How to create a database index",
            "CREATE INDEX CONCURRENTLY idx_orders_customer ON orders (customer_id);",
            "Café Déjà vu — naïve façade, Ångström, Straße, İstanbul, ΣΊΣΥΦΟΣ",
            "数据库索引的创建方法 and 日本語のテキスト検索",
            "한국어 데이터베이스 인덱스",
            "Привет, мир! Индексы в PostgreSQL.",
            "مرحبا بالعالم - فهرس قاعدة البيانات",
            "हिन्दी में डेटाबेस इंडेक्स बनाना",
            "ภาษาไทยไม่มีช่องว่างระหว่างคำ",
            "Emoji 🚀 rocket, 👍🏽 thumbs, ❤️ heart",
            "tabs\tand\nnewlines\r\nand\u00a0nbsp\u2003em\u200bzero\u200dwidth\u0007bell",
            "special [CLS] tokens [SEP] in [MASK] text [UNK] and [NOT] one",
            "price: $1,000.50 (approx.) — 50% off! e-mail: a.b@example.com; URL https://example.com/a?b=c#d",
            "pneumonoultramicroscopicsilicovolcanoconiosis antidisestablishmentarianism",
            "x".repeat(150) + " short",
            "ＦＵＬＬＷＩＤＴＨ ｌｅｔｔｅｒｓ and ½ fractions ﬁ ligature",
            "Ünïcödé ÀÉÎÕÜ çÇ ñÑ øØ łŁ đĐ",
            "'quotes' \"double\" «guillemets» „German“ ‘curly’ …ellipsis… ¿Qué? ¡Sí!");
}
