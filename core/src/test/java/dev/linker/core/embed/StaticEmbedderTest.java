package dev.linker.core.embed;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class StaticEmbedderTest {

    /** The table's SHA-256: changing it changes every static index's vectors. Rebuild: bench/static-vectors.sh. */
    private static final String TABLE_SHA256 = "632e8556eea4f76df0ac352c9ce953bfe2921cf0b024b18dfee44ef591e68ca5";

    private static final StaticEmbedder EMBEDDER = StaticEmbedder.load();

    private static double sim(String a, String b) {
        return Vectors.cosine(EMBEDDER.embed(a), EMBEDDER.embed(b));
    }

    @Test
    void the_shipped_table_is_the_one_the_build_step_wrote() throws Exception {
        MessageDigest sha = MessageDigest.getInstance("SHA-256");
        try (InputStream in = StaticEmbedder.class.getResourceAsStream(StaticEmbedder.RESOURCE)) {
            assertTrue(in != null, StaticEmbedder.RESOURCE + " is on the classpath");
            sha.update(in.readAllBytes());
        }
        assertEquals(TABLE_SHA256, HexFormat.of().formatHex(sha.digest()),
                "the table changed: if bench/static-vectors.sh wrote it on purpose, put its new SHA-256 here");
    }

    @Test
    @SuppressWarnings("unchecked")
    void any_row_of_the_table_is_what_the_model_gives_for_its_word_piece() {
        StaticEmbedder.Table table = EMBEDDER.table();
        float[] weights = StaticVectorsBuild.sifWeights(table.rows());
        Random random = new Random(55);
        List<Integer> ids = new ArrayList<>(List.of(100, 1996, 2051, 7953, 29961));
        for (int i = 0; i < 25; i++) {
            ids.add(random.nextInt(table.rows()));
        }
        try (LocalMiniLmEmbedder model = LocalMiniLmEmbedder.load(1)) {
            WordPieceTokenizer tok = model.tokenizer();
            for (int id : ids) {
                List<int[]>[] windows = new List[] {List.of(new int[] {tok.clsId(), id, tok.sepId()})};
                float[] v = model.vectors(windows).get(0);
                float[] expected = StaticVectorsBuild.project(v, table.mean(), table.components());
                for (int j = 0; j < expected.length; j++) {
                    expected[j] *= weights[id];
                }
                float[] stored = EMBEDDER.row(id);
                double ratio = Vectors.norm(stored) / Vectors.norm(expected);
                assertTrue(Vectors.cosine(stored, expected) > 0.995, "row " + id + " (" + tok.tokenOf(id) + ")");
                assertTrue(ratio > 0.98 && ratio < 1.02, "row " + id + "'s length is " + ratio + " of the model's");
            }
        }
    }

    @Test
    void frequent_word_pieces_weigh_less_than_rare_ones() {
        float[] w = StaticVectorsBuild.sifWeights(EMBEDDER.table().rows());
        assertTrue(w[1996] < w[10_000] && w[10_000] < w[30_000], "the < a mid-vocabulary piece < a rare one");
        assertTrue(w[0] > 0 && w[30_000] < 1);
    }

    @Test
    void vectors_have_256_dimensions_unit_length_and_a_stable_identity() {
        float[] v = EMBEDDER.embed("Burr grinders make even grounds for espresso.");
        assertEquals(StaticEmbedder.DIMENSION, v.length);
        assertEquals(1.0, Vectors.norm(v), 1e-5);
        assertEquals("static:all-minilm-l6-v2-q-pca256", EMBEDDER.id());
        assertArrayEquals(v, EMBEDDER.embed("Burr grinders make even grounds for espresso."));
        assertSame(EMBEDDER, StaticEmbedder.load(), "the table is read once");
    }

    @Test
    void texts_about_the_same_thing_are_closer_than_texts_about_others() {
        double coffee = sim("how to grind coffee beans for espresso", "choosing a burr grinder for your espresso");
        double apart = sim("how to grind coffee beans for espresso", "vacuum and analyze a postgresql table");
        assertTrue(coffee > apart + 0.2, "coffee " + coffee + " vs unrelated " + apart);
        double sql = sim("creating an index on a table column", "the CREATE INDEX command builds a b-tree index");
        assertTrue(sql > apart + 0.2, "sql " + sql + " vs unrelated " + apart);
    }

    @Test
    void a_long_text_and_a_list_of_texts_embed_as_one_text_at_a_time() {
        String longText = "Espresso extraction depends on the grind. ".repeat(3000);
        float[] v = EMBEDDER.embed(longText);
        assertEquals(1.0, Vectors.norm(v), 1e-5);
        List<float[]> all = EMBEDDER.embedAll(List.of("french press", longText, "french press"));
        assertArrayEquals(EMBEDDER.embed("french press"), all.get(0));
        assertArrayEquals(v, all.get(1));
        assertArrayEquals(all.get(0), all.get(2));
    }

    @Test
    void blank_text_is_refused_as_by_every_embedder() {
        assertThrows(IllegalArgumentException.class, () -> EMBEDDER.embed(" \n\t"));
        assertThrows(IllegalArgumentException.class, () -> EMBEDDER.embed("\u0000\u0001"));
    }

    @Test
    void the_table_reads_back_what_was_written_and_refuses_a_damaged_one() throws IOException {
        StaticEmbedder.Table t = new StaticEmbedder.Table(1e-4f, new float[] {0.5f, -0.5f},
                new float[][] {{1, 0}}, new float[] {0.25f, 2f}, new byte[] {4, -127});
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        t.write(out);
        StaticEmbedder.Table back = StaticEmbedder.Table.read(new ByteArrayInputStream(out.toByteArray()));
        assertArrayEquals(t.mean(), back.mean());
        assertArrayEquals(t.components()[0], back.components()[0]);
        assertArrayEquals(t.scales(), back.scales());
        assertArrayEquals(t.values(), back.values());
        float[] sum = new float[1];
        back.addRow(1, sum);
        assertEquals(-254f, sum[0]);
        byte[] cut = java.util.Arrays.copyOf(out.toByteArray(), out.size() - 1);
        assertThrows(IOException.class, () -> StaticEmbedder.Table.read(new ByteArrayInputStream(cut)));
        byte[] longer = java.util.Arrays.copyOf(out.toByteArray(), out.size() + 1);
        assertThrows(IOException.class, () -> StaticEmbedder.Table.read(new ByteArrayInputStream(longer)));
        byte[] other = out.toByteArray().clone();
        other[0] = 'X';
        assertThrows(IOException.class, () -> StaticEmbedder.Table.read(new ByteArrayInputStream(other)));
    }
}
