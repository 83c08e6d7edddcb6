package dev.linker.core.model;

import java.util.AbstractList;
import java.util.List;
import java.util.RandomAccess;

/**
 * The links of one page, held column by column: an immutable {@code List<Link>} whose elements are made when read.
 *
 * <p>A catalogue page carries a few dozen links and a catalogue a million pages; as objects, the links are most of
 * an audit's heap. Here a link costs its five string references, one byte and two ints (≈ 29 bytes, against 52 for a
 * {@link Link} in a list), and the strings repeated from page to page are held once by the reader. The source is
 * held once when every link has the same one, as on a page read from HTML.
 */
public final class PageLinks extends AbstractList<Link> implements RandomAccess {
    private static final PageLinks EMPTY = new PageLinks(null, null, new String[0], new String[0], new String[0],
            new String[0], new String[0], new byte[0], new int[0], new int[0]);
    private static final Placement[] PLACEMENTS = Placement.values();

    private final String source;
    private final String[] sources;
    private final String[] hrefs;
    private final String[] targets;
    private final String[] fragments;
    private final String[] anchors;
    private final String[] rels;
    private final byte[] placements;
    private final int[] lines;
    private final int[] columns;

    private PageLinks(String source, String[] sources, String[] hrefs, String[] targets, String[] fragments,
                      String[] anchors, String[] rels, byte[] placements, int[] lines, int[] columns) {
        this.source = source;
        this.sources = sources;
        this.hrefs = hrefs;
        this.targets = targets;
        this.fragments = fragments;
        this.anchors = anchors;
        this.rels = rels;
        this.placements = placements;
        this.lines = lines;
        this.columns = columns;
    }

    /** An immutable copy of {@code links} (itself when it already is one). */
    public static List<Link> of(List<Link> links) {
        if (links instanceof PageLinks p) {
            return p;
        }
        int n = links.size();
        if (n == 0) {
            return EMPTY;
        }
        String first = links.get(0).sourceUrl();
        boolean oneSource = true;
        for (Link l : links) {
            if (l == null) {
                throw new NullPointerException("a page's links contain null");
            }
            oneSource &= java.util.Objects.equals(first, l.sourceUrl());
        }
        String[] sources = oneSource ? null : new String[n];
        String[] hrefs = new String[n];
        String[] targets = new String[n];
        String[] fragments = new String[n];
        String[] anchors = new String[n];
        String[] rels = new String[n];
        byte[] placements = new byte[n];
        int[] lines = new int[n];
        int[] columns = new int[n];
        for (int i = 0; i < n; i++) {
            Link l = links.get(i);
            if (sources != null) {
                sources[i] = l.sourceUrl();
            }
            hrefs[i] = l.href();
            targets[i] = l.targetUrl();
            fragments[i] = l.fragment();
            anchors[i] = l.anchorText();
            rels[i] = l.rel();
            placements[i] = l.placement() == null ? -1 : (byte) l.placement().ordinal();
            lines[i] = l.line();
            columns[i] = l.column();
        }
        return new PageLinks(oneSource ? first : null, sources, hrefs, targets, fragments, anchors, rels, placements,
                lines, columns);
    }

    @Override
    public Link get(int i) {
        java.util.Objects.checkIndex(i, hrefs.length);
        return new Link(sources == null ? source : sources[i], hrefs[i], targets[i], fragments[i], anchors[i], rels[i],
                placements[i] < 0 ? null : PLACEMENTS[placements[i]], lines[i], columns[i]);
    }

    @Override
    public int size() {
        return hrefs.length;
    }
}
