package dev.linker.index;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;
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

import dev.linker.core.model.PageKind;
import dev.linker.core.model.PageMeta;

import java.net.URI;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * A page as a user gives it in JSON — {@code PUT /api/v1/pages}, an event's page, {@code linker serve --pages},
 * {@code linker event --page} — checked field by field, one validator for every door. A field at fault is an
 * {@link PageLimits.InvalidPageException} naming it by its path in the request ({@code pages[3].title}); a text over
 * the limit is a {@link TooLongException}. Jackson binds the JSON (a wrong JSON type is an error naming its field);
 * unknown fields are ignored; nothing is coerced (a number is no string, 2.5 no integer).
 *
 * <p>Checked, a page is its address, its text and its standing as the index's record groups them
 * ({@link PageRecord.Text}, {@link PageRecord.Standing}), its category, date, language and links as written.
 */
public record PageInput(String url, PageRecord.Text text, String category, PageRecord.Standing standing,
                        LocalDate date, String language, List<LinkInput> links) {
    /** The characters of a suggestion request's text, at most, by default; a page's text may have five times that. */
    public static final int DEFAULT_MAX_TEXT_CHARS = 200_000;
    /** Parts of a category given as an array, at most. */
    static final int MAX_CATEGORY_PARTS = 64;

    /** A text over the limit (the HTTP door answers 413). */
    public static final class TooLongException extends PageLimits.InvalidPageException {
        public TooLongException(String field, String message) {
            super(field, message);
        }
    }

    private static final ObjectMapper JSON = strict();

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

    /**
     * A page as bound from JSON, before its checks: its {@link Words}, its {@link Standing} and the rest as given.
     * Bound by {@link #of}, so the groups' fields are fields of the page's JSON object like the others (and a field
     * named as a group, "words" or "standing", is unknown as any other).
     */
    record Json(String url, Words words, JsonNode category, Standing standing, String date, String language,
                List<LinkInput> links) {

        /** The page's title, H1 and text as given (null: not given). */
        record Words(String title, String h1, String text) {
        }

        /** Its status, where it redirects to, its authority and inbound count as given (null: not given). */
        record Standing(String status, String redirectTo, Double authority, Long inbound) {
        }

        @JsonCreator
        static Json of(@JsonProperty("url") String url, @JsonProperty("title") String title,
                       @JsonProperty("h1") String h1, @JsonProperty("text") String text,
                       @JsonProperty("category") JsonNode category, @JsonProperty("status") String status,
                       @JsonProperty("redirectTo") String redirectTo, @JsonProperty("authority") Double authority,
                       @JsonProperty("inbound") Long inbound, @JsonProperty("date") String date,
                       @JsonProperty("language") String language,
                       @JsonProperty("links") @JsonSetter(contentNulls = Nulls.FAIL) List<LinkInput> links) {
            return new Json(url, new Words(title, h1, text), category, new Standing(status, redirectTo, authority,
                    inbound), date, language, links);
        }
    }

    /** {@code {"pages": [...]}}. */
    record Batch(@JsonSetter(contentNulls = Nulls.FAIL) List<Json> pages) {
    }

    public PageInput {
        links = links == null ? List.of() : List.copyOf(links);
    }

    /** The index's record of this page, its links landing on exactly the keys they name (no names: others give). */
    public PageRecord toRecord() {
        return toRecord(key -> false);
    }

    /**
     * The index's record of this page: its internal content links resolved ({@link WrittenLinks}), an extension-less
     * or slash-less href landing on the key {@code known} holds ("/a" on "/a/"); no names (other pages give them).
     */
    public PageRecord toRecord(java.util.function.Predicate<String> known) {
        List<dev.linker.core.model.Link> written = WrittenLinks.resolve(url, links, known);
        List<String> targets = WrittenLinks.targets(url, written);
        return new PageRecord(url, text, category, "", standing,
                new PageMeta(date, List.of(), PageKind.CONTENT, List.of(), language),
                new PageRecord.Outbound(targets, targets, written), PageRecord.KnownAs.NONE);
    }

    /**
     * The pages of a {@code {"pages": [...]}} body, each checked as {@link #of(JsonNode, String, int)} checks one, a
     * URL at most once.
     */
    public static List<PageInput> batch(JsonNode body, int maxTextChars) {
        if (body == null || !body.path("pages").isArray()) {
            throw new PageLimits.InvalidPageException("pages", "pages must be an array of page objects");
        }
        List<Json> pages = bind(body, Batch.class, "").pages();
        List<PageInput> list = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < pages.size(); i++) {
            PageInput p = of(pages.get(i), "pages[" + i + "]", maxTextChars);
            if (!seen.add(p.url())) {
                throw new PageLimits.InvalidPageException("pages[" + i + "].url", "url " + p.url()
                        + " occurs twice in one batch");
            }
            list.add(p);
        }
        return list;
    }

    /**
     * A page, checked field by field; {@code at} is where it sits in the request ("pages[3]"), so errors name
     * "pages[3].title"; its text may have {@code 5 × maxTextChars} characters.
     */
    public static PageInput of(JsonNode p, String at, int maxTextChars) {
        if (p == null || !p.isObject()) {
            throw new PageLimits.InvalidPageException(at, at + " must be an object");
        }
        return of(bind(p, Json.class, at), at, maxTextChars);
    }

    private static PageInput of(Json json, String at, int maxTextChars) {
        Json.Words w = json.words();
        Json.Standing s = json.standing();
        String url = urlOrPath(PageLimits.required(json.url(), at + ".url"), at + ".url");
        String title = PageLimits.required(w.title(), at + ".title");
        String category = category(json.category(), at + ".category");
        if (category != null && category.length() > PageLimits.MAX_CATEGORY_CHARS) {
            throw new PageLimits.InvalidPageException(at + ".category", at + ".category has " + category.length()
                    + " characters; categories are limited to " + PageLimits.MAX_CATEGORY_CHARS);
        }
        String status = s.status() == null ? "live" : s.status();
        if (!Set.of("live", "merged", "redirected", "killed").contains(status)) {
            throw new PageLimits.InvalidPageException(at + ".status",
                    "status must be one of live, merged, redirected, killed");
        }
        if (s.redirectTo() != null) {
            urlOrPath(s.redirectTo(), at + ".redirectTo");
        }
        double authority = s.authority() == null ? 0 : s.authority();
        if (!(authority >= 0 && authority <= 1)) {
            throw new PageLimits.InvalidPageException(at + ".authority", "authority must be a number from 0 to 1");
        }
        long inbound = s.inbound() == null ? 0 : s.inbound();
        if (inbound < 0 || inbound > Integer.MAX_VALUE) {
            throw new PageLimits.InvalidPageException(at + ".inbound", "inbound must be a non-negative integer");
        }
        String text = w.text() == null ? "" : w.text();
        if (text.length() > maxTextChars * 5L) {
            throw new TooLongException(at + ".text", at + ".text is longer than " + maxTextChars * 5L + " characters");
        }
        return new PageInput(url, new PageRecord.Text(title, w.h1() == null ? "" : w.h1(), text), category,
                new PageRecord.Standing(Status.parse(status), s.redirectTo(), authority, (int) inbound),
                date(json.date(), at + ".date"), language(json.language(), at + ".language"),
                WrittenLinks.check(json.links(), at + ".links"));
    }

    /** A date, optionally followed by {@code T} and a time, optionally followed by an offset ("Z", "+01:00"). */
    private static final java.time.format.DateTimeFormatter CMS_DATE = new java.time.format.DateTimeFormatterBuilder()
            .append(java.time.format.DateTimeFormatter.ISO_LOCAL_DATE)
            .optionalStart().appendLiteral('T').append(java.time.format.DateTimeFormatter.ISO_LOCAL_TIME)
            .optionalStart().appendOffsetId().optionalEnd()
            .optionalEnd()
            .toFormatter(java.util.Locale.ROOT).withResolverStyle(java.time.format.ResolverStyle.STRICT)
            .withChronology(java.time.chrono.IsoChronology.INSTANCE);

    /**
     * A publication date as a CMS gives it — "2026-11-20" or an ISO date-time such as "2026-11-20T09:30:00+01:00" or
     * "2026-11-20 09:30:00" (its local date is kept) — or null when not given.
     */
    static LocalDate date(String value, String field) {
        if (value == null || value.isBlank()) {
            return null;
        }
        String v = value.strip();
        if (v.length() > 10 && v.charAt(10) == ' ') {
            v = v.substring(0, 10) + "T" + v.substring(11);
        }
        try {
            return LocalDate.from(CMS_DATE.parse(v));
        } catch (java.time.DateTimeException e) {
            // falls through to the error naming the field
        }
        throw new PageLimits.InvalidPageException(field, field + " must be a date (2026-11-20) or an ISO date-time "
                + "(2026-11-20T09:30:00+01:00) (got \"" + PageLimits.abbreviate(value) + "\")");
    }

    /** A language tag as BCP 47 writes it ("fr", "pt-BR", "zh-Hant-TW"; "pt_BR" is read as "pt-BR"), "" when none. */
    public static String language(String value, String field) {
        if (value == null || value.isBlank()) {
            return "";
        }
        String v = value.strip().replace('_', '-');
        if (v.length() > 35 || !v.matches("[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})*")) {
            throw new PageLimits.InvalidPageException(field, field + " must be a language tag such as fr or pt-BR (got \""
                    + PageLimits.abbreviate(value) + "\")");
        }
        return v;
    }

    /**
     * {@code body} as a {@code type}, {@code at} where it sits ("page" for an event's page, "" for a whole body): a
     * JSON value of the wrong type is an {@link PageLimits.InvalidPageException} naming its field (null: the body).
     */
    public static <T> T bind(JsonNode body, Class<T> type, String at) {
        try {
            return JSON.treeToValue(body, type);
        } catch (JsonMappingException e) {
            String field = at;
            for (JsonMappingException.Reference r : e.getPath()) {
                field = r.getFieldName() != null ? (field.isEmpty() ? "" : field + ".") + r.getFieldName()
                        : field + "[" + r.getIndex() + "]";
            }
            String name = field.isEmpty() ? "request body" : field;
            throw new PageLimits.InvalidPageException(field.isEmpty() ? null : field, name + " must be "
                    + expected(e));
        } catch (JsonProcessingException e) {
            throw new PageLimits.InvalidPageException(at.isEmpty() ? null : at, "request body cannot be read: "
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
        if (t == LinkInput.class) {
            return "an object {href, anchor}";
        }
        if (t != null && List.class.isAssignableFrom(t)) {
            return e.getPath().stream().anyMatch(r -> "links".equals(r.getFieldName())) ? "an array of links"
                    : "an array of strings"; // exclude; pages is checked to be an array before it is bound
        }
        return "an object";
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
            throw new PageLimits.InvalidPageException(field, field + " must be a string or an array of strings");
        }
        if (c.size() > MAX_CATEGORY_PARTS) {
            throw new PageLimits.InvalidPageException(field, field + " has more than " + MAX_CATEGORY_PARTS
                    + " entries");
        }
        List<String> parts = new ArrayList<>();
        for (int i = 0; i < c.size(); i++) {
            if (!c.get(i).isTextual()) {
                throw new PageLimits.InvalidPageException(field + "[" + i + "]", field + "[" + i
                        + "] must be a string");
            }
            parts.add(c.get(i).asText());
        }
        return "/" + String.join("/", parts) + (parts.isEmpty() ? "" : "/");
    }

    /**
     * A page's key or a redirect's target: an absolute http(s) URL, or a path on the site ("/guides/espresso/", as an
     * index built from a folder of HTML keys its pages); never javascript:, data: or //other.host.
     */
    public static String urlOrPath(String url, String field) {
        PageLimits.checkLength(url, field);
        try {
            URI u = new URI(url);
            boolean path = url.startsWith("/") && !url.startsWith("//") && !url.startsWith("/\\")
                    && u.getScheme() == null && u.getRawAuthority() == null;
            boolean web = url.regionMatches(true, 0, "http", 0, 4) && u.getHost() != null
                    && ("http".equals(u.getScheme()) || "https".equals(u.getScheme()));
            if (path || web) {
                return url;
            }
        } catch (java.net.URISyntaxException e) {
            if (e.getIndex() >= 0 && e.getIndex() < url.length()) {
                throw new PageLimits.InvalidPageException(field, field + " has a character a URL cannot hold: "
                        + character(url, e.getIndex()) + " (got \"" + PageLimits.abbreviate(url) + "\")");
            }
        }
        throw new PageLimits.InvalidPageException(field, field + " must be an absolute http(s) URL or a path on this "
                + "site starting with / (got \"" + PageLimits.abbreviate(url) + "\")");
    }

    /** The character at {@code i} of a URL, named: "'|' (U+007C) at 12; percent-encode it, as %7C". */
    private static String character(String url, int i) {
        int cp = url.codePointAt(i);
        StringBuilder enc = new StringBuilder();
        for (byte b : new String(Character.toChars(cp)).getBytes(java.nio.charset.StandardCharsets.UTF_8)) {
            enc.append(String.format(java.util.Locale.ROOT, "%%%02X", b & 0xff));
        }
        boolean visible = !Character.isWhitespace(cp) && !Character.isISOControl(cp)
                && Character.getType(cp) != Character.FORMAT;
        return (visible ? "'" + new String(Character.toChars(cp)) + "' " : "")
                + String.format(java.util.Locale.ROOT, "(U+%04X) at %d; percent-encode it, as %s", cp, i, enc);
    }
}
