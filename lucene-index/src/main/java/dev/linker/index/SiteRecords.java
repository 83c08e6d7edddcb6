package dev.linker.index;

import dev.linker.core.anchor.AnchorText;
import dev.linker.core.graph.LinkGraph;
import dev.linker.core.model.Link;
import dev.linker.core.model.Page;
import dev.linker.core.model.Site;
import dev.linker.core.score.CategoryPath;
import dev.linker.core.site.SearchConsoleReader.QueryStat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.UnaryOperator;

/**
 * Turns a read site (plus optional Search Console data) into index records: content links give each page its
 * outbound links, each target its inbound count and the anchor names other pages use for it; links of every
 * placement give the links a page already has. A link to a redirect stub of the site counts for the page the stub
 * leads to, as a reader following it lands there.
 *
 * <p>What needs the whole site (inbound counts, names, authority, where each link lands) is computed up front in
 * arrays of a few bytes a page and four a link; each record is made as it is taken. A site read without text
 * ({@code SiteReader.readForText}) is given with a function that gives a batch of its pages back with their text,
 * kept aside on disk as the site was read, so a catalogue's records stream through the index without every page's
 * text held at once.
 */
public final class SiteRecords implements Iterable<PageRecord> {
    /** Redirect hops followed at most (a longer chain stops where it got to). */
    static final int MAX_HOPS = 5;
    /** Pages read again for their text at a time (in parallel). */
    static final int BATCH = 64;

    private final Site site;
    private final Map<String, List<QueryStat>> gsc;
    private final UnaryOperator<List<Page>> withText;
    private final UnaryOperator<PageRecord> then;
    /** Page keys, sorted: a page's index for the arrays below. */
    private final String[] urls;
    private final double[] authority;
    private final int[] inbound;
    /** The anchor names of page i are {@code names[nameStart[i]] .. names[nameStart[i+1]-1]}: source << 32 | link. */
    private final int[] nameStart;
    private final long[] names;
    /** Where each link lands, as a page's index (-1: itself or not a page of the site), links numbered site-wide. */
    private final int[] targets;
    /** The number of page i's first link. */
    private final int[] firstLink;

    private SiteRecords(Site site, Map<String, List<QueryStat>> gsc, UnaryOperator<List<Page>> withText,
                        UnaryOperator<PageRecord> then, String[] urls, double[] authority, int[] inbound,
                        int[] nameStart, long[] names, int[] targets, int[] firstLink) {
        this.site = site;
        this.gsc = gsc;
        this.withText = withText;
        this.then = then;
        this.urls = urls;
        this.authority = authority;
        this.inbound = inbound;
        this.nameStart = nameStart;
        this.names = names;
        this.targets = targets;
        this.firstLink = firstLink;
    }

    /** Every record of a site read with its text. */
    public static List<PageRecord> from(Site site, Map<String, List<QueryStat>> searchConsole) {
        List<PageRecord> out = new ArrayList<>(site.pages().size());
        of(site, searchConsole, null).forEach(out::add);
        return out;
    }

    /**
     * The records of {@code site}, made as they are taken, in the site's page order.
     *
     * @param withText null when the site's pages have their text; else what gives a batch of them back with it
     */
    public static SiteRecords of(Site site, Map<String, List<QueryStat>> searchConsole,
                                 UnaryOperator<List<Page>> withText) {
        Map<String, List<QueryStat>> gsc = searchConsole == null ? Map.of() : searchConsole;
        String[] urls = site.pages().keySet().toArray(new String[0]);
        Arrays.sort(urls);
        int n = urls.length;
        double[] authority = new double[n];
        if (n > 0) {
            LinkGraph graph = LinkGraph.build(site, null);
            for (int i = 0; i < n; i++) {
                authority[i] = graph.linkScore(urls[i]) / 100.0;
            }
        }
        double maxClicks = 0;
        for (List<QueryStat> qs : gsc.values()) {
            maxClicks = Math.max(maxClicks, qs.stream().mapToLong(QueryStat::clicks).sum());
        }
        for (Map.Entry<String, List<QueryStat>> e : gsc.entrySet()) {
            int i = Arrays.binarySearch(urls, e.getKey());
            if (i >= 0 && maxClicks > 0) {
                authority[i] = withClicks(authority[i], e.getValue().stream().mapToLong(QueryStat::clicks).sum(),
                        maxClicks);
            }
        }
        // Pass 1: where each link lands, inbound counts, and which links name their target (counted per target).
        int links = 0;
        for (Page p : site.pages().values()) {
            links += p.links().size();
        }
        int[] targets = new int[links];
        int[] firstLink = new int[n];
        int[] inbound = new int[n];
        int[] nameCount = new int[n + 1];
        BitSet naming = new BitSet();
        int linkNo = 0;
        Set<String> out = new HashSet<>();
        // One hash lookup a link: a binary search of a million keys compares some twenty of them.
        Map<String, Integer> indexOf = new HashMap<>(n * 4 / 3 + 1);
        for (int i = 0; i < n; i++) {
            indexOf.put(urls[i], i);
        }
        for (Page p : site.pages().values()) {
            out.clear();
            firstLink[indexOf.get(p.url())] = linkNo;
            for (Link l : p.links()) {
                int at = linkNo++;
                int t = target(site, indexOf, p, l);
                targets[at] = t;
                if (t < 0 || !l.content()) {
                    continue;
                }
                if (out.add(urls[t])) {
                    inbound[t]++;
                }
                String a = l.anchorText() == null ? "" : l.anchorText().strip();
                if (!a.isEmpty() && !AnchorText.isGeneric(a, p.lang(), Set.of())) {
                    naming.set(at);
                    nameCount[t]++;
                }
            }
        }
        // Pass 2: the names, grouped by target in the site's page order.
        int[] nameStart = new int[n + 1];
        for (int i = 0; i < n; i++) {
            nameStart[i + 1] = nameStart[i] + nameCount[i];
        }
        int[] fill = Arrays.copyOf(nameStart, n);
        long[] names = new long[nameStart[n]];
        linkNo = 0;
        for (Page p : site.pages().values()) {
            int s = -1;
            int count = p.links().size();
            for (int k = 0; k < count; k++) {
                int at = linkNo++;
                if (naming.get(at)) {
                    if (s < 0) {
                        s = indexOf.get(p.url());
                    }
                    names[fill[targets[at]]++] = (long) s << 32 | k;
                }
            }
        }
        return new SiteRecords(site, gsc, withText, UnaryOperator.identity(), urls, authority, inbound, nameStart,
                names, targets, firstLink);
    }

    /** The link score's share of a page's authority when the site has Search Console clicks. */
    public static final double LINK_SHARE = 0.6;

    /**
     * A page's authority with its Search Console clicks: search engines' view of the page blended with the site's
     * own, log-scaled clicks (against the most clicked page's) weighing 40 %.
     */
    public static double withClicks(double linkAuthority, long clicks, double maxClicks) {
        return maxClicks <= 0 ? linkAuthority
                : LINK_SHARE * linkAuthority + (1 - LINK_SHARE) * Math.log1p(clicks) / Math.log1p(maxClicks);
    }

    /** These records, each passed through {@code f} as it is made (hub marks, safety classes). */
    public SiteRecords map(UnaryOperator<PageRecord> f) {
        UnaryOperator<PageRecord> g = then;
        return new SiteRecords(site, gsc, withText, r -> f.apply(g.apply(r)), urls, authority, inbound, nameStart,
                names, targets, firstLink);
    }

    public int size() {
        return urls.length;
    }

    public boolean contains(String url) {
        return site.contains(url);
    }

    /**
     * Records in the site's page order. Pages to read again are read a batch ahead, on another thread, so reading
     * the next batch overlaps with whatever the caller does with this one (embedding it, on a core of its own).
     */
    @Override
    public Iterator<PageRecord> iterator() {
        Iterator<Page> pages = site.pages().values().iterator();
        return new Iterator<>() {
            private Batch batch = new Batch(List.of(), List.of());
            private CompletableFuture<Batch> ahead = read(pages);
            private int at;

            @Override
            public boolean hasNext() {
                return at < batch.given().size() || ahead != null;
            }

            @Override
            public PageRecord next() {
                if (at == batch.given().size()) {
                    if (ahead == null) {
                        throw new NoSuchElementException();
                    }
                    batch = join(ahead);
                    ahead = read(pages);
                    at = 0;
                }
                PageRecord r = record(batch.given().get(at), batch.full().get(at));
                at++;
                return then.apply(r);
            }
        };
    }

    /** Pages as given, and the same pages with their text. */
    private record Batch(List<Page> given, List<Page> full) {
    }

    /** The next batch of pages, with their text read on another thread when needed; null when there is none. */
    private CompletableFuture<Batch> read(Iterator<Page> pages) {
        List<Page> given = new ArrayList<>(BATCH);
        while (given.size() < BATCH && pages.hasNext()) {
            given.add(pages.next());
        }
        if (given.isEmpty()) {
            return null;
        }
        return withText == null ? CompletableFuture.completedFuture(new Batch(given, given))
                : CompletableFuture.supplyAsync(() -> new Batch(given, withText.apply(given)));
    }

    private static Batch join(CompletableFuture<Batch> f) {
        try {
            return f.join();
        } catch (CompletionException e) {
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            if (e.getCause() instanceof Error err) {
                throw err;
            }
            throw e;
        }
    }

    /** The record of page {@code p}, its text (and what only its text tells) from {@code full}. */
    private PageRecord record(Page p, Page full) {
        int i = Arrays.binarySearch(urls, p.url());
        Set<String> out = new LinkedHashSet<>();
        Set<String> all = new LinkedHashSet<>();
        List<Link> links = p.links();
        for (int k = 0; k < links.size(); k++) {
            int t = targets[firstLink[i] + k];
            if (t < 0) {
                continue;
            }
            all.add(urls[t]);
            if (links.get(k).content()) {
                out.add(urls[t]);
            }
        }
        List<String[]> named = new ArrayList<>(nameStart[i + 1] - nameStart[i]);
        for (int k = nameStart[i]; k < nameStart[i + 1]; k++) {
            String source = urls[(int) (names[k] >>> 32)];
            Link l = site.page(source).links().get((int) names[k]);
            named.add(new String[] {source, l.anchorText().strip()});
        }
        List<String[]> queries = new ArrayList<>();
        for (QueryStat q : gsc.getOrDefault(p.url(), List.of())) {
            queries.add(new String[] {q.query(), Long.toString(q.clicks())});
        }
        Status status = full.redirectTo() != null ? Status.REDIRECTED : Status.LIVE;
        return new PageRecord(full.url(), new PageRecord.Text(full.title(), full.h1(), full.text()),
                CategoryPath.of(full), "", new PageRecord.Standing(status, full.redirectTo(), authority[i], inbound[i]),
                full.meta().withLanguage(full.lang()), new PageRecord.Outbound(new ArrayList<>(out),
                        new ArrayList<>(all), List.of()), new PageRecord.KnownAs(named, queries));
    }

    /** The index of the page {@code l} lands on, or -1 when that is {@code p} itself or not a page of the site. */
    private static int target(Site site, Map<String, Integer> indexOf, Page p, Link l) {
        if (l.targetUrl() == null) {
            return -1;
        }
        String t = landing(site, l.targetUrl());
        Integer i = t.equals(p.url()) ? null : indexOf.get(t);
        return i == null ? -1 : i;
    }

    /**
     * Where a link to {@code target} lands: through the site's redirects (meta refresh stubs, {@code _redirects}),
     * up to {@link #MAX_HOPS} hops, as long as each step is a page or another redirect of the site. A loop leaves
     * the link on the page it points at; so does a redirect leaving the site.
     */
    static String landing(Site site, String target) {
        if (site.redirects().isEmpty() || !site.redirects().containsKey(target)) {
            return target;
        }
        String at = target;
        Set<String> seen = new HashSet<>();
        seen.add(at);
        for (int hop = 0; hop < MAX_HOPS; hop++) {
            String next = site.redirects().get(at);
            if (next == null || !site.contains(next) && !site.redirects().containsKey(next)) {
                break;
            }
            if (!seen.add(next)) {
                return target;
            }
            at = next;
        }
        return at;
    }
}
