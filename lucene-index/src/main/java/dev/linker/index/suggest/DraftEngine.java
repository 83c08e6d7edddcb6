package dev.linker.index.suggest;

import dev.linker.index.PageIndex;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The one draft engine: what the editor's widget ({@code POST /api/v1/suggestions}) and {@code linker suggest
 * --text-file} both call, so both answer a draft alike. A draft (Markdown, HTML or text, see {@link DraftText}) has its
 * markup, code and existing links masked; it is embedded chunk by chunk with the chunk cache and small-edit reuse
 * ({@link DraftEmbedder}); the {@link Suggester} ranks pages for it — never the draft's own page, a page it already
 * links to or an excluded one — and places each link on the phrase that best says what the page is about, one link
 * per phrase ({@link AnchorChooser}). Ranking comes first: a page in the top {@code limit} is returned even when no
 * phrase qualifies, with no anchor, the sentence where it fits best and the wording to add.
 */
public final class DraftEngine {
    /** Chunk vectors the cache holds by default. */
    public static final int DEFAULT_CACHE_ENTRIES = 50_000;
    /** Changed words a chunk may have and still reuse its vector, by default (0: never reuse). */
    public static final int DEFAULT_REUSE_WORDS = 4;

    private final Suggester suggester;
    private final DraftEmbedder embedder;

    public DraftEngine(Suggester suggester, DraftEmbedder embedder) {
        this.embedder = embedder;
        // Candidate anchor spans go through the draft cache too: the next keystroke asks for the same spans.
        this.suggester = embedder == null ? suggester : suggester.withSpanEmbedder(embedder::embedTexts);
        if (embedder != null) {
            Phrases.preload(); // candidate spans are weighed as noun phrases or not
        }
    }

    /** An engine over an index with its own chunk cache ({@code cacheEntries} vectors) and reuse threshold. */
    public static DraftEngine create(PageIndex index, SuggestSettings settings, int cacheEntries, int reuseWords) {
        return new DraftEngine(new Suggester(index, settings), index.embedder() == null ? null
                : new DraftEmbedder(index.embedder(), cacheEntries, reuseWords));
    }

    /**
     * A draft to suggest links for.
     *
     * @param title   the draft's title ("" when none): part of what it is about, never a place for a link
     * @param url     the draft's own page (relative or absolute), or null; never suggested, and the key under which
     *                its chunk vectors are reused across edits (else the title)
     * @param exclude pages never to suggest (relative or absolute)
     * @param language the draft's language tag: only pages of that language, or of none known, are suggested; ""
     *                 for the language of the indexed page {@code url} names, if any, else any
     */
    public record Request(String title, DraftText text, String url, int limit, List<String> exclude,
                          String language) {
        public Request {
            title = title == null ? "" : title.strip();
            exclude = exclude == null ? List.of() : List.copyOf(exclude);
            language = language == null ? "" : language;
        }

        /** A request in no particular language. */
        public Request(String title, DraftText text, String url, int limit, List<String> exclude) {
            this(title, text, url, limit, exclude, "");
        }
    }

    /**
     * The top {@code request.limit()} pages for the draft, best first, each placed in the draft's text. Page writes
     * to the index wait while it is answered ({@link dev.linker.index.DraftsFirst}).
     */
    public List<Suggestion> suggest(Request request) {
        return suggester.index().draftsFirst().draft(() -> answer(request));
    }

    /**
     * The existing pages that should link to the draft, best first ({@link Suggester#inbound(Draft, String, String,
     * String, Inbound.Options)}): its title is what a link would name, its title and opening what it is about.
     */
    public List<Suggestion> inbound(Request request, Inbound.Options o) {
        DraftText draft = request.text();
        if (request.title().isEmpty() && draft.linkable().isBlank()) {
            return List.of();
        }
        Draft d = new Draft(request.url(), request.title(), draft.linkable(), draft.blocked(), Set.of(),
                Draft.Profile.NONE.withLanguage(request.language()));
        String about = dev.linker.core.embed.EmbedText.clip(request.title() + "\n" + draft.linkable());
        String name = request.title().isEmpty() ? about : request.title();
        return suggester.index().draftsFirst().draft(() -> suggester.inbound(d, request.url(), name, about, o));
    }

    private List<Suggestion> answer(Request request) {
        DraftText draft = request.text();
        List<String> paragraphs = new ArrayList<>(draft.paragraphs());
        if (!request.title().isEmpty()) {
            paragraphs.add(request.title());
        }
        if (paragraphs.isEmpty() || request.limit() < 1) {
            return List.of();
        }
        float[] vector = embedder == null ? null : embedder.embed(draftKey(request), paragraphs);
        List<String> links = new ArrayList<>(draft.links());
        links.addAll(request.exclude());
        Draft d = new Draft(request.url(), request.title(), draft.linkable(), draft.blocked(),
                new java.util.HashSet<>(links), Draft.Profile.NONE.withLanguage(request.language()));
        return suggester.forDraft(d, vector, request.limit());
    }

    /**
     * Which draft a request edits, for reusing its chunk vectors: its URL when given, else its title; null (no reuse)
     * when it has neither. Two drafts with the same title and no URL count as one draft — harmless, as a vector is
     * only reused for a chunk a few words away from the text it was computed from.
     */
    static String draftKey(Request request) {
        if (request.url() != null && !request.url().isBlank()) {
            return "url:" + DraftText.urlKey(request.url());
        }
        if (!request.title().isEmpty()) {
            return "title:" + request.title();
        }
        return null;
    }

    /** The chunk embedder, for its counters (null without an embedder). */
    public DraftEmbedder embedder() {
        return embedder;
    }

    public Suggester suggester() {
        return suggester;
    }
}
