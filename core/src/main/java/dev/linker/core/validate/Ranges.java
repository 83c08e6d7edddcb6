package dev.linker.core.validate;

import dev.linker.core.result.LinkerException;

import java.math.BigDecimal;
import java.util.Map;

/**
 * The allowed range of every numeric setting of an audit, in one place: a value outside it is a usage error naming
 * the key and the range ({@code checks.deep-page.maxDepth: 999999999999 is out of range 1..1000}), never a limit
 * that wraps to a negative number or means nothing.
 */
public final class Ranges {
    private Ranges() {
    }

    /**
     * @param whole whether only whole numbers are allowed
     */
    public record Range(double min, double max, boolean whole) {
        /** "1..1000". */
        public String text() {
            return plain(min) + ".." + plain(max);
        }
    }

    /** Numeric check options by "check-id.option"; every numeric option of a check has one (a test makes sure). */
    public static final Map<String, Range> CHECK_OPTIONS = Map.of(
            "deep-page.maxDepth", whole(1, 1000),
            "too-many-links.max", whole(1, 1_000_000),
            "stale-anchor.minWords", whole(1, 100));

    /** {@code maxPageSizeMb}: a page is read into memory whole, and Java arrays stop below 2 GiB. */
    public static final Range MAX_PAGE_SIZE_MB = new Range(0.01, 2047, false);

    /** GitHub annotations written at most ({@code --max-annotations}); GitHub itself shows 50 per job. */
    public static final Range MAX_ANNOTATIONS = whole(1, 1000);

    private static Range whole(long min, long max) {
        return new Range(min, max, true);
    }

    /**
     * The value of {@code key} when it is a number within {@code range}.
     *
     * @throws LinkerException naming the key, the value and the range otherwise
     */
    public static double check(String key, Object value, Range range) {
        if (!(value instanceof Number n)) {
            throw new LinkerException(key + ": must be " + (range.whole() ? "a whole number" : "a number") + " in "
                    + range.text() + ", not " + (value instanceof String ? "'" + value + "'" : value));
        }
        double d = n.doubleValue();
        if (range.whole() && d != Math.rint(d)) {
            throw new LinkerException(key + ": " + plain(d) + " is not a whole number (range " + range.text() + ")");
        }
        if (!(d >= range.min() && d <= range.max())) { // NaN fails too
            throw new LinkerException(key + ": " + plain(d) + " is out of range " + range.text());
        }
        return d;
    }

    /** 4, 0.5, 999999999999 and 1e30 as a person writes them (no "1.0E30"). */
    static String plain(double d) {
        if (Double.isNaN(d) || Double.isInfinite(d)) {
            return String.valueOf(d);
        }
        return BigDecimal.valueOf(d).stripTrailingZeros().toPlainString();
    }
}
