package dev.linker.core.report;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.util.List;

/** Every format renders the fixture audit exactly as its golden file (core/src/test/resources/report/). */
class ReportGoldenTest {

    static List<String> formats() {
        return Reporters.formats();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("formats")
    void each_format_renders_the_fixture_audit_exactly_as_its_golden_file(String format) throws IOException {
        Reporter r = Reporters.forFormat(format, ReportFixture.OPTIONS);
        StringBuilder out = new StringBuilder();
        r.write(ReportFixture.basic(), out);
        Golden.assertMatches("expected." + r.extension(), out.toString());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("formats")
    void each_format_renders_a_clean_audit_exactly_as_its_golden_file(String format) throws IOException {
        Reporter r = Reporters.forFormat(format, ReportFixture.OPTIONS);
        AuditResult clean = ReportFixture.clean();
        StringBuilder out = new StringBuilder();
        r.write(clean, out);
        Golden.assertMatches("clean." + r.extension(), out.toString());
    }
}
