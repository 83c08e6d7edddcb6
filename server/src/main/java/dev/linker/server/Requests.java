package dev.linker.server;

import com.fasterxml.jackson.annotation.JsonSetter;
import com.fasterxml.jackson.annotation.Nulls;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.cfg.CoercionAction;
import com.fasterxml.jackson.databind.cfg.CoercionInputShape;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.type.LogicalType;
import dev.linker.index.PageEvent;
import dev.linker.index.PageLimits;
import dev.linker.index.suggest.DraftEngine;
import dev.linker.index.suggest.DraftText;
import dev.linker.server.engine.LinkerService.EventInput;
import dev.linker.server.engine.LinkerService.PageInput;

import java.net.URI;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

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

    private static final ObjectMapper JSON = strict();

    private Requests() {
    }

    private static ObjectMapper strict() {
        ObjectMapper m = JsonMapper.builder()
                .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                .disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT)
                .disable(MapperFeature.ALLOW_COERCION_OF_SCALARS)
                .build();
        m.coercionConfigFor(LogicalType.Textual)
                .setCoercion(CoercionInputShape.Integer, CoercionAction.Fail)
                .setCoercion(CoercionInputShape.Float, CoercionAction.Fail)
                .setCoercion(CoercionInputShape.Boolean, CoercionAction.Fail);
        return m;
    }

    /** {@code POST /suggestions}. */
    record Suggest(String text, String title, String url, String format, Integer limit,
                   @JsonSetter(contentNulls = Nulls.FAIL) List<String> exclude) {
    }

    /** A page: {@code PUT /pages}, an event's page, {@code serve --pages}, {@code linker event --page}. */
    record Page(String url, String title, String h1, String text, JsonNode category, String status, String redirectTo,
                Double authority, Long inbound) {
    }

    /** {@code {"pages": [...]}}. */
    record Pages(@JsonSetter(contentNulls = Nulls.FAIL) List<Page> pages) {
    }

    /** {@code POST /events}. */
    record Event(String type, String url, String survivor, Page page) {
    }

    /**
     * {@code body} as a {@code type}, {@code at} where it sits ("page" for an event's page, "" for a whole body).
     *
     * @throws ApiException 400 naming the first field of the wrong JSON type
     */
    static <T> T bind(JsonNode body, Class<T> type, String at) {
        try {
            return JSON.treeToValue(body, type);
        } catch (JsonMappingException e) {
            String field = at;
            for (JsonMappingException.Reference r : e.getPath()) {
                field = r.getFieldName() != null ? (field.isEmpty() ? "" : field + ".") + r.getFieldName()
                        : field + "[" + r.getIndex() + "]";
            }
            String name = field.isEmpty() ? "request body" : field;
            throw ApiException.badField(field.isEmpty() ? null : field, name + " must be " + expected(e));
        } catch (JsonProcessingException e) {
            throw ApiException.badField(at.isEmpty() ? null : at, "request body cannot be read: "
                    + e.getOriginalMessage());
        }
    }

    /** What the JSON type should have been, by the record component (or list element) that refused it. */
    private static String expected(JsonMappingException e) {
        Class<?> t = e instanceof com.fasterxml.jackson.databind.exc.MismatchedInputException m ? m.getTargetType()
                : e.getCause() instanceof com.fasterxml.jackson.core.exc.InputCoercionException c ? c.getTargetType()
                : null;
        if (t == String.class) {
            return "a string";
        }
        if (t == Integer.class || t == Long.class || t == int.class || t == long.class) {
            return "an integer";
        }
        if (t == Double.class || t == double.class) {
            return "a number";
        }
        if (t != null && List.class.isAssignableFrom(t)) {
            return "an array of strings"; // exclude; pages is checked to be an array before it is bound
        }
        return "an object";
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
        return new DraftEngine.Request(title, DraftText.of(text, f), s.url(), limit, exclude);
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
        return new EventInput(t, url, e.survivor(), e.page() == null ? null : page(e.page(), "page", maxTextChars));
    }

    /**
     * The pages of a {@code {"pages": [...]}} body (PUT /pages, {@code serve --pages FILE}), each checked as
     * {@link #page(JsonNode, String, int)} checks one, a URL at most once.
     */
    public static List<PageInput> pages(JsonNode body, int maxTextChars) {
        if (body == null || !body.path("pages").isArray()) {
            throw ApiException.badField("pages", "pages must be an array of page objects");
        }
        List<Page> pages = bind(body, Pages.class, "").pages();
        List<PageInput> list = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < pages.size(); i++) {
            PageInput p = page(pages.get(i), "pages[" + i + "]", maxTextChars);
            if (!seen.add(p.url())) {
                throw ApiException.badField("pages[" + i + "].url", "url " + p.url() + " occurs twice in one batch");
            }
            list.add(p);
        }
        return list;
    }

    /**
     * A page as the API takes it, checked field by field; {@code at} is where it sits in the request ("pages[3]"), so
     * errors name "pages[3].title". {@code linker event --page} reads its JSON file with this too.
     */
    public static PageInput page(JsonNode p, String at, int maxTextChars) {
        if (p == null || !p.isObject()) {
            throw ApiException.badField(at, at + " must be an object");
        }
        return page(bind(p, Page.class, at), at, maxTextChars);
    }

    private static PageInput page(Page p, String at, int maxTextChars) {
        String url = pageKey(required(p.url(), at + ".url"), at + ".url");
        String title = required(p.title(), at + ".title");
        String category = category(p.category(), at + ".category");
        if (category != null && category.length() > PageLimits.MAX_CATEGORY_CHARS) {
            throw ApiException.badField(at + ".category", at + ".category has " + category.length()
                    + " characters; categories are limited to " + PageLimits.MAX_CATEGORY_CHARS);
        }
        String status = p.status() == null ? "live" : p.status();
        if (!Set.of("live", "merged", "redirected", "killed").contains(status)) {
            throw ApiException.badField(at + ".status", "status must be one of live, merged, redirected, killed");
        }
        if (p.redirectTo() != null) {
            redirectTarget(p.redirectTo(), at + ".redirectTo");
        }
        double authority = p.authority() == null ? 0 : p.authority();
        if (!(authority >= 0 && authority <= 1)) {
            throw ApiException.badField(at + ".authority", "authority must be a number from 0 to 1");
        }
        long inbound = p.inbound() == null ? 0 : p.inbound();
        if (inbound < 0 || inbound > Integer.MAX_VALUE) {
            throw ApiException.badField(at + ".inbound", "inbound must be a non-negative integer");
        }
        String text = p.text() == null ? "" : p.text();
        if (text.length() > maxTextChars * 5L) {
            throw new ApiException(413, "too_large", at + ".text is longer than " + maxTextChars * 5L
                    + " characters", at + ".text");
        }
        return new PageInput(url, title, p.h1() == null ? "" : p.h1(), text, category, status, p.redirectTo(),
                authority, (int) inbound);
    }

    /** A category path ("/guides/espresso/") or its parts (["guides", "espresso"]); null when not given. */
    private static String category(JsonNode c, String field) {
        if (c == null || c.isNull()) {
            return null;
        }
        if (c.isTextual()) {
            return c.asText();
        }
        if (!c.isArray()) {
            throw ApiException.badField(field, field + " must be a string or an array of strings");
        }
        if (c.size() > MAX_CATEGORY_PARTS) {
            throw ApiException.badField(field, field + " has more than " + MAX_CATEGORY_PARTS + " entries");
        }
        List<String> parts = new ArrayList<>();
        for (int i = 0; i < c.size(); i++) {
            if (!c.get(i).isTextual()) {
                throw ApiException.badField(field + "[" + i + "]", field + "[" + i + "] must be a string");
            }
            parts.add(c.get(i).asText());
        }
        return "/" + String.join("/", parts) + (parts.isEmpty() ? "" : "/");
    }

    private static String required(String value, String field) {
        if (value == null) {
            throw ApiException.badField(field, field + " is required");
        }
        return value;
    }

    /** The one URL length limit of the index, for every route that takes a URL (so what is written can be read). */
    static String checkLength(String url, String field) {
        String problem = PageLimits.urlProblem(field, url);
        if (problem != null) {
            throw ApiException.badField(field, problem);
        }
        return url;
    }

    /**
     * A page's key: an absolute http(s) URL, or a path on the site ("/guides/espresso/") as an index built from a
     * folder of HTML keys its pages.
     */
    private static String pageKey(String url, String field) {
        redirectTarget(url, field);
        return url;
    }

    /** An absolute http(s) URL or a path on the same site ("/new-home"); never javascript:, data: or //other.host. */
    private static void redirectTarget(String url, String field) {
        checkLength(url, field);
        try {
            URI u = new URI(url);
            boolean path = url.startsWith("/") && !url.startsWith("//") && !url.startsWith("/\\")
                    && u.getScheme() == null && u.getRawAuthority() == null;
            boolean web = url.regionMatches(true, 0, "http", 0, 4) && u.getHost() != null
                    && ("http".equals(u.getScheme()) || "https".equals(u.getScheme()));
            if (path || web) {
                return;
            }
        } catch (java.net.URISyntaxException e) {
            // falls through to the error naming the field
        }
        throw ApiException.badField(field, field + " must be an absolute http(s) URL or a path on this site starting"
                + " with / (got \"" + PageLimits.abbreviate(url) + "\")");
    }
}
