package dev.linker.server.engine;

import dev.linker.core.anchor.Anchor;
import dev.linker.core.anchor.AnchorFinder;
import dev.linker.core.anchor.NameIndex;
import dev.linker.core.anchor.Tokens;
import dev.linker.core.score.ScoreComponents;
import dev.linker.index.PageIndex;
import dev.linker.index.PageRecord;
import dev.linker.index.Status;
import dev.linker.index.suggest.Draft;
import dev.linker.index.suggest.SuggestSettings;
import dev.linker.index.suggest.Suggester;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * {@link LinkerService} over a {@link PageIndex}, ranking with the index module's {@link Suggester}. What the server
 * adds: drafts are embedded from cached vectors of their sentences ({@link DraftEmbedder}); markup, code and existing links
 * are blanked before the suggester reads the draft, so anchors never land inside them; only suggestions whose anchor
 * is a phrase of the draft are returned (the widget turns that phrase into the link); links in the draft, relative
 * or absolute, and excluded URLs are never suggested; and a merged or redirected page hands its names and inbound
 * links to its survivor.
 */
public final class IndexService implements LinkerService {

    /** Words that never carry a link on their own. */
    static final Set<String> STOP = Set.of(("a about after all also an and any are as at be been but by can do for "
            + "from has have how i if in into is it its more my no not of on or our so than that the their them then "
            + "there these they this to up was we were what when which who why will with you your guide tip basic "
            + "introduction overview").split(" "));
    /** Candidates asked of the suggester per requested suggestion (some have no phrase in the draft). */
    static final int OVERFETCH = 4;

    private final PageIndex index;
    private final Suggester suggester;
    private final DraftEmbedder drafts;
    private final Object writeLock = new Object();

    public IndexService(PageIndex index, int draftCacheEntries) {
        this(index, draftCacheEntries, 0);
    }

    /** {@code draftReuseWords}: see {@link DraftEmbedder} (0: every changed chunk is embedded). */
    public IndexService(PageIndex index, int draftCacheEntries, int draftReuseWords) {
        this(index, new Suggester(index, SuggestSettings.DEFAULT), draftCacheEntries, draftReuseWords);
    }

    public IndexService(PageIndex index, Suggester suggester, int draftCacheEntries) {
        this(index, suggester, draftCacheEntries, 0);
    }

    public IndexService(PageIndex index, Suggester suggester, int draftCacheEntries, int draftReuseWords) {
        this.index = index;
        this.suggester = suggester;
        this.drafts = new DraftEmbedder(index.embedder(), draftCacheEntries, draftReuseWords);
    }

    /**
     * Which draft a request edits, for reusing its chunk vectors: its URL when given, else its title; null (no reuse)
     * when it has neither. Two drafts with the same title and no URL count as one draft — harmless, as a vector is
     * only reused for a chunk a few words away from the text it was computed from.
     */
    static String draftKey(SuggestRequest request) {
        if (request.url() != null && !request.url().isBlank()) {
            return "url:" + DraftText.urlKey(request.url());
        }
        if (request.title() != null && !request.title().isBlank()) {
            return "title:" + request.title().strip();
        }
        return null;
    }

    @Override
    public List<Suggestion> suggest(SuggestRequest request) {
        DraftText draft = request.draft();
        Set<String> skip = new HashSet<>();
        Set<String> links = new HashSet<>();
        if (request.url() != null) {
            skip.add(DraftText.urlKey(request.url()));
        }
        for (String u : concat(draft.links(), request.exclude())) {
            skip.add(DraftText.urlKey(u));
            links.add(absolute(u, request.url()));
        }
        List<String> paragraphs = new ArrayList<>(draft.paragraphs());
        if (request.title() != null && !request.title().isBlank()) {
            paragraphs.add(request.title().strip());
        }
        if (paragraphs.isEmpty()) {
            return List.of();
        }
        float[] vector = drafts.embed(draftKey(request), paragraphs);
        Draft d = new Draft(request.url(), request.title(), draft.linkable(), links, null, "");
        List<dev.linker.index.suggest.Suggestion> ranked =
                suggester.forDraft(d, vector, Math.min(100, request.limit() * OVERFETCH));
        List<Suggestion> out = new ArrayList<>();
        List<int[]> taken = new ArrayList<>();
        List<Tokens.Token> tokens = null; // the draft's tokens, once per request (a 2,000-word draft has ~2,500)
        for (dev.linker.index.suggest.Suggestion s : ranked) {
            if (out.size() >= request.limit()) {
                break;
            }
            Anchor a = s.anchor();
            if (a == null || skip.contains(DraftText.urlKey(s.url()))) {
                continue;
            }
            String kind = "name";
            if (!a.inText() || a.start() < 0) {
                // The draft does not name the target; an editor still links a phrase of it, so look for the
                // target's title words (a.phrase() is the cleaned title here) in the draft.
                Set<String> terms = new HashSet<>(Tokens.terms(a.phrase()));
                terms.removeAll(STOP);
                if (tokens == null) {
                    tokens = Tokens.tokenize(draft.linkable());
                }
                int[] span = titleWordRun(draft.linkable(), tokens, terms);
                if (span == null) {
                    continue;
                }
                a = AnchorFinder.fromMention(draft.linkable(),
                        new NameIndex.Mention(s.url(), "", NameIndex.Kind.TITLE, span[0], span[1], 0));
                kind = "title words";
            }
            int from = a.start();
            int to = a.end();
            if (taken.stream().anyMatch(t -> from < t[1] && to > t[0])) {
                continue; // one link per phrase
            }
            taken.add(new int[] {a.start(), a.end()});
            ScoreComponents c = s.components();
            Map<String, Object> reasons = new LinkedHashMap<>();
            reasons.put("anchor", kind);
            reasons.put("vector", round(c.vector()));
            reasons.put("lexical", round(c.lexical()));
            reasons.put("name", round(c.name()));
            reasons.put("authority", round(c.authority()));
            reasons.put("inboundDeficit", round(c.inboundDeficit()));
            reasons.put("linkDensity", round(c.linkDensity()));
            reasons.put("categoryDistance", round(c.categoryDistance()));
            out.add(new Suggestion(s.url(), s.title(), draft.source().substring(a.start(), a.end()),
                    a.sentence().replaceAll("\\s+", " ").strip(), a.start(), a.end(), round(s.score()), reasons));
        }
        return out;
    }

    /**
     * The longest run (at most 4 tokens, within a sentence, separated by spaces only) of draft tokens that are all
     * title words or stop words, starting and ending on a title word: {start, end, distinct title words}; null when
     * no title word occurs.
     */
    static int[] titleWordRun(String text, Set<String> titleTerms) {
        return titleWordRun(text, Tokens.tokenize(text), titleTerms);
    }

    /** As {@link #titleWordRun(String, Set)} over the text's tokens, already computed. */
    static int[] titleWordRun(String text, List<Tokens.Token> toks, Set<String> titleTerms) {
        int[] best = null;
        for (int i = 0; i < toks.size(); i++) {
            if (!titleTerms.contains(toks.get(i).term())) {
                continue;
            }
            Set<String> matched = new HashSet<>(Set.of(toks.get(i).term()));
            int end = i;
            for (int j = i + 1; j < toks.size() && j - i < 4; j++) {
                if (!blanks(text, toks.get(j - 1).end(), toks.get(j).start())) {
                    break;
                }
                String t = toks.get(j).term();
                if (titleTerms.contains(t)) {
                    matched.add(t);
                    end = j;
                } else if (!STOP.contains(t)) {
                    break;
                }
            }
            int[] cand = {toks.get(i).start(), toks.get(end).end(), matched.size()};
            if (best == null || cand[2] > best[2]) {
                best = cand;
            }
        }
        return best;
    }

    /** True when text[from, to) is one or more spaces or tabs (no line break, no punctuation). */
    private static boolean blanks(String text, int from, int to) {
        if (to <= from) {
            return false;
        }
        for (int i = from; i < to; i++) {
            char c = text.charAt(i);
            if (c != ' ' && c != '\t') {
                return false;
            }
        }
        return true;
    }

    private static List<String> concat(List<String> a, List<String> b) {
        List<String> out = new ArrayList<>(a);
        out.addAll(b);
        return out;
    }

    /** A draft's relative link made absolute against the draft's own URL, when it has one. */
    private static String absolute(String link, String base) {
        if (base == null) {
            return link;
        }
        try {
            return java.net.URI.create(base).resolve(link.strip()).toString();
        } catch (IllegalArgumentException e) {
            return link;
        }
    }

    private static double round(double x) {
        return Math.round(x * 1000) / 1000.0;
    }

    @Override
    public Optional<Map<String, Object>> page(String url) {
        PageRecord r = index.get(url);
        if (r == null) {
            return Optional.empty();
        }
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("url", r.url());
        m.put("title", r.title());
        m.put("h1", r.h1());
        m.put("text", r.body());
        m.put("category", r.category());
        m.put("status", r.status().id());
        m.put("redirectTo", r.redirectTo());
        m.put("authority", r.authority());
        m.put("inbound", r.inbound());
        return Optional.of(m);
    }

    @Override
    public UpsertResult upsert(List<PageInput> pages) {
        int embedded = 0;
        synchronized (writeLock) {
            for (PageInput p : pages) {
                if (index.upsert(toRecord(p))) {
                    embedded++;
                }
            }
            index.commit();
        }
        return new UpsertResult(pages.size(), embedded);
    }

    private static PageRecord toRecord(PageInput p) {
        Status status = p.status() == null ? Status.LIVE : Status.parse(p.status());
        return new PageRecord(p.url(), p.title(), p.h1(), p.text(), p.category(), status, p.redirectTo(),
                p.authority(), p.inbound(), "", List.of(), List.of(), List.of());
    }

    @Override
    public boolean delete(String url) {
        synchronized (writeLock) {
            if (index.get(url) == null) {
                return false;
            }
            index.delete(url);
            index.commit();
            return true;
        }
    }

    @Override
    public void apply(PageEvent e) {
        synchronized (writeLock) {
            switch (e.type()) {
                case CREATED, UPDATED -> {
                    if (e.page() != null) {
                        index.upsert(toRecord(e.page()));
                    } else {
                        requireKnown(e.url(), "url");
                        index.setStatus(e.url(), Status.LIVE, null);
                    }
                }
                case MERGED, REDIRECTED -> {
                    requireKnown(e.url(), "url");
                    PageRecord gone = index.get(e.url());
                    index.setStatus(e.url(), e.type() == EventType.MERGED ? Status.MERGED : Status.REDIRECTED,
                            e.survivor());
                    inherit(gone, e.survivor());
                }
                case KILLED -> {
                    requireKnown(e.url(), "url");
                    index.setStatus(e.url(), Status.KILLED, null);
                }
            }
            index.commit();
        }
    }

    /**
     * The survivor takes the place of a merged/redirected page: links and readers that knew the old page by its
     * title now reach the survivor, so the old title and H1 become names of the survivor (anchor names learned from
     * the old URL) and its inbound links count for the survivor. Content is unchanged, so nothing is re-embedded.
     */
    private void inherit(PageRecord gone, String survivorUrl) {
        PageRecord s = index.get(survivorUrl);
        if (s == null) {
            return; // the survivor is not indexed (yet): nothing to hand over
        }
        List<String[]> names = new ArrayList<>(s.names());
        for (String name : List.of(gone.title(), gone.h1())) {
            if (!name.isBlank() && names.stream().noneMatch(n -> n[1].equals(name))) {
                names.add(new String[] {gone.url(), name});
            }
        }
        index.upsert(s.withNames(names, s.inbound() + gone.inbound()));
    }

    private void requireKnown(String url, String field) {
        if (index.get(url) == null) {
            throw new UnknownPageException(field, url);
        }
    }

    @Override
    public Map<String, Object> health() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("status", "ok");
        m.put("pages", index.size());
        m.put("embedder", index.embedderId());
        m.put("dimension", index.dimension());
        return m;
    }

    @Override
    public Map<String, Number> metrics() {
        Map<String, Number> m = new LinkedHashMap<>();
        m.put("linker_pages", index.size());
        m.put("linker_draft_chunks_embedded_total", drafts.embeddedCount());
        m.put("linker_draft_chunk_cache_hits_total", drafts.cacheHits());
        m.put("linker_draft_chunk_cache_entries", drafts.cacheSize());
        m.put("linker_draft_chunks_reused_total", drafts.reusedCount());
        m.put("linker_draft_reuse_drafts", drafts.reuseDrafts());
        m.put("linker_draft_reuse_chunks", drafts.reuseChunks());
        long[] memo = suggester.searchMemoCounts();
        m.put("linker_search_memo_vector_hits_total", memo[0]);
        m.put("linker_search_vector_total", memo[1]);
        m.put("linker_search_memo_bm25_hits_total", memo[2]);
        m.put("linker_search_bm25_total", memo[3]);
        return m;
    }

    /** The draft embedder, for its counters. */
    public DraftEmbedder drafts() {
        return drafts;
    }

    @Override
    public void close() {
        synchronized (writeLock) {
            index.commit();
            index.close();
        }
    }
}
