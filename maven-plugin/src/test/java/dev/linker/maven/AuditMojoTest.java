package dev.linker.maven;

import dev.linker.core.result.Finding;
import dev.linker.core.result.Severity;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

class AuditMojoTest {

    private static Finding finding(String check) {
        return new Finding(check, Severity.ERROR, "m", new Finding.Place("/a.html", "a.html", 1, 1), null, null);
    }

    @Test
    void failure_counts_list_the_most_frequent_check_first() {
        List<Finding> f = List.of(finding("broken-link"), finding("orphan"), finding("orphan"));
        assertEquals("orphan x2, broken-link x1", dev.linker.core.result.FindingCounts.byCheck(f));
    }

    @Test
    void formats_given_as_one_comma_separated_value_are_split_and_deduplicated() {
        assertEquals(List.of("json", "html", "sarif"), AuditMojo.normalizeList(Arrays.asList("json, html", null, "sarif,json")));
        assertEquals(null, AuditMojo.normalizeList(Arrays.asList(" ", ",")), "nothing given: the config file decides");
    }

    @Test
    void a_missing_baseline_tells_a_maven_user_the_plugins_property_not_a_cli_flag(@org.junit.jupiter.api.io.TempDir
                                                                                     java.nio.file.Path tmp) {
        dev.linker.core.result.LinkerException e = org.junit.jupiter.api.Assertions.assertThrows(
                dev.linker.core.result.LinkerException.class,
                () -> dev.linker.core.audit.Baseline.read(tmp.resolve("baseline.json")));
        String shown = e.message(MojoErrors::property);
        assertEquals(true, shown.contains("(create it with -Dlinker.writeBaseline=" + tmp.resolve("baseline.json") + ")"),
                shown);
        assertEquals(false, shown.contains("--"), shown);
        assertEquals("-Dlinker.outputDirectory=DIR", MojoErrors.property("output", "DIR"));
    }
}
