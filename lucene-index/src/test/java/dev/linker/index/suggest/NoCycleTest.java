package dev.linker.index.suggest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The suggestion classes depend one way: the facade ({@link Suggester}) calls the stages (retrieval, ranking, anchors,
 * and the plan pass that runs them per donor), which share a small model of their own ({@code Source}, {@code Candidate},
 * {@code PageInfo}) and never reach back. Read from the sources: a class depends on another it names in code.
 */
class NoCycleTest {
    static final Path PACKAGE = Path.of("src/main/java/dev/linker/index/suggest");

    static Map<String, Set<String>> graph() throws IOException {
        Map<String, String> code = new HashMap<>();
        try (Stream<Path> files = Files.list(PACKAGE)) {
            for (Path f : files.filter(f -> f.toString().endsWith(".java") && !f.endsWith("package-info.java")).toList()) {
                String s = Files.readString(f).replaceAll("(?s)/\\*.*?\\*/", "").replaceAll("//[^\\n]*", "")
                        .replaceAll("\"[^\"\\\\\\n]*+(?:\\\\.[^\"\\\\\\n]*+)*+\"", "\"\"");
                code.put(f.getFileName().toString().replace(".java", ""), s);
            }
        }
        Map<String, Set<String>> g = new HashMap<>();
        for (String a : code.keySet()) {
            Set<String> to = new HashSet<>();
            for (String b : code.keySet()) {
                if (!a.equals(b) && Pattern.compile("\\b" + b + "\\b").matcher(code.get(a)).find()) {
                    to.add(b);
                }
            }
            g.put(a, to);
        }
        return g;
    }

    @Test
    void no_class_of_the_suggestion_package_reaches_back_to_one_that_uses_it() throws IOException {
        Map<String, Set<String>> g = graph();
        assertTrue(g.size() >= 20, "the package's classes: " + g.keySet());
        List<String> cycles = new ArrayList<>();
        for (String start : g.keySet()) {
            // a path from one of start's dependencies back to start is a cycle
            Deque<List<String>> todo = new ArrayDeque<>();
            for (String next : g.get(start)) {
                todo.add(List.of(start, next));
            }
            Set<String> seen = new HashSet<>();
            while (!todo.isEmpty()) {
                List<String> path = todo.poll();
                String last = path.get(path.size() - 1);
                if (last.equals(start)) {
                    cycles.add(String.join(" -> ", path));
                    break;
                }
                if (seen.add(last)) {
                    for (String next : g.get(last)) {
                        List<String> longer = new ArrayList<>(path);
                        longer.add(next);
                        todo.add(longer);
                    }
                }
            }
        }
        assertEquals(List.of(), cycles);
    }

    @Test
    void the_stages_never_name_the_facade() throws IOException {
        Map<String, Set<String>> g = graph();
        for (String stage : List.of("SiteSnapshot", "Source", "Candidate", "PageInfo", "CandidateFeatures",
                "AnchorChooser", "HiddenLinkAuthority", "Memo", "TermVector", "TitleWords", "SourceText", "Retrieval",
                "BitSetQuery", "Ranker", "TargetFilter", "Anchoring", "PlanPass")) {
            assertTrue(g.containsKey(stage), stage);
            assertTrue(!g.get(stage).contains("Suggester"), stage + " names Suggester");
        }
    }
}
