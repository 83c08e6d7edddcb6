package dev.linker.index.suggest;

import dev.linker.core.anchor.NameIndex;
import dev.linker.core.anchor.NameKind;
import dev.linker.core.anchor.TitleNames;
import dev.linker.core.anchor.TitleTemplate;
import dev.linker.core.anchor.Tokens;
import dev.linker.core.model.PageKind;
import dev.linker.index.Fields;
import dev.linker.index.PageIndex;
import dev.linker.index.PageView;
import dev.linker.index.Status;
import org.apache.lucene.document.Document;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.LeafReader;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.StoredFields;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.util.Bits;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads a {@link SiteSnapshot} from the index: each page's stored fields once, its info and its names (in the page's
 * language), segment by segment, reusing what the last load read of segments that have not changed.
 */
final class SnapshotLoader {
    private SnapshotLoader() {
    }

    private static final Set<String> INFO_FIELDS = Set.of(Fields.URL, Fields.TITLE, Fields.H1, Fields.CATEGORY,
            Fields.STATUS, Fields.AUTHORITY, Fields.INBOUND, Fields.SAFETY, Fields.WORDS, Fields.LINKS,
            Fields.ANCHOR_NAMES, Fields.QUERIES, Fields.ALL_LINKS, Fields.KIND, Fields.PUBLISHED,
            Fields.LANGUAGE);

    /**
     * What {@link #load} read of each index segment, for the next load to reuse: a segment never changes once written
     * (only which of its pages are live), so the next version of the index reads the stored fields of its new segments
     * only, and derives the names of their pages only ({@link NameIndex.Page}; again for every page when the site's
     * title template changes). At 100k pages a load after a 50-page write takes about 0.3 s of CPU here, against 3.4 s
     * for the first. Kept by the snapshots that serve drafts while the index is being written. It holds each page's
     * values as read beside its info and its names (the strings are shared, the arrays of links are not), for one
     * index version's segments at a time.
     */
    static final class Segments {
        private Map<Object, Segment> byCore = new HashMap<>();
    }

    /**
     * One segment's pages as read, by their number in it (null: deleted when read), and their infos and names once
     * built.
     */
    private static final class Segment {
        final Row[] rows;
        /** Built under {@link #template}; rebuilt when the site's template changes. */
        PageInfo[] infos;
        NameIndex.Page[] names;
        TitleTemplate template;

        Segment(Row[] rows) {
            this.rows = rows;
        }

        static Segment read(LeafReader r, Map<String, String> addresses) throws IOException {
            StoredFields sf = r.storedFields();
            Bits live = r.getLiveDocs();
            Row[] rows = new Row[r.maxDoc()];
            for (int i = 0; i < rows.length; i++) {
                if (live == null || live.get(i)) {
                    rows[i] = Row.of(sf.document(i, INFO_FIELDS), addresses);
                }
            }
            return new Segment(rows);
        }
    }

    /**
     * Reads every live page's stored fields once: the snapshot of the index as {@code view} sees it, reading only the
     * segments {@code kept} does not have (null: every segment, none kept), and keeping this version's in it.
     */
    static SiteSnapshot load(PageView view, Segments kept) {
        IndexSearcher s = view.searcher();
        IndexReader reader = s.getIndexReader();
        int max = reader.maxDoc();
        PageInfo[] infos = new PageInfo[max];
        Map<String, Integer> docs = HashMap.newHashMap(max); // sized once: a reload puts every page
        List<String> titles = new ArrayList<>(max);
        List<LeafReaderContext> leaves = reader.leaves();
        Segment[] segments = new Segment[leaves.size()];
        Map<Object, Segment> next = new HashMap<>();
        // One String for each address however many pages link to it (a site's links name its own pages again and
        // again); the Documents are dropped as they are read, so only what the infos keep is held.
        Map<String, String> addresses = new HashMap<>();
        try {
            for (int l = 0; l < segments.length; l++) {
                LeafReader r = leaves.get(l).reader();
                IndexReader.CacheHelper core = r.getCoreCacheHelper();
                Object key = kept == null || core == null ? null : core.getKey();
                Segment seg = key == null ? null : kept.byCore.get(key);
                segments[l] = seg != null ? seg : Segment.read(r, addresses);
                if (key != null) {
                    next.put(key, segments[l]);
                }
                Bits live = r.getLiveDocs();
                for (int i = 0; i < r.maxDoc(); i++) {
                    Row row = segments[l].rows[i];
                    if (row != null && (live == null || live.get(i))) {
                        titles.add(row.title());
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        addresses = null;
        if (kept != null) {
            kept.byCore = next; // the segments merged away are let go
        }
        TitleTemplate template = TitleTemplate.detect(titles);
        titles = null;
        NameIndex names = new NameIndex();
        // docFreq counts deleted copies until segments merge, so maxDoc is the consistent denominator.
        int n = reader.maxDoc();
        names.withStatistics(term -> {
            try {
                return reader.docFreq(new Term(Fields.ALL, term));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }, n);
        boolean clicks = false;
        for (int l = 0; l < segments.length; l++) {
            Segment seg = segments[l];
            if (kept != null && !template.equals(seg.template)) {
                seg.infos = new PageInfo[seg.rows.length];
                seg.names = new NameIndex.Page[seg.rows.length];
                seg.template = template;
            }
            LeafReader r = leaves.get(l).reader();
            Bits live = r.getLiveDocs();
            for (int i = 0; i < seg.rows.length; i++) {
                Row d = seg.rows[i];
                if (d == null || (live != null && !live.get(i))) {
                    continue;
                }
                int doc = leaves.get(l).docBase + i;
                PageInfo info = kept == null ? null : seg.infos[i];
                if (info == null) {
                    info = d.info(template);
                    if (kept != null) {
                        seg.infos[i] = info;
                    } else {
                        seg.rows[i] = null; // its info holds what is kept
                    }
                }
                infos[doc] = info;
                docs.put(info.url(), doc);
                if (info.status() != Status.LIVE) {
                    continue;
                }
                NameIndex.Page named = kept == null ? null : seg.names[i];
                if (named == null) {
                    named = d.names(info.url(), template);
                    if (kept != null) {
                        seg.names[i] = named;
                    }
                }
                names.add(named);
                for (String v : d.named().queries()) {
                    int sep = v.indexOf(Fields.SEP);
                    clicks |= sep >= 0 && !v.substring(sep + 1).equals("0");
                }
            }
        }
        return new SiteSnapshot(view, infos, docs, names, template, clicks);
    }

    private static Number num(Document d, String field) {
        return d.getField(field) == null ? 0 : d.getField(field).numericValue();
    }

    /** What {@link #load} reads of one page, without the Lucene fields around the values. */
    private record Row(String url, String title, String h1, Standing standing, Facts facts, String[] links,
                       String[] allLinks, Named named) {
        /** As stored: its status and kind, its authority and how many content links it gets. */
        record Standing(String status, String kind, double authority, int inbound) {
        }

        /** As stored: its category, safety class, length in words, publication date and language. */
        record Facts(String category, String safety, int words, String published, String language) {
        }

        /** The anchor texts of links to it and the search queries it is found by, as stored. */
        record Named(String[] anchorNames, String[] queries) {
        }

        /** The page's values; its address and those it links to as {@code addresses} already holds them. */
        static Row of(Document d, Map<String, String> addresses) {
            String[] links = d.getValues(Fields.LINKS);
            String[] all = d.getValues(Fields.ALL_LINKS);
            for (String[] a : List.of(links, all)) {
                for (int j = 0; j < a.length; j++) {
                    a[j] = addresses.computeIfAbsent(a[j], v -> v);
                }
            }
            return new Row(addresses.computeIfAbsent(d.get(Fields.URL), v -> v), d.get(Fields.TITLE),
                    d.get(Fields.H1), new Standing(d.get(Fields.STATUS), d.get(Fields.KIND),
                    num(d, Fields.AUTHORITY).doubleValue(), num(d, Fields.INBOUND).intValue()),
                    new Facts(d.get(Fields.CATEGORY), d.get(Fields.SAFETY), num(d, Fields.WORDS).intValue(),
                            d.get(Fields.PUBLISHED), d.get(Fields.LANGUAGE)),
                    links, all, new Named(d.getValues(Fields.ANCHOR_NAMES), d.getValues(Fields.QUERIES)));
        }

        /** The names the page goes by (its address {@code url}): title and H1, slug, anchors, queries. */
        NameIndex.Page names(String url, TitleTemplate template) {
            try (Tokens.Reading ignored = Tokens.readingAs(facts.language())) {
                return namesRead(url, template);
            }
        }

        private NameIndex.Page namesRead(String url, TitleTemplate template) {
            NameIndex.Page p = new NameIndex.Page(url).title(title, h1, template::strip).slug(url);
            for (String v : named.anchorNames()) {
                int sep = v.indexOf(Fields.SEP);
                if (sep > 0) {
                    p.name(v.substring(sep + 1), NameKind.ANCHOR, v.substring(0, sep));
                }
            }
            for (String v : named.queries()) {
                int sep = v.indexOf(Fields.SEP);
                p.name(sep < 0 ? v : v.substring(0, sep), NameKind.QUERY, null);
            }
            return p;
        }

        /** What the suggester keeps of the page, its title stripped of the site's {@code template}. */
        PageInfo info(TitleTemplate template) {
            String clean;
            try (Tokens.Reading ignored = Tokens.readingAs(facts.language())) {
                clean = TitleNames.clean(title == null || title.isBlank() ? h1 : title, template::strip);
            }
            Set<String> content = new HashSet<>(Arrays.asList(links));
            // An index written before every placement's links were stored has the content links only.
            Set<String> all = standing.kind() == null ? content : new HashSet<>(Arrays.asList(allLinks));
            String published = facts.published();
            return new PageInfo(url, title, clean.isBlank() ? url : clean,
                    new PageInfo.Standing(Status.parse(standing.status()), PageKind.parse(standing.kind()).isHub(),
                            standing.authority(), standing.inbound()),
                    new PageInfo.Outbound(content, all), new PageFacts(facts.category(), facts.safety(),
                    facts.words(), published == null ? Fields.UNDATED : PageIndex.day(LocalDate.parse(published)),
                    facts.language() == null ? "" : facts.language()));
        }
    }
}
