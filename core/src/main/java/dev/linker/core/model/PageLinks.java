package dev.linker.core.model;

import java.util.AbstractList;
import java.util.List;
import java.util.Objects;
import java.util.RandomAccess;

/**
 * The links of one page, held column by column: an immutable {@code List<Link>} whose elements are made when read.
 *
 * <p>A catalogue page carries a few dozen links and a catalogue a million pages; as objects, the links are most of
 * an audit's heap. Here a link costs a reference to its target and one to its anchor text (strings the reader holds
 * once for the whole site), a byte for its placement and its line and column packed in as few bytes as the page's
 * largest need (two on a page of short lines): ≈ 11 bytes, against 52 for a {@link Link} in a list. A column whose
 * value is the same for every link of the page (the source; no fragment; no rel; hrefs that are their targets' keys,
 * as a site's root-relative hrefs are) is held once.
 */
public final class PageLinks extends AbstractList<Link> implements RandomAccess {
    private static final Placement[] PLACEMENTS = Placement.values();
    /** The hrefs column when every href is its target's key. */
    private static final Object SAME_AS_TARGET = new Object();
    private static final PageLinks EMPTY = of0(List.of());

    private final int size;
    private final Object sources;    // a String (or null) for all links, or String[]
    private final Object hrefs;      // SAME_AS_TARGET, or String[]
    private final Object targets;
    private final Object fragments;
    private final Object anchors;
    private final Object rels;
    private final byte[] placements; // ordinal + 1, 0 for null; null when all links have the first one
    private final byte placement;
    private final byte[] positions;  // line << columnBits | column, little-endian, width bytes a link
    private final int width;
    private final int columnBits;

    private PageLinks(int size, Object sources, Object hrefs, Object targets, Object fragments, Object anchors,
                      Object rels, byte[] placements, byte placement, byte[] positions, int width, int columnBits) {
        this.size = size;
        this.sources = sources;
        this.hrefs = hrefs;
        this.targets = targets;
        this.fragments = fragments;
        this.anchors = anchors;
        this.rels = rels;
        this.placements = placements;
        this.placement = placement;
        this.positions = positions;
        this.width = width;
        this.columnBits = columnBits;
    }

    /** An immutable copy of {@code links} (itself when it already is one). */
    public static List<Link> of(List<Link> links) {
        if (links instanceof PageLinks p) {
            return p;
        }
        return links.isEmpty() ? EMPTY : of0(links);
    }

    private static PageLinks of0(List<Link> links) {
        int n = links.size();
        String[] sources = new String[n];
        String[] hrefs = new String[n];
        String[] targets = new String[n];
        String[] fragments = new String[n];
        String[] anchors = new String[n];
        String[] rels = new String[n];
        byte[] placements = new byte[n];
        long maxLine = 0;
        long maxColumn = 0;
        boolean hrefIsTarget = true;
        for (int i = 0; i < n; i++) {
            Link l = links.get(i);
            if (l == null) {
                throw new NullPointerException("a page's links contain null");
            }
            sources[i] = l.sourceUrl();
            hrefs[i] = l.href();
            targets[i] = l.targetUrl();
            hrefIsTarget &= l.href() != null && l.href().equals(l.targetUrl());
            fragments[i] = l.fragment();
            anchors[i] = l.anchorText();
            rels[i] = l.rel();
            placements[i] = l.placement() == null ? 0 : (byte) (l.placement().ordinal() + 1);
            maxLine = Math.max(maxLine, Integer.toUnsignedLong(l.line()));
            maxColumn = Math.max(maxColumn, Integer.toUnsignedLong(l.column()));
        }
        int columnBits = 64 - Long.numberOfLeadingZeros(maxColumn);
        int bits = columnBits + 64 - Long.numberOfLeadingZeros(maxLine);
        int width = (bits + 7) / 8;
        byte[] positions = new byte[n * width];
        for (int i = 0; i < n; i++) {
            Link l = links.get(i);
            long v = Integer.toUnsignedLong(l.line()) << columnBits | Integer.toUnsignedLong(l.column());
            for (int k = 0; k < width; k++) {
                positions[i * width + k] = (byte) (v >>> (8 * k));
            }
        }
        boolean onePlacement = n == 0 || allSame(placements);
        return new PageLinks(n, column(sources), hrefIsTarget ? SAME_AS_TARGET : hrefs, column(targets),
                column(fragments), column(anchors), column(rels), onePlacement ? null : placements,
                n == 0 ? 0 : placements[0], width == 0 ? null : positions, width, columnBits);
    }

    /** The one value when every link has it, else the values. */
    private static Object column(String[] values) {
        for (String v : values) {
            if (!Objects.equals(v, values[0])) {
                return values;
            }
        }
        return values.length == 0 ? null : values[0];
    }

    private static boolean allSame(byte[] values) {
        for (byte v : values) {
            if (v != values[0]) {
                return false;
            }
        }
        return true;
    }

    private static String at(Object column, int i) {
        return column instanceof String[] a ? a[i] : (String) column;
    }

    /** The target of link {@code i} ({@link Link#targetUrl()}), without making the link. */
    public String targetUrl(int i) {
        Objects.checkIndex(i, size);
        return at(targets, i);
    }

    /** Whether link {@code i} is in content ({@link Link#content()}), without making the link. */
    public boolean content(int i) {
        Objects.checkIndex(i, size);
        return placementAt(i) == Placement.CONTENT;
    }

    private Placement placementAt(int i) {
        int p = placements == null ? placement : placements[i];
        return p == 0 ? null : PLACEMENTS[p - 1];
    }

    @Override
    public Link get(int i) {
        Objects.checkIndex(i, size);
        long v = 0;
        for (int k = width - 1; k >= 0; k--) {
            v = v << 8 | (positions[i * width + k] & 0xFF);
        }
        String target = at(targets, i);
        return new Link(at(sources, i), hrefs == SAME_AS_TARGET ? target : at(hrefs, i), target, at(fragments, i),
                at(anchors, i), at(rels, i), placementAt(i),
                new Link.Position((int) (v >>> columnBits), (int) (v & ((1L << columnBits) - 1))));
    }

    @Override
    public int size() {
        return size;
    }
}
