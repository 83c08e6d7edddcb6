package dev.linker.server;

import com.fasterxml.jackson.annotation.JsonSetter;
import com.fasterxml.jackson.annotation.Nulls;
import com.fasterxml.jackson.databind.JsonNode;
import dev.linker.index.PageEvent;
import dev.linker.index.PageInput;
import dev.linker.index.PageLimits;
import dev.linker.index.suggest.DraftEngine;
import dev.linker.index.suggest.DraftText;
import dev.linker.index.suggest.Inbound;
import dev.linker.server.engine.LinkerService.EventInput;
import dev.linker.server.engine.LinkerService.InboundRequest;

import java.util.List;
import java.util.Locale;

/**
 * The API's request bodies: Jackson binds each into a record (a wrong JSON type is an error naming its field, as
 * {@code pages[3].title}), then each value is checked against the API's rules (ranges, URLs, lengths). Unknown fields
 * are ignored; nothing is coerced (a number is no string, 2.5 no integer).
 */
public final class Requests {
    /** Suggestions per request, at most. */
    public static final int MAX_LIMIT = 20;
    /** URLs in a suggestion request's {@code exclude}, at most. */
    public static final int MAX_EXCLUDE = 1000;
    /** A title's length, at most. */
    static final int MAX_TITLE_CHARS = 2000;
    /** Parts of a category given as an array, at most. */
    static final int MAX_CATEGORY_PARTS = 64;

    private Requests() {
    }

    /** {@code POST /suggestions}. */
    record Suggest(String text, String title, String url, String format, Integer limit,
                   @JsonSetter(contentNulls = Nulls.FAIL) List<String> exclude, String language) {
    }

    /** {@code POST /suggestions/inbound}: an indexed page by {@code url}, or a draft by {@code text}. */
    record InboundBody(String url, String text, String title, String format, Integer limit, Double minSimilarity,
                       String language) {
    }

    /** {@code POST /events}. */
    record Event(String type, String url, String survivor, JsonNode page) {
    }

    /** A suggestion request, checked. */
    static DraftEngine.Request suggest(JsonNode body, int maxTextChars) {
        Suggest s = bind(body, Suggest.class, "");
        String text = required(s.text(), "text");
        if (text.length() > maxTextChars) {
            throw new ApiException(413, "too_large", "text has " + text.length() + " characters; the limit is "
                    + maxTextChars, "text");
        }
        String title = s.title() == null ? "" : s.title();
        if (title.length() > MAX_TITLE_CHARS) {
            throw ApiException.badField("title", "title is longer than " + MAX_TITLE_CHARS + " characters");
        }
        if (s.url() != null) {
            checkLength(s.url(), "url");
        }
        String format = s.format() == null ? "markdown" : s.format();
        DraftText.Format f = DraftText.parseFormat(format);
        if (f == null) {
            throw ApiException.badField("format", "format must be one of markdown, html, text (got \"" + format + "\")");
        }
        int limit = s.limit() == null ? 5 : s.limit();
        if (limit < 1 || limit > MAX_LIMIT) {
            throw ApiException.badField("limit", "limit must be an integer from 1 to " + MAX_LIMIT);
        }
        List<String> exclude = s.exclude() == null ? List.of() : s.exclude();
        if (exclude.size() > MAX_EXCLUDE) {
            throw ApiException.badField("exclude", "exclude has more than " + MAX_EXCLUDE + " entries");
        }
        for (int i = 0; i < exclude.size(); i++) {
            checkLength(exclude.get(i), "exclude[" + i + "]");
        }
        return new DraftEngine.Request(title, DraftText.of(text, f), s.url(), limit, exclude,
                PageInput.language(s.language(), "language"));
    }

    /**
     * An inbound request, checked: with {@code text}, a draft as {@link #suggest} reads one ({@code url} is then its
     * own address, optional); without, {@code url} names an indexed page.
     */
    static InboundRequest inbound(JsonNode body, int maxTextChars) {
        InboundBody b = bind(body, InboundBody.class, "");
        int limit = b.limit() == null ? 5 : b.limit();
        if (limit < 1 || limit > MAX_LIMIT) {
            throw ApiException.badField("limit", "limit must be an integer from 1 to " + MAX_LIMIT);
        }
        double min = b.minSimilarity() == null ? Inbound.MIN_SIMILARITY : b.minSimilarity();
        if (!(min >= -1 && min <= 1)) {
            throw ApiException.badField("minSimilarity", "minSimilarity must be a number from -1 to 1");
        }
        Inbound.Options o = Inbound.Options.of(limit, min);
        if (b.text() == null) {
            return new InboundRequest(checkLength(required(b.url(), "url"), "url"), null, o);
        }
        DraftEngine.Request d = suggest(body, maxTextChars);
        return new InboundRequest(d.url(), d, o);
    }

    /** An event, checked; whether it holds together (a survivor for merged only …) is the index's rule. */
    static EventInput event(JsonNode body, int maxTextChars) {
        Event e = bind(body, Event.class, "");
        String type = required(e.type(), "type");
        PageEvent.Type t;
        try {
            t = PageEvent.Type.valueOf(type.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException x) {
            throw ApiException.badField("type", "type must be one of " + PageEvent.Type.KNOWN + " (got \"" + type
                    + "\")");
        }
        String url = pageKey(required(e.url(), "url"), "url");
        if (e.survivor() != null) {
            pageKey(e.survivor(), "survivor");
        }
        return new EventInput(t, url, e.survivor(), e.page() == null ? null : PageInput.of(e.page(), "page", maxTextChars));
    }

    private static <T> T bind(JsonNode body, Class<T> type, String at) {
        return PageInput.bind(body, type, at);
    }

    private static String required(String value, String field) {
        return PageLimits.required(value, field);
    }

    /** The one URL length limit of the index, for every route that takes a URL (so what is written can be read). */
    static String checkLength(String url, String field) {
        return PageLimits.checkLength(url, field);
    }

    private static String pageKey(String url, String field) {
        return PageInput.urlOrPath(url, field);
    }
}
