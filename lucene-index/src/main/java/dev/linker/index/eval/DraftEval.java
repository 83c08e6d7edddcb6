package dev.linker.index.eval;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.linker.core.result.LinkerException;
import dev.linker.index.suggest.DraftEngine;
import dev.linker.index.suggest.DraftText;
import dev.linker.index.suggest.Suggestion;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Drafts that describe a page's subject without naming it, as an author writes before knowing the site: is the page
 * in the draft engine's top 5, and is its anchor one a person would link? A set is a JSON Lines file, one draft a
 * line: {@code {"id", "target", "title", "text", "anchors": [...], "acceptable": [...]}} — the text is read as
 * Markdown; {@code anchors} are the phrases of the text its author would link to the target, {@code acceptable}
 * (optional) every phrase a second, independent annotator would accept as the link's text (it includes
 * {@code anchors}). An anchor is acceptable when it is a phrase of the text whose words match one of the acceptable
 * phrases with a token F1 of at least {@value #ACCEPTABLE_F1} ("dead row versions pile" for "dead row versions" is;
 * "tables" is not); the stricter figure against {@code anchors} alone is reported too. Targets compare by path, so a set written against a CSV export
 * ({@code https://site/a.html}) runs against an index of the built site ({@code /a.html}) too.
 */
public final class DraftEval {
    /** Token F1 with a listed phrase from which an anchor is acceptable. */
    public static final double ACCEPTABLE_F1 = 0.5;

    private DraftEval() {
    }

    /** One draft of a set. */
    public record Case(String id, String target, String title, String text, List<String> anchors,
                       List<String> acceptable) {
        public Case {
            anchors = List.copyOf(anchors);
            acceptable = acceptable == null || acceptable.isEmpty() ? anchors : List.copyOf(acceptable);
        }
    }

    /** How one draft fared: the target's rank (0 when not in the top 5) and its anchor (null when none). */
    public record Outcome(Case draft, int rank, String anchor, String rule, boolean acceptable, boolean authors) {
    }

    /** Share of drafts whose page is in the top 5, and share with an acceptable anchor for it. */
    public record Result(List<Outcome> outcomes) {
        public int drafts() {
            return outcomes.size();
        }

        public int found() {
            return (int) outcomes.stream().filter(o -> o.rank() > 0).count();
        }

        public int acceptable() {
            return (int) outcomes.stream().filter(Outcome::acceptable).count();
        }

        /** Drafts whose anchor matches one of the phrases the draft's author listed (the strict figure). */
        public int authors() {
            return (int) outcomes.stream().filter(Outcome::authors).count();
        }

        public double foundShare() {
            return outcomes.isEmpty() ? 0 : (double) found() / drafts();
        }

        public double acceptableShare() {
            return outcomes.isEmpty() ? 0 : (double) acceptable() / drafts();
        }

        @Override
        public String toString() {
            return String.format(Locale.ROOT, "drafts=%d top5=%d (%.1f %%) acceptable anchor=%d (%.1f %%), the author's "
                    + "own=%d", drafts(), found(), 100 * foundShare(), acceptable(), 100 * acceptableShare(), authors());
        }
    }

    private static boolean matches(String anchor, List<String> phrases) {
        if (anchor == null) {
            return false;
        }
        for (String a : phrases) {
            if (AnchorAgreement.f1(anchor, a) >= ACCEPTABLE_F1) {
                return true;
            }
        }
        return false;
    }

    /** Reads a set; a line that is not a draft is an error naming the file and line. */
    public static List<Case> read(Path file) {
        ObjectMapper json = new ObjectMapper();
        List<Case> out = new ArrayList<>();
        try (BufferedReader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            String line;
            int n = 0;
            while ((line = r.readLine()) != null) {
                n++;
                if (line.isBlank()) {
                    continue;
                }
                JsonNode o;
                try {
                    o = json.readTree(line);
                } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
                    throw new LinkerException(file + ":" + n + ": not a JSON object: " + e.getOriginalMessage());
                }
                if (!o.isObject()) {
                    throw new LinkerException(file + ":" + n + ": not a JSON object");
                }
                String target = o.path("target").asText("");
                String text = o.path("text").asText("");
                if (target.isBlank() || text.isBlank()) {
                    throw new LinkerException(file + ":" + n + ": a draft needs \"target\" and \"text\"");
                }
                List<String> anchors = new ArrayList<>();
                o.path("anchors").forEach(a -> anchors.add(a.asText()));
                List<String> acceptable = new ArrayList<>();
                o.path("acceptable").forEach(a -> acceptable.add(a.asText()));
                out.add(new Case(o.path("id").asText("line " + n), target, o.path("title").asText(""), text,
                        anchors, acceptable));
            }
        } catch (IOException e) {
            throw new LinkerException(file + ": cannot read drafts: " + e.getMessage());
        }
        if (out.isEmpty()) {
            throw new LinkerException(file + ": no drafts in it");
        }
        return out;
    }

    /** Runs every draft through the draft engine, as the editor would send it. */
    public static Result run(DraftEngine engine, List<Case> drafts) {
        List<Outcome> out = new ArrayList<>();
        for (Case c : drafts) {
            List<Suggestion> top = engine.suggest(new DraftEngine.Request(c.title(),
                    DraftText.of(c.text(), DraftText.Format.MARKDOWN), null, 5, List.of()));
            String key = DraftText.urlKey(c.target());
            int rank = 0;
            Suggestion hit = null;
            for (int i = 0; i < top.size(); i++) {
                if (DraftText.urlKey(top.get(i).url()).equals(key)) {
                    rank = i + 1;
                    hit = top.get(i);
                    break;
                }
            }
            String anchor = hit == null ? null : hit.anchor().phrase();
            out.add(new Outcome(c, rank, anchor, hit == null ? null : hit.anchor().rule().id(),
                    matches(anchor, c.acceptable()), matches(anchor, c.anchors())));
        }
        return new Result(out);
    }
}
