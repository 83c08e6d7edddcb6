package dev.linker.index;

import dev.linker.core.result.LinkerException;

/**
 * What the index can hold, checked before anything is written: a URL or category is one Lucene term, and a term
 * over 32,766 bytes fails the write half way through a batch ("immense term"). The limits are far below that and
 * are the same for every door (API routes, CLI), so a page that can be written can also be read and deleted.
 */
public final class PageLimits {
    /**
     * Longest URL the index keys a page on: 2,048 characters, the sitemap protocol's limit. Percent-encoded as a
     * query parameter it takes at most 6,144 bytes, which fits an HTTP request line.
     */
    public static final int MAX_URL_CHARS = 2048;
    /** Longest category path (also one term, and each of its ancestors one more). */
    public static final int MAX_CATEGORY_CHARS = 2048;

    private PageLimits() {
    }

    /** A page the index refuses to hold; {@link #field()} names the offending field of the page ("url"). */
    public static class InvalidPageException extends LinkerException {
        private final String field;

        public InvalidPageException(String field, String message) {
            super(message);
            this.field = field;
        }

        public String field() {
            return field;
        }
    }

    /** Why {@code url} cannot key a page, or null when it can; {@code name} is how the message names it. */
    public static String urlProblem(String name, String url) {
        if (url == null || url.isEmpty()) {
            return name + " is empty";
        }
        if (url.length() > MAX_URL_CHARS) {
            return name + " has " + url.length() + " characters; URLs are limited to " + MAX_URL_CHARS;
        }
        return null;
    }

    /** {@code value}, or an error naming {@code field} as required. */
    public static String required(String value, String field) {
        if (value == null) {
            throw new InvalidPageException(field, field + " is required");
        }
        return value;
    }

    /** The one URL length limit of the index, for every field that takes a URL (so what is written can be read). */
    public static String checkLength(String url, String field) {
        String problem = urlProblem(field, url);
        if (problem != null) {
            throw new InvalidPageException(field, problem);
        }
        return url;
    }

    /** Refuses a page whose keys the index cannot hold, naming the field and the page. */
    public static void check(PageRecord r) {
        String problem = urlProblem("url", r.url());
        if (problem != null) {
            throw new InvalidPageException("url", problem + " (" + abbreviate(r.url()) + ")");
        }
        if (r.category() != null && r.category().length() > MAX_CATEGORY_CHARS) {
            throw new InvalidPageException("category", "category of " + r.url() + " has " + r.category().length()
                    + " characters; categories are limited to " + MAX_CATEGORY_CHARS);
        }
        if (r.redirectTo() != null && r.redirectTo().length() > MAX_URL_CHARS) {
            throw new InvalidPageException("redirectTo", "redirectTo of " + r.url() + " has "
                    + r.redirectTo().length() + " characters; URLs are limited to " + MAX_URL_CHARS);
        }
    }

    /**
     * A value as a message shows it: its start when it is long, and a control or bidirectional-formatting character
     * (U+202E turns the rest of a line around) written as {@code \u202E}, so what a message says is what it reads.
     */
    public static String abbreviate(String s) {
        if (s == null) {
            return null;
        }
        String shown = s.length() <= 80 ? s : s.substring(0, 77) + "…";
        StringBuilder out = null;
        for (int i = 0; i < shown.length(); i++) {
            char c = shown.charAt(i);
            int type = Character.getType(c);
            boolean hidden = type == Character.CONTROL || type == Character.FORMAT || type == Character.LINE_SEPARATOR
                    || type == Character.PARAGRAPH_SEPARATOR;
            if (hidden && out == null) {
                out = new StringBuilder(shown.length() + 8).append(shown, 0, i);
            }
            if (out != null) {
                out.append(hidden ? String.format(java.util.Locale.ROOT, "\\u%04X", (int) c) : String.valueOf(c));
            }
        }
        return out == null ? shown : out.toString();
    }
}
