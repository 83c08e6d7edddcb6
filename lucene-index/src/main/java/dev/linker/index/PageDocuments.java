package dev.linker.index;

import dev.linker.core.anchor.Tokens;
import dev.linker.core.embed.EmbedText;
import dev.linker.core.model.Link;
import dev.linker.core.model.PageKind;
import dev.linker.core.model.Placement;
import dev.linker.core.model.PageMeta;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.IntPoint;
import org.apache.lucene.document.KnnFloatVectorField;
import org.apache.lucene.document.StoredField;
import org.apache.lucene.document.StringField;
import org.apache.lucene.document.TextField;
import org.apache.lucene.index.VectorSimilarityFunction;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.LocalDate;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;

/**
 * A {@link PageRecord} as a Lucene document and back, and the hashes a page's stored copy is kept under (its text's,
 * which decides whether its vector still holds, and the rest's).
 */
final class PageDocuments {
    private PageDocuments() {
    }

    static PageRecord fromDocument(Document d) {
        List<String[]> names = new java.util.ArrayList<>();
        for (String v : d.getValues(Fields.ANCHOR_NAMES)) {
            names.add(split2(v));
        }
        List<String[]> queries = new java.util.ArrayList<>();
        for (String v : d.getValues(Fields.QUERIES)) {
            queries.add(split2(v));
        }
        Number inbound = d.getField(Fields.INBOUND) == null ? 0 : d.getField(Fields.INBOUND).numericValue();
        Number authority = d.getField(Fields.AUTHORITY) == null ? 0 : d.getField(Fields.AUTHORITY).numericValue();
        String status = d.get(Fields.STATUS);
        String published = d.get(Fields.PUBLISHED);
        org.apache.lucene.util.BytesRef regions = d.getBinaryValue(Fields.REGIONS);
        PageMeta meta = new PageMeta(published == null ? null : LocalDate.parse(published),
                List.of(d.getValues(Fields.TAGS)), PageKind.parse(d.get(Fields.KIND)),
                regions == null ? List.of() : TextRegions.decode(
                        Arrays.copyOfRange(regions.bytes, regions.offset, regions.offset + regions.length)),
                d.get(Fields.LANGUAGE));
        List<String> links = List.of(d.getValues(Fields.LINKS));
        // An index written before links of every placement were stored knows only the content links.
        List<String> all = d.getField(Fields.KIND) == null ? links : List.of(d.getValues(Fields.ALL_LINKS));
        String url = d.get(Fields.URL);
        return new PageRecord(url, new PageRecord.Text(d.get(Fields.TITLE), d.get(Fields.H1), d.get(Fields.BODY)),
                d.get(Fields.CATEGORY), d.get(Fields.SAFETY), new PageRecord.Standing(status == null ? Status.LIVE
                        : Status.parse(status), d.get(Fields.REDIRECT), authority.doubleValue(), inbound.intValue()),
                meta, new PageRecord.Outbound(links, all, written(url, d.getValues(Fields.WRITTEN_LINKS))),
                new PageRecord.KnownAs(names, queries));
    }

    /** A page's links as written, from their stored form ({@link Fields#WRITTEN_LINKS}). */
    static List<Link> written(String source, String[] stored) {
        List<Link> out = new java.util.ArrayList<>(stored.length);
        for (String v : stored) {
            String[] f = v.split(String.valueOf(Fields.SEP), 4);
            if (f.length == 4) {
                out.add(new Link(source, f[0], f[1], f[2].isEmpty() ? null : f[2], f[3], "", Placement.CONTENT,
                        Link.Position.UNKNOWN));
            }
        }
        return out;
    }

    /** The stored form of a link as written. */
    static String written(Link l) {
        return l.href() + Fields.SEP + l.targetUrl() + Fields.SEP + (l.fragment() == null ? "" : l.fragment())
                + Fields.SEP + (l.anchorText() == null ? "" : l.anchorText());
    }

    static String[] split2(String v) {
        int i = v.indexOf(Fields.SEP);
        return i < 0 ? new String[] {v, ""} : new String[] {v.substring(0, i), v.substring(i + 1)};
    }

    /** The text's part of a stored hash ({@link #storedHash}): equal, the page's vector still holds. */
    static String textHash(String stored) {
        int i = stored.indexOf(':');
        return i < 0 ? stored : stored.substring(0, i);
    }

    /** Hash of everything else a record holds (graph figures, links, names, status). */
    static String recordHash(PageRecord r) {
        StringBuilder sb = new StringBuilder();
        sb.append(r.category()).append('\0').append(r.status()).append('\0').append(r.redirectTo()).append('\0')
                .append(r.authority()).append('\0').append(r.inbound()).append('\0').append(r.safety()).append('\0');
        r.links().forEach(l -> sb.append(l).append('\1'));
        sb.append('\0');
        r.names().forEach(n -> sb.append(n[0]).append('\2').append(n[1]).append('\1'));
        sb.append('\0');
        r.queries().forEach(q -> sb.append(q[0]).append('\2').append(q[1]).append('\1'));
        sb.append('\0');
        r.allLinks().forEach(l -> sb.append(l).append('\1'));
        if (!r.written().isEmpty()) { // so a page with none keeps the hash it had before they were kept
            sb.append('\0');
            r.written().forEach(l -> sb.append(written(l)).append('\1'));
        }
        PageMeta m = r.meta();
        sb.append('\0').append(m.published()).append('\0').append(m.kind().id()).append('\0');
        m.tags().forEach(t -> sb.append(t).append('\1'));
        sb.append('\0').append(HexFormat.of().formatHex(TextRegions.encode(m.regions())));
        if (!m.language().isEmpty()) { // so a page of unknown language keeps the hash it had before languages were kept
            sb.append('\0').append(m.language());
            if (Tokens.analysed(m.language())) { // read by its own analysis since issue 44: written again once
                sb.append("\0stemmed");
            }
        }
        try {
            MessageDigest md = MessageDigest.getInstance("SHA-256");
            return HexFormat.of().formatHex(md.digest(sb.toString().getBytes(StandardCharsets.UTF_8)), 0, 16);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    static String hash(PageRecord r) {
        return EmbedText.contentHash(r.title(), r.h1(), r.body());
    }

    /** What a page's stored copy is kept under ({@link Fields#HASH}): its text's hash, then the rest's. */
    static String storedHash(PageRecord r) {
        return hash(r) + ":" + recordHash(r);
    }

    static Document document(PageRecord r, String hash, float[] vector) {
        Document d = new Document();
        d.add(new StringField(Fields.URL, r.url(), Field.Store.YES));
        d.add(new TextField(Fields.TITLE, r.title(), Field.Store.YES));
        d.add(new TextField(Fields.H1, r.h1(), Field.Store.YES));
        d.add(new TextField(Fields.ALL, r.title() + "\n" + r.h1() + "\n" + r.body(), Field.Store.NO));
        d.add(new StoredField(Fields.BODY, r.body()));
        String cat = r.category() == null ? dev.linker.core.score.CategoryPath.fromUrl(r.url()) : r.category();
        d.add(new StringField(Fields.CATEGORY, cat, Field.Store.YES));
        List<String> segs = dev.linker.core.score.CategoryPath.segments(cat);
        for (int up = 0; up <= segs.size(); up++) {
            d.add(new StringField(Fields.CATEGORY_ANCESTOR, dev.linker.core.score.CategoryPath.up(cat, up),
                    Field.Store.NO));
        }
        d.add(new StringField(Fields.STATUS, r.status().id(), Field.Store.YES));
        if (r.redirectTo() != null) {
            d.add(new StoredField(Fields.REDIRECT, r.redirectTo()));
            if (r.status() != Status.LIVE && r.redirectTo().length() <= PageLimits.MAX_URL_CHARS) {
                d.add(new StringField(Fields.REDIRECTS_TO, r.redirectTo(), Field.Store.NO));
            }
        }
        d.add(new StoredField(Fields.AUTHORITY, r.authority()));
        d.add(new StoredField(Fields.INBOUND, r.inbound()));
        d.add(new StringField(Fields.SAFETY, r.safety(), Field.Store.YES));
        d.add(new StringField(Fields.HASH, hash, Field.Store.YES));
        d.add(new StoredField(Fields.WORDS, Tokens.countWords(r.body(), 0, r.body().length())));
        for (String l : r.links()) {
            d.add(new StoredField(Fields.LINKS, l));
            if (l.length() <= PageLimits.MAX_URL_CHARS) { // a term; an HTML page's longer href is stored only
                d.add(new StringField(Fields.LINKS_TO, l, Field.Store.NO));
            }
        }
        for (String[] n : r.names()) {
            d.add(new StoredField(Fields.ANCHOR_NAMES, n[0] + Fields.SEP + n[1]));
        }
        for (String[] q : r.queries()) {
            d.add(new StoredField(Fields.QUERIES, q[0] + Fields.SEP + q[1]));
        }
        for (String l : r.allLinks()) {
            d.add(new StoredField(Fields.ALL_LINKS, l));
        }
        for (Link l : r.written()) {
            d.add(new StoredField(Fields.WRITTEN_LINKS, written(l)));
        }
        PageMeta meta = r.meta();
        d.add(new StringField(Fields.KIND, meta.kind().id(), Field.Store.YES));
        if (meta.hub()) {
            d.add(new StringField(Fields.HUB, "1", Field.Store.NO));
        }
        if (meta.published() != null) {
            d.add(new StoredField(Fields.PUBLISHED, meta.published().toString()));
        }
        d.add(new IntPoint(Fields.PUBLISHED_DAY, day(meta.published())));
        for (String t : meta.tags()) {
            d.add(new StringField(Fields.TAGS, t, Field.Store.YES));
        }
        if (!meta.language().isEmpty()) {
            d.add(new StoredField(Fields.LANGUAGE, meta.language()));
        }
        if (!meta.regions().isEmpty()) {
            d.add(new StoredField(Fields.REGIONS, TextRegions.encode(meta.regions())));
        }
        d.add(new KnnFloatVectorField(Fields.VECTOR, vector, VectorSimilarityFunction.DOT_PRODUCT));
        return d;
    }

    /** A date as the {@link Fields#PUBLISHED_DAY} point holds it. */
    static int day(LocalDate date) {
        return date == null ? Fields.UNDATED : Math.toIntExact(date.toEpochDay());
    }


}
