package dev.linker.cli;

import dev.linker.core.embed.EmbedMode;
import dev.linker.core.embed.EmbedText;
import dev.linker.core.embed.Embedder;
import dev.linker.core.embed.Vectors;
import dev.linker.core.embed.Embedders;
import dev.linker.core.model.Page;
import dev.linker.core.site.CsvSiteReader;
import dev.linker.index.PageIndex;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;

import static dev.linker.cli.IndexCommandsTest.run;
import static dev.linker.cli.IndexCommandsTest.site;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code linker index --vectors}: vectors linker-spark embed made (a Parquet fixture) taken instead of embedding. */
class IndexVectorsTest {
    @TempDir
    Path tmp;

    static Path vectors() {
        try {
            return Path.of(IndexVectorsTest.class.getResource("/vectors/coffee").toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    @Test
    void imported_vectors_are_taken_for_every_page_and_are_the_models_own() {
        Path idx = tmp.resolve("idx");
        IndexCommandsTest.Run r = run("index", site("coffee/pages.csv").toString(), "--index", idx.toString(),
                "--vectors", vectors().toString());
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().startsWith("11 pages: 0 unchanged, 0 embedded, 11 imported, 0 removed"), r.out());
        assertTrue(r.err().contains("imported 11 vectors from " + vectors()), r.err());
        try (Embedder model = Embedders.createDefault(); PageIndex index = PageIndex.open(idx)) {
            for (Page p : CsvSiteReader.read(site("coffee/pages.csv")).pages().values()) {
                float[] want = model.embed(EmbedText.of(EmbedMode.BOTH, p.url(), p.title(), p.h1(), p.text()));
                double c = Vectors.cosine(want, index.storedVector(p.url()));
                assertTrue(c >= 0.9999, p.url() + ": cosine " + c);
            }
        }
    }

    @Test
    void a_page_whose_text_changed_since_is_embedded_here_and_the_rest_imported() throws Exception {
        Path csv = tmp.resolve("pages.csv");
        String text = Files.readString(site("coffee/pages.csv"));
        String edited = text.replaceFirst("Espresso needs", "Espresso, pulled at home, needs");
        assertTrue(!edited.equals(text));
        Files.writeString(csv, edited);
        IndexCommandsTest.Run r = run("index", csv.toString(), "--index", tmp.resolve("idx").toString(), "--vectors",
                vectors().toString());
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().startsWith("11 pages: 0 unchanged, 1 embedded, 10 imported, 0 removed"), r.out());
        assertTrue(r.err().contains("1 of the 11 imported vectors were not used"), r.err());
    }

    @Test
    void vectors_of_another_embed_mode_or_no_vectors_at_all_are_named_with_exit_2() throws Exception {
        IndexCommandsTest.Run r = run("index", site("coffee/pages.csv").toString(), "--index",
                tmp.resolve("titles").toString(), "--embed", "title", "--vectors", vectors().toString(), "-q");
        assertEquals(2, r.code(), r.err());
        assertTrue(r.err().contains("(--embed both)") && r.err().contains("(--embed title)"), r.err());
        Path empty = Files.createDirectories(tmp.resolve("empty"));
        r = run("index", site("coffee/pages.csv").toString(), "--index", tmp.resolve("e").toString(), "--vectors",
                empty.toString(), "-q");
        assertEquals(2, r.code(), r.err());
        assertTrue(r.err().contains(empty + ": no .parquet files in it"), r.err());
        Path notParquet = Files.writeString(empty.resolve("part-0.parquet"), "url,vector\n");
        r = run("index", site("coffee/pages.csv").toString(), "--index", tmp.resolve("f").toString(), "--vectors",
                empty.toString(), "-q");
        assertEquals(2, r.code(), r.err());
        assertTrue(r.err().contains(notParquet + ": cannot read as Parquet"), r.err());
    }
}
