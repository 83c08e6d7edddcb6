package dev.linker.core.report;

import dev.linker.core.result.Finding;
import dev.linker.core.result.Severity;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/** Synthetic findings for focused tests, on top of the fixture site's graph and figures. */
final class Findings {
    private Findings() {
    }

    static Finding of(Severity s, String check, String message) {
        return new Finding(check, s, message, new Finding.Place("/guides/setup.html", "guides/setup.html", 10, 15),
                "/x.html", "x");
    }

    static List<Finding> many(int n, Severity s, String check, String message) {
        List<Finding> l = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            l.add(new Finding(check, s, message, new Finding.Place("/p" + i + ".html", "p" + i + ".html", i + 1, 3),
                    null, null));
        }
        return l;
    }

    static AuditResult withFindings(List<Finding> findings) {
        AuditResult base = ReportFixture.clean();
        return ReportFixture.result(base.graph().site(), base.graph(), findings, 0);
    }

    static String render(Reporter r, AuditResult result) throws IOException {
        StringBuilder b = new StringBuilder();
        r.write(result, b);
        return b.toString();
    }
}
