package dev.linker.core.result;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/** How many findings there are, worded: the one place every report and door counts them. */
public final class FindingCounts {
    private FindingCounts() {
    }

    /** Findings per severity, every severity present (0 when none). */
    public static Map<Severity, Integer> bySeverity(List<Finding> findings) {
        Map<Severity, Integer> m = new EnumMap<>(Severity.class);
        for (Severity s : Severity.values()) {
            m.put(s, 0);
        }
        for (Finding f : findings) {
            m.merge(f.severity(), 1, Integer::sum);
        }
        return m;
    }

    /** "2 errors, 1 warning, 3 info": every severity, as a report's summary line says it. */
    public static String severityLine(List<Finding> findings) {
        Map<Severity, Integer> c = bySeverity(findings);
        return plural(c.get(Severity.ERROR), "error", "errors") + ", "
                + plural(c.get(Severity.WARNING), "warning", "warnings") + ", "
                + c.get(Severity.INFO) + " info";
    }

    /** "2 errors, 1 warning": only the severities there are, or "no findings"; a door's closing line. */
    public static String present(List<Finding> findings) {
        if (findings.isEmpty()) {
            return "no findings";
        }
        List<String> parts = new ArrayList<>();
        bySeverity(findings).forEach((s, n) -> {
            if (n > 0) {
                parts.add(n + " " + s.id() + (n == 1 ? "" : "s"));
            }
        });
        return String.join(", ", parts);
    }

    /** "orphan x2, broken-link x1": per check, the most frequent first (ties by id). */
    public static String byCheck(List<Finding> findings) {
        Map<String, Long> counts = findings.stream()
                .collect(Collectors.groupingBy(Finding::checkId, LinkedHashMap::new, Collectors.counting()));
        return counts.entrySet().stream()
                .sorted(Map.Entry.<String, Long>comparingByValue().reversed().thenComparing(Map.Entry.comparingByKey()))
                .map(e -> e.getKey() + " x" + e.getValue())
                .collect(Collectors.joining(", "));
    }

    /** "1 error", "3 errors". */
    public static String plural(int n, String one, String many) {
        return n + " " + (n == 1 ? one : many);
    }
}
