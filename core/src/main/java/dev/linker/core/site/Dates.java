package dev.linker.core.site;

import java.time.DateTimeException;
import java.time.LocalDate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Publication dates as pages and exports write them. */
final class Dates {
    /** An ISO date, alone or starting a date-time ("2024-03-05", "2024-03-05T09:00:00+01:00"). */
    private static final Pattern ISO = Pattern.compile("(\\d{4})-(\\d{2})-(\\d{2})(?:$|[T ]\\S*$)");

    private Dates() {
    }

    /**
     * The local date as written ("2024-03-05T23:30:00-08:00" is March 5: the day the author saw), or null when
     * {@code s} is not an ISO date or date-time.
     */
    static LocalDate parse(String s) {
        if (s == null) {
            return null;
        }
        Matcher m = ISO.matcher(s.strip());
        if (!m.matches()) {
            return null;
        }
        try {
            return LocalDate.of(Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)),
                    Integer.parseInt(m.group(3)));
        } catch (DateTimeException e) {
            return null; // "2024-02-30"
        }
    }

    /** schema.org types whose datePublished is the page's: Article and its kinds, postings, web pages. */
    static boolean articleType(String type) {
        return type.endsWith("Article") || type.endsWith("Posting") || type.endsWith("Page") || type.equals("Report");
    }
}
