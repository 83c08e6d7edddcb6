package dev.linker.index.eval;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvSchema;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * The draft set in src/test/resources/drafts (see its README): drafts that describe a page of the site in their own
 * words, never with the words of the page's title. These checks keep the set honest when it is edited.
 */
class DraftSetTest {

    /** A draft file, the corpus it targets, and the site-wide words its drafts may share with a target's title. */
    record DraftFile(String name, String corpus, Set<String> siteWide) {
        @Override
        public String toString() {
            return name;
        }
    }

    static List<DraftFile> files() {
        return List.of(
                // "PostgreSQL" is on 62% of the documentation's pages.
                new DraftFile("postgresql-15.jsonl", "postgresql-15", Set.of("postgresql")),
                // "Go" is on every post of the Go Blog.
                new DraftFile("go-blog.jsonl", "go-blog", Set.of("go")));
    }

    static final Set<String> STOP = Set.of(("a an the of and or in on at to for from by with without into onto over under "
            + "about as is are be been was were it its this that these those your you we our us i my he she they their "
            + "what when why how who which not no s t up out vs via than then there here do does did can will").split(" "));
    static final Pattern SECTION = Pattern.compile("^(?:(?:Chapter|Appendix|Part)\\s+)?[A-Z0-9]{1,4}(?:\\.[0-9]+)*\\.\\s+");
    static final String SITE_SUFFIX = " - The Go Blog";
    static final List<String> FIELDS = List.of("id", "target", "targetTitle", "title", "text", "anchors", "acceptable");

    @ParameterizedTest(name = "{0}")
    @MethodSource("files")
    void each_file_holds_at_least_twenty_drafts_with_every_field_present(DraftFile file) throws IOException {
        List<JsonNode> drafts = read(file);
        assertTrue(drafts.size() >= 20, file + ": " + drafts.size() + " drafts");
        for (JsonNode d : drafts) {
            for (String f : FIELDS) assertNotNull(d.get(f), file + ": a draft without " + f + ": " + d);
            for (String f : List.of("id", "target", "targetTitle", "text")) {
                assertTrue(d.get(f).isTextual() && !d.get(f).asText().isBlank(), d.get("id") + ": blank " + f);
            }
            assertTrue(d.get("title").isTextual(), d.get("id") + ": title is not a string (it may be empty)");
            assertTrue(d.get("anchors").isArray() && d.get("anchors").size() >= 1 && d.get("anchors").size() <= 3,
                    d.get("id") + ": 1 to 3 anchors");
            assertTrue(d.get("acceptable").isArray() && d.get("acceptable").size() >= 1,
                    d.get("id") + ": acceptable is a non-empty list");
            List<String> keys = new ArrayList<>();
            d.fieldNames().forEachRemaining(keys::add);
            assertEquals(FIELDS, keys, d.get("id") + ": exactly these fields, in this order (acceptable last)");
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("files")
    void ids_are_unique_and_no_page_is_the_target_of_two_drafts(DraftFile file) throws IOException {
        Set<String> ids = new HashSet<>();
        Set<String> targets = new HashSet<>();
        for (JsonNode d : read(file)) {
            assertTrue(ids.add(d.get("id").asText()), "id twice: " + d.get("id"));
            assertTrue(targets.add(d.get("target").asText()), "target twice: " + d.get("target"));
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("files")
    void every_draft_is_about_thirty_to_a_hundred_and_twenty_words(DraftFile file) throws IOException {
        for (JsonNode d : read(file)) {
            int n = d.get("text").asText().trim().split("\\s+").length;
            assertTrue(n >= 30 && n <= 120, d.get("id") + ": " + n + " words");
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("files")
    void every_anchor_is_a_phrase_of_one_to_six_whole_words_of_the_prose(DraftFile file) throws IOException {
        for (JsonNode d : read(file)) checkPhrases(d, "anchors");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("files")
    void every_acceptable_phrase_is_a_phrase_of_one_to_six_whole_words_of_the_prose(DraftFile file) throws IOException {
        for (JsonNode d : read(file)) checkPhrases(d, "acceptable");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("files")
    void every_anchor_is_also_acceptable_and_no_acceptable_phrase_is_listed_twice(DraftFile file) throws IOException {
        for (JsonNode d : read(file)) {
            Set<String> acceptable = new HashSet<>();
            for (JsonNode a : d.get("acceptable")) {
                assertTrue(a.isTextual(), d.get("id") + ": acceptable phrase is not a string: " + a);
                assertTrue(acceptable.add(a.asText()), d.get("id") + ": acceptable phrase listed twice: " + a.asText());
            }
            for (JsonNode a : d.get("anchors")) {
                assertTrue(acceptable.contains(a.asText()), d.get("id") + ": anchor missing from acceptable: " + a.asText());
            }
        }
    }

    /** Each phrase of the field: 1–6 words, no outer spaces, in the text, on word boundaries outside markup. */
    static void checkPhrases(JsonNode d, String field) {
        String text = d.get("text").asText();
        String prose = outsideMarkup(text);
        for (JsonNode a : d.get(field)) {
            String phrase = a.asText();
            int words = phrase.trim().isEmpty() ? 0 : phrase.trim().split("\\s+").length;
            assertTrue(words >= 1 && words <= 6, d.get("id") + ": " + field + " phrase of " + words + " words: " + phrase);
            assertTrue(phrase.equals(phrase.trim()), d.get("id") + ": " + field + " phrase with outer spaces: '" + phrase + "'");
            assertTrue(text.contains(phrase), d.get("id") + ": " + field + " phrase not in the text: " + phrase);
            assertTrue(occursOnWordBoundaries(prose, phrase), d.get("id") + ": " + field
                    + " phrase not on word boundaries outside code, headings and links: " + phrase);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("files")
    void no_draft_uses_a_content_word_of_its_targets_title(DraftFile file) throws IOException {
        List<String> problems = new ArrayList<>();
        for (JsonNode d : read(file)) {
            List<String> titleWords = titleWords(d.get("targetTitle").asText(), file.siteWide());
            assertTrue(!titleWords.isEmpty() || d.get("targetTitle").asText().isBlank(), "no title words: " + d);
            for (String w : new LinkedHashSet<>(words(d.get("text").asText()))) {
                for (String t : titleWords) {
                    if (sameWord(w, t)) problems.add(d.get("id").asText() + ": '" + w + "' is a form of title word '" + t + "'");
                }
            }
        }
        assertEquals(List.of(), problems);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("files")
    void every_target_is_a_page_of_the_corpus_with_exactly_that_title(DraftFile file) throws IOException {
        String dir = System.getProperty("linker.corpus.dir", "");
        Assumptions.assumeFalse(dir.isBlank() || dir.startsWith("${"), "linker.corpus.dir not set: corpus checks run from .ci/run");
        Path pages = Path.of(dir, file.corpus(), "pages.csv");
        if (!Files.isRegularFile(pages)) fail("linker.corpus.dir is set to " + dir + " but " + pages + " is missing");
        Map<String, String> titles = new HashMap<>();
        CsvMapper csv = new CsvMapper();
        try (MappingIterator<Map<String, String>> rows = csv.readerForMapOf(String.class)
                .with(CsvSchema.emptySchema().withHeader()).readValues(pages.toFile())) {
            while (rows.hasNext()) {
                Map<String, String> row = rows.next();
                titles.put(row.get("Address"), row.get("Title"));
            }
        }
        for (JsonNode d : read(file)) {
            String target = d.get("target").asText();
            assertTrue(titles.containsKey(target), d.get("id") + ": not a page of " + file.corpus() + ": " + target);
            assertEquals(titles.get(target), d.get("targetTitle").asText(), d.get("id") + ": title of " + target);
        }
    }

    @Test
    void the_title_rule_folds_plurals_inflections_and_shared_five_letter_stems() {
        Set<String> pg = Set.of("postgresql");
        assertEquals(List.of("routine", "vacuuming"), titleWords("25.1. Routine Vacuuming", pg));
        assertEquals(List.of("brin", "indexes"), titleWords("Chapter 71. BRIN Indexes", pg));
        assertEquals(List.of("upgrading", "cluster"), titleWords("19.6. Upgrading a PostgreSQL Cluster", pg));
        assertEquals(List.of("1", "18", "released"), titleWords("Go 1.18 is released! - The Go Blog", Set.of("go")));
        assertTrue(sameWord("vacuumed", "vacuuming") && sameWord("vacuum", "vacuuming"));
        assertTrue(sameWord("release", "released") && sameWord("releases", "released"));
        assertTrue(sameWord("indexes", "index") && sameWord("policy", "policies") && sameWord("types", "type"));
        assertTrue(sameWord("use", "using") && sameWord("log", "logging") && sameWord("fixed", "fixing"));
        assertTrue(sameWord("replica", "replication"), "same first five letters");
        assertFalse(sameWord("data", "database"), "a different word, though a prefix");
        assertFalse(sameWord("1", "13"), "numbers match only exactly");
    }

    @Test
    void a_phrase_inside_a_compound_or_identifier_is_not_on_word_boundaries() {
        String text = "A pour-over kettle, t.Run and Rob Pike's talk. Use to_char or go.mod; end.";
        assertTrue(occursOnWordBoundaries(text, "pour-over kettle"));
        assertFalse(occursOnWordBoundaries(text, "pour"), "inside a hyphenated compound");
        assertFalse(occursOnWordBoundaries(text, "over kettle"), "inside a hyphenated compound");
        assertTrue(occursOnWordBoundaries(text, "t.Run"));
        assertFalse(occursOnWordBoundaries(text, "Run"), "inside an identifier");
        assertTrue(occursOnWordBoundaries(text, "Rob Pike's talk"));
        assertFalse(occursOnWordBoundaries(text, "Rob Pike"), "before a possessive");
        assertFalse(occursOnWordBoundaries(text, "to"), "inside to_char");
        assertFalse(occursOnWordBoundaries(text, "go"), "inside go.mod");
        assertTrue(occursOnWordBoundaries(text, "talk"), "before a full stop and a space");
        assertTrue(occursOnWordBoundaries(text, "end"), "before the final full stop");
        assertFalse(occursOnWordBoundaries(text, "kett"), "inside a word");
        assertFalse(occursOnWordBoundaries(outsideMarkup("See `go vet` and [the docs](/x.html)."), "go vet"), "in code");
        assertFalse(occursOnWordBoundaries(outsideMarkup("See `go vet` and [the docs](/x.html)."), "the docs"), "in a link");
    }

    // --- the title rule -------------------------------------------------------------------------------------

    /** The content words of a title: no section number, no site suffix, no stop words, no site-wide words. */
    static List<String> titleWords(String title, Set<String> siteWide) {
        String t = title.endsWith(SITE_SUFFIX) ? title.substring(0, title.length() - SITE_SUFFIX.length()) : title;
        t = SECTION.matcher(t).replaceFirst("");
        List<String> out = new ArrayList<>();
        for (String w : new LinkedHashSet<>(words(t))) {
            if (STOP.contains(w) || (w.length() == 1 && Character.isLetter(w.charAt(0)))) continue;
            if (siteWide.stream().anyMatch(s -> sameWord(w, s))) continue;
            out.add(w);
        }
        return out;
    }

    static List<String> words(String s) {
        List<String> out = new ArrayList<>();
        for (String w : s.toLowerCase(Locale.ROOT).split("[^\\p{L}\\p{N}]+")) if (!w.isEmpty()) out.add(w);
        return out;
    }

    /** Two words are forms of one word: same after folding a plural, or same first 5 letters, or same light stem. */
    static boolean sameWord(String a, String b) {
        if (isNumber(a) || isNumber(b)) return a.equals(b);
        String fa = foldPlural(a), fb = foldPlural(b);
        if (fa.equals(fb)) return true;
        if (fa.length() >= 5 && fb.length() >= 5 && fa.regionMatches(0, fb, 0, 5)) return true;
        return stem(a).equals(stem(b));
    }

    static boolean isNumber(String w) {
        return w.chars().allMatch(Character::isDigit);
    }

    static String foldPlural(String w) {
        if (w.length() > 4 && w.endsWith("ies")) return w.substring(0, w.length() - 3) + "y";
        if (w.length() > 3 && w.matches(".*(s|x|z|ch|sh)es")) return w.substring(0, w.length() - 2);
        if (w.length() > 3 && w.endsWith("s") && !w.endsWith("ss")) return w.substring(0, w.length() - 1);
        return w;
    }

    /** Strips one of -ing -ed -es -er -s, a final e and a doubled final consonant: using/used/use, logging/log. */
    static String stem(String w) {
        for (String suffix : List.of("ing", "ed", "es", "er", "s")) {
            if (w.endsWith(suffix) && w.length() - suffix.length() >= 2) {
                w = w.substring(0, w.length() - suffix.length());
                break;
            }
        }
        if (w.length() >= 3 && w.endsWith("e")) w = w.substring(0, w.length() - 1);
        int n = w.length();
        if (n > 3 && w.charAt(n - 1) == w.charAt(n - 2) && "aeiou".indexOf(w.charAt(n - 1)) < 0) w = w.substring(0, n - 1);
        return w;
    }

    // --- anchors --------------------------------------------------------------------------------------------

    /** The text with fenced code, inline code, heading lines and Markdown links blanked out (same length). */
    static String outsideMarkup(String text) {
        String t = blank(text, Pattern.compile("```.*?```", Pattern.DOTALL));
        t = blank(t, Pattern.compile("(?m)^#.*$"));
        t = blank(t, Pattern.compile("`[^`]*`"));
        return blank(t, Pattern.compile("\\[[^\\]]*\\]\\([^)]*\\)"));
    }

    static String blank(String s, Pattern p) {
        Matcher m = p.matcher(s);
        StringBuilder out = new StringBuilder(s);
        while (m.find()) for (int i = m.start(); i < m.end(); i++) if (out.charAt(i) != '\n') out.setCharAt(i, ' ');
        return out.toString();
    }

    /** Characters that join two words into one token: pour-over, to_char, go.mod, os.Root, encoding/json, Pike's. */
    static final String JOINERS = "-_./'\u2019";

    /**
     * The phrase occurs somewhere neither preceded nor followed by a letter or digit, nor by a joiner that glues it to
     * a neighbouring word ("pour" of "pour-over", "Run" of "t.Run", "Pike" of "Pike's" are inside a word).
     */
    static boolean occursOnWordBoundaries(String text, String phrase) {
        if (phrase.isEmpty()) return false;
        for (int i = text.indexOf(phrase); i >= 0; i = text.indexOf(phrase, i + 1)) {
            int end = i + phrase.length();
            boolean startOk = i == 0 || !(Character.isLetterOrDigit(text.charAt(i - 1))
                    || (i >= 2 && JOINERS.indexOf(text.charAt(i - 1)) >= 0 && Character.isLetterOrDigit(text.charAt(i - 2))
                        && Character.isLetterOrDigit(text.charAt(i))));
            boolean endOk = end == text.length() || !(Character.isLetterOrDigit(text.charAt(end))
                    || (end + 1 < text.length() && JOINERS.indexOf(text.charAt(end)) >= 0
                        && Character.isLetterOrDigit(text.charAt(end + 1)) && Character.isLetterOrDigit(text.charAt(end - 1))));
            if (startOk && endOk) return true;
        }
        return false;
    }

    // --- reading --------------------------------------------------------------------------------------------

    static List<JsonNode> read(DraftFile file) throws IOException {
        ObjectMapper json = new ObjectMapper();
        List<JsonNode> out = new ArrayList<>();
        try (InputStream in = DraftSetTest.class.getResourceAsStream("/drafts/" + file.name())) {
            assertNotNull(in, "no /drafts/" + file.name() + " on the classpath");
            BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
            for (String line; (line = r.readLine()) != null; ) if (!line.isBlank()) out.add(json.readTree(line));
        }
        return out;
    }
}
