package dev.linker.index.suggest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.linker.core.anchor.Anchor;
import dev.linker.core.anchor.NameIndex;
import dev.linker.core.anchor.NameKind;
import dev.linker.core.anchor.Tokens;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * The anchor rules one at a time, on three-sentence texts over a small fake site (document frequencies given) with
 * fixed vectors: a name, the title in the text's words, the span closest in meaning, none; one link per phrase; a
 * name reserved for its page; words common on the site never alone; blocked text never linked.
 */
class AnchorChooserTest {
    /** A site of 100 pages: these words' document frequencies (as the index normalises them), any other on 2 pages. */
    static AnchorChooser.Site site(Map<String, Integer> words) {
        Map<String, Integer> df = new HashMap<>();
        words.forEach((w, n) -> df.put(Tokens.terms(w).get(0), n));
        return new AnchorChooser.Site() {
            @Override
            public int docFreq(String term) {
                return df.getOrDefault(term, 2);
            }

            @Override
            public int docCount() {
                return 100;
            }
        };
    }

    static final AnchorChooser.Site SITE = site(Map.of("coffee", 60, "brew", 30, "water", 40, "postgres", 35));

    static AnchorChooser.Target target(String url, String name, String body, float[] vector) {
        return new AnchorChooser.Target(url, name, () -> PageTerms.distinctive(name, body, SITE), vector);
    }

    static NameIndex.Mention mention(String text, String target, String phrase, NameKind kind) {
        int at = text.indexOf(phrase);
        return new NameIndex.Mention(target, phrase.toLowerCase(), kind, at, at + phrase.length(), 1.0);
    }

    static List<Anchor> place(String text, List<int[]> blocked, Function<List<String>, List<float[]>> embed,
                              Map<String, List<NameIndex.Mention>> names, AnchorChooser.Target... targets) {
        return new AnchorChooser(SourceText.of(text, blocked), SITE, embed, 12, "en").place(List.of(targets), names);
    }

    static float[] unit(int axis) {
        float[] v = new float[8];
        v[axis] = 1;
        return v;
    }

    static final String TEXT = "Good espresso starts with the grind. I switched to a burr grinder last spring. "
            + "On hot days I make cold brew instead.";

    @Test
    void a_name_the_text_uses_for_the_page_is_its_anchor() {
        AnchorChooser.Target cold = target("/cold-brew", "Cold brew concentrate", "Cold brew steeps overnight.", null);
        List<Anchor> a = place(TEXT, List.of(), null,
                Map.of("/cold-brew", List.of(mention(TEXT, "/cold-brew", "cold brew", NameKind.TITLE))), cold);
        assertEquals("cold brew", a.get(0).phrase());
        assertEquals(Anchor.Rule.NAME, a.get(0).rule());
        assertEquals(TEXT.indexOf("cold brew"), a.get(0).start());
    }

    @Test
    void the_title_in_the_texts_own_words_is_a_distinctive_anchor() {
        AnchorChooser.Target grinders = target("/grinders", "Burr grinder buying guide",
                "A burr grinder crushes beans evenly between two burrs.", null);
        List<Anchor> a = place(TEXT, List.of(), null, Map.of(), grinders);
        assertEquals("burr grinder", a.get(0).phrase());
        assertEquals(Anchor.Rule.DISTINCTIVE, a.get(0).rule());
    }

    @Test
    void one_link_per_phrase_the_better_ranked_page_takes_it_and_the_other_gets_the_next_best_place() {
        AnchorChooser.Target guide = target("/grinders", "Burr grinder buying guide",
                "A burr grinder crushes beans evenly between two burrs.", null);
        AnchorChooser.Target review = target("/grinder-review", "Burr grinder review",
                "Our burr grinder review: grind size and spring cleaning.", null);
        List<Anchor> a = place(TEXT, List.of(), null, Map.of(), guide, review);
        assertEquals("burr grinder", a.get(0).phrase());
        assertTrue(a.get(1).phrase() == null || a.get(1).end() <= a.get(0).start() || a.get(1).start() >= a.get(0).end(),
                "no two links on one phrase: " + a.get(1));
    }

    @Test
    void where_the_text_names_a_page_no_other_page_is_linked_even_one_ranked_above_it() {
        AnchorChooser.Target press = target("/french-press", "French press and cold brew",
                "The French press also makes cold brew: coarse grounds, cold water, twelve hours.", null);
        AnchorChooser.Target cold = target("/cold-brew", "Cold brew concentrate", "Cold brew steeps overnight.", null);
        Map<String, List<NameIndex.Mention>> names = new HashMap<>();
        names.put("/cold-brew", List.of(mention(TEXT, "/cold-brew", "cold brew", NameKind.TITLE)));
        List<Anchor> a = place(TEXT, List.of(), null, names, press, cold);
        int at = TEXT.indexOf("cold brew");
        Anchor first = a.get(0);
        assertTrue(first.phrase() == null || first.end() <= at || first.start() >= at + "cold brew".length(),
                "the French press page does not take the cold brew page's name: " + first);
        assertEquals("cold brew", a.get(1).phrase());
        assertEquals(Anchor.Rule.NAME, a.get(1).rule());
    }

    @Test
    void the_span_closest_in_meaning_is_chosen_when_no_name_or_title_words_are_there() {
        String text = "We measured the server under load. The bundled load generator ran for ten minutes. "
                + "Latency stayed flat.";
        float[] page = unit(0);
        // Spans mentioning the generator mean what the page means; anything else means something else.
        Function<List<String>, List<float[]>> embed = spans -> {
            List<float[]> out = new ArrayList<>();
            for (String s : spans) {
                out.add(s.contains("generator") ? page : unit(1));
            }
            return out;
        };
        AnchorChooser.Target bench = target("/pgbench", "pgbench", "pgbench is a simple program for running "
                + "benchmark tests: a load generator with scripts.", page);
        List<Anchor> a = place(text, List.of(), embed, Map.of(), bench);
        assertTrue(a.get(0).phrase() != null && a.get(0).phrase().contains("generator"), a.get(0).toString());
        assertTrue(a.get(0).rule() == Anchor.Rule.SEMANTIC || a.get(0).rule() == Anchor.Rule.DISTINCTIVE,
                a.get(0).toString());
    }

    @Test
    void an_english_clause_is_never_an_anchor_however_close_its_meaning_but_the_thing_it_names_is() {
        String text = "Good espresso extraction starts with a burr grinder, because a blade grinder makes uneven "
                + "grounds.";
        float[] page = unit(0);
        // The clauses mean the page best, the grinder itself a little less, the rest nothing.
        Function<List<String>, List<float[]>> embed = spans -> spans.stream().map(s -> s.contains("makes")
                || s.contains("starts") ? page : s.contains("grinder") ? blend(page, unit(1)) : unit(1)).toList();
        AnchorChooser.Target grinding = target("/grinding", "Grinding coffee beans",
                "A burr grinder crushes beans evenly; a blade grinder chops them into uneven grounds.", page);
        Anchor en = place(text, List.of(), embed, Map.of(), grinding).get(0);
        assertTrue(en.phrase() != null && en.phrase().endsWith("grinder"), en.toString());
        assertFalse(en.phrase().contains("makes") || en.phrase().contains("starts")
                || en.phrase().startsWith("because"), en.toString());
        // The tagger is English: in another language the same words keep the span scoring alone.
        Anchor de = new AnchorChooser(SourceText.of(text, List.of()), SITE, embed, 12, "de")
                .place(List.of(grinding), Map.of()).get(0);
        assertTrue(de.phrase() != null && (de.phrase().contains("makes") || de.phrase().contains("starts")),
                de.toString());
    }

    @Test
    void a_span_is_at_most_five_whole_written_words_however_much_a_longer_one_would_say() {
        String text = "On managed hosts the command writes the new value to postgresql.auto.conf at once, "
                + "which the server reads after the main file.";
        float[] page = unit(0);
        // The more words a span has, the closer it means the page: only the cap keeps it short.
        Function<List<String>, List<float[]>> longer = spans -> spans.stream().map(s -> {
            int n = Tokens.writtenWords(s);
            float[] v = new float[8];
            v[0] = n;
            v[1] = 10 - n;
            return normalised(v);
        }).toList();
        AnchorChooser.Target alter = target("/alter-system", "ALTER SYSTEM",
                "ALTER SYSTEM writes the new value of a server setting to postgresql.auto.conf, read after the main "
                        + "configuration file.", page);
        for (String language : List.of("en", "de")) {
            Anchor a = new AnchorChooser(SourceText.of(text, List.of()), SITE, longer, 12, language)
                    .place(List.of(alter), Map.of()).get(0);
            int words = a.phrase() == null ? 0 : Tokens.writtenWords(a.phrase());
            assertTrue(words >= 3 && words <= 5, language + ": " + a);
            // A file name is one word: all of it or none ("auto.conf" and "postgresql.auto" are not words).
            assertTrue(!a.phrase().contains("auto") || a.phrase().contains("postgresql.auto.conf"), language + ": " + a);
        }
    }

    @Test
    void in_japanese_names_and_phrases_end_where_the_segmenters_words_end_though_letters_follow() {
        String text = "インストーラを起動する前に、パーティション分割の方法を読んでください。";
        float[] page = unit(0);
        Function<List<String>, List<float[]>> embed = spans -> spans.stream()
                .map(s -> s.contains("パーティション") ? page : unit(1)).toList();
        try (Tokens.Reading ignored = Tokens.readingAs("ja")) {
            AnchorChooser.Target boot = target("/boot", "インストーラを起動する", "インストーラの起動について。", unit(2));
            AnchorChooser.Target partition = target("/partition", "ディスクの準備",
                    "パーティション分割はディスクを区画に分けることです。", page);
            // The title is named in the text, followed by more letters ("前に"): still a whole word, so the name.
            List<Anchor> a = new AnchorChooser(SourceText.of(text, List.of()), SITE, embed, 12, "ja").place(
                    List.of(boot, partition),
                    Map.of("/boot", List.of(mention(text, "/boot", "インストーラを起動する", NameKind.TITLE))));
            assertEquals("インストーラを起動する", a.get(0).phrase(), a.get(0).toString());
            assertEquals(Anchor.Rule.NAME, a.get(0).rule());
            // Two words written together ("パーティション" "分割") are one phrase, not a lone word.
            assertEquals("パーティション分割", a.get(1).phrase(), a.get(1).toString());
        }
    }

    static float[] normalised(float[] v) {
        double n = 0;
        for (float x : v) {
            n += x * x;
        }
        float[] out = new float[v.length];
        for (int i = 0; i < v.length; i++) {
            out[i] = (float) (v[i] / Math.sqrt(n));
        }
        return out;
    }

    static float[] blend(float[] a, float[] b) {
        float[] v = new float[a.length];
        for (int i = 0; i < v.length; i++) {
            v[i] = (a[i] + b[i]) / (float) Math.sqrt(2);
        }
        return v;
    }

    @Test
    void no_phrase_close_enough_gives_the_sentence_where_a_link_fits_and_the_pages_name_as_wording() {
        AnchorChooser.Target vacuum = target("/vacuum", "Routine vacuuming",
                "Autovacuum reclaims storage occupied by dead tuples.", unit(0));
        Function<List<String>, List<float[]>> far = spans -> spans.stream().map(s -> unit(1)).toList();
        List<Anchor> a = place(TEXT, List.of(), far, Map.of(), vacuum);
        assertNull(a.get(0).phrase());
        assertEquals(Anchor.Rule.NONE, a.get(0).rule());
        assertEquals("Routine vacuuming", a.get(0).wording());
        assertFalse(a.get(0).sentence().isEmpty(), "a sentence where the link fits");
    }

    @Test
    void a_word_on_more_than_a_fifth_of_the_sites_pages_is_never_an_anchor_alone() {
        String text = "Postgres keeps its data in pages. Tuning postgres takes patience. Backups matter more.";
        AnchorChooser.Target about = target("/about-postgres", "Postgres", "Postgres is the database.", null);
        // even where the text names the page by it: the site's own product name is on every other page
        List<Anchor> a = place(text, List.of(), null,
                Map.of("/about-postgres", List.of(mention(text, "/about-postgres", "Postgres", NameKind.TITLE))),
                about);
        assertTrue(a.get(0).phrase() == null || !a.get(0).phrase().equalsIgnoreCase("postgres"), a.get(0).toString());
    }

    @Test
    void text_in_a_blocked_region_code_or_an_existing_link_is_never_linked() {
        int from = TEXT.indexOf("burr grinder");
        AnchorChooser.Target grinders = target("/grinders", "Burr grinder buying guide",
                "A burr grinder crushes beans evenly between two burrs.", null);
        List<Anchor> a = place(TEXT, List.of(new int[] {from, from + "burr grinder".length()}), null, Map.of(),
                grinders);
        assertTrue(a.get(0).phrase() == null || a.get(0).end() <= from || a.get(0).start() >= from + 12,
                a.get(0).toString());
    }
}
