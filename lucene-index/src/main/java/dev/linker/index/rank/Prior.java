package dev.linker.index.rank;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.zip.GZIPInputStream;

/**
 * A ranker learned from other sites' links, shipped in the jar: it ranks where a site's own links are too few to
 * learn from (a new site, a CSV without links, pages sent through the API) and where the site's own model does not
 * beat it. Built by {@code bench/prior-build.sh} from the real sites {@code bench/prior-corpora.sh} builds and the
 * shared corpora, on the same features every door computes ({@link RankFeatures}); judged leave one group out (a
 * manual and its translations held out whole), and kept only for the sites where those held-out figures beat the
 * weights on every group: {@link Census#priorServes}.
 *
 * @param features the feature set's version the model reads ({@link RankFeatures#VERSION})
 * @param model    the trees, fitted on every site's rows
 * @param drafts   whether drafts (the editor's, briefs' queries) rank by it too, as measured ({@code held-out
 *                 drafts})
 * @param sites    what it learned from
 * @param heldOut  each site ranked by a prior fitted without its group, beside the weights
 */
public record Prior(@JsonProperty("features") int features, @JsonProperty("model") TreeModel model,
                    @JsonProperty("drafts") boolean drafts, @JsonProperty("sites") List<Site> sites,
                    @JsonProperty("heldOut") List<HeldOut> heldOut) {

    /** The resource {@link #bundled} reads. */
    public static final String RESOURCE = "prior.json.gz";
    /**
     * The prior ranks a site whose pages are mostly undated (documentation, reference, a wiki, a shop): held out, it
     * beat the weights on every such group; on the two blogs it did not (they link by series and time, which two blogs
     * cannot teach), so a site whose content pages are dated at least this share keeps the weights.
     */
    public static final double DATED_SHARE = 0.5;

    /**
     * One site learned from.
     *
     * @param name    the site, as the held-out table names it
     * @param group   its source: sites of one group are held out together
     * @param sources pages with links learned from
     * @param links   their links
     * @param sketch  the smallest hashes of its pages' paths ({@link #pathHash}): tells a site it learned from
     */
    public record Site(@JsonProperty("name") String name, @JsonProperty("group") String group,
                       @JsonProperty("sources") int sources, @JsonProperty("links") int links,
                       @JsonProperty("sketch") long[] sketch) {
    }

    /**
     * A site ranked by a prior that never saw its group, and by the weights (recall@5, each page's links hidden).
     *
     * @param weightsAsOf as of each page's date (NaN: the site is undated)
     */
    public record HeldOut(@JsonProperty("site") String site, @JsonProperty("group") String group,
                          @JsonProperty("weights") double weights, @JsonProperty("prior") double prior,
                          @JsonProperty("weightsAsOf") double weightsAsOf, @JsonProperty("priorAsOf") double priorAsOf) {
    }

    /**
     * The smallest site the prior serves, in live content pages: the sites it was judged on have 84 pages or more, and
     * among a dozen pages the features it reads (ranks and scores relative to a query's other candidates) mean
     * something else; below this a site keeps the weights until it grows.
     */
    public static final int MIN_CONTENT = 50;

    /**
     * A site's live content pages (not hubs), and how many of them are dated: whether the prior serves it.
     *
     * @param content live content pages
     * @param dated   those of them with a publication date
     */
    public record Census(int content, int dated) {
        /**
         * Whether the prior ranks this site: at least {@link #MIN_CONTENT} content pages, fewer than
         * {@link #DATED_SHARE} of them dated.
         */
        public boolean priorServes() {
            return content >= MIN_CONTENT && dated < DATED_SHARE * content;
        }

        /** Why the prior serves this site or not, in a user's words. */
        public String why() {
            if (content < MIN_CONTENT) {
                return String.format(Locale.ROOT, "the prior ranks sites of %d content pages or more, and this one has "
                        + "%d", MIN_CONTENT, content);
            }
            return priorServes() ? "the site's pages are mostly undated, which the prior serves"
                    : "most of the site's pages are dated (a blog), which the prior does not serve";
        }

        /** Two parts of a site counted together. */
        public Census plus(Census o) {
            return new Census(content + o.content, dated + o.dated);
        }
    }

    /** Whether this prior reads the features this version computes. */
    public boolean readable() {
        return model != null && features == RankFeatures.VERSION;
    }

    /**
     * The site among those it learned from whose pages these are (most of its sketch among their paths), or null: a
     * figure of the prior on such a site is not held out.
     */
    public Site learnedFrom(Collection<String> urls) {
        Set<Long> hashes = new HashSet<>();
        for (String u : urls) {
            hashes.add(pathHash(u));
        }
        for (Site s : sites) {
            int in = 0;
            for (long h : s.sketch()) {
                in += hashes.contains(h) ? 1 : 0;
            }
            if (s.sketch().length > 0 && in * 2 > s.sketch().length) {
                return s;
            }
        }
        return null;
    }

    /** The held-out figures of the site {@code name}, or null. */
    public HeldOut heldOut(String name) {
        return heldOut.stream().filter(h -> h.site().equals(name)).findFirst().orElse(null);
    }

    /** Which prior this is: a hash of its trees (an index learns again when the bundled prior changes). */
    public String id() {
        try {
            byte[] d = java.security.MessageDigest.getInstance("SHA-256")
                    .digest(new ObjectMapper().writeValueAsBytes(model));
            return java.util.HexFormat.of().formatHex(d, 0, 8);
        } catch (IOException | java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** One line: what it learned from. */
    public String summary() {
        long groups = sites.stream().map(Site::group).distinct().count();
        int links = sites.stream().mapToInt(Site::links).sum();
        return String.format(Locale.ROOT, "the prior, learned from %,d links of %d sites in %d groups", links,
                sites.size(), groups);
    }

    /**
     * A hash of a page's path, the same for the page of a folder ({@code /a/b.html}) and of a CSV export
     * ({@code https://site/a/b.html}).
     */
    public static long pathHash(String url) {
        String p = url;
        int scheme = p.indexOf("://");
        if (scheme > 0) {
            int slash = p.indexOf('/', scheme + 3);
            p = slash < 0 ? "/" : p.substring(slash);
        }
        if (!p.startsWith("/")) {
            p = "/" + p;
        }
        long h = 1125899906842597L;
        for (int i = 0; i < p.length(); i++) {
            h = 31 * h + p.charAt(i);
        }
        h ^= h >>> 33;
        h *= 0xff51afd7ed558ccdL;
        h ^= h >>> 33;
        return h;
    }

    private static final class Holder {
        static final Prior BUNDLED = load();
    }

    /** The prior in the jar, or null when there is none this version can read. */
    public static Prior bundled() {
        return Holder.BUNDLED;
    }

    private static Prior load() {
        try (InputStream in = Prior.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                return null;
            }
            Prior p = read(new GZIPInputStream(in).readAllBytes());
            return p.readable() ? p : null;
        } catch (IOException e) {
            throw new UncheckedIOException("the bundled prior cannot be read", e);
        }
    }

    /**
     * The prior in {@code file} (gzipped JSON, as {@code bench/prior-build.sh} writes it); one that cannot be read, or
     * reads other features, is a {@link dev.linker.core.result.LinkerException} naming the file.
     */
    public static Prior readFile(java.nio.file.Path file) {
        Prior p;
        try (InputStream in = new GZIPInputStream(java.nio.file.Files.newInputStream(file))) {
            p = read(in.readAllBytes());
        } catch (IOException | IllegalArgumentException e) {
            throw new dev.linker.core.result.LinkerException(file + ": not a prior (" + e.getMessage() + ")");
        }
        if (!p.readable()) {
            throw new dev.linker.core.result.LinkerException(file + ": a prior of features version " + p.features()
                    + ", not " + RankFeatures.VERSION);
        }
        return p;
    }

    /** A prior from its JSON (what the build step writes, gzipped). */
    public static Prior read(byte[] json) {
        try {
            return new ObjectMapper().readValue(new String(json, StandardCharsets.UTF_8), Prior.class);
        } catch (IOException e) {
            throw new IllegalArgumentException("not a prior: " + e.getMessage(), e);
        }
    }

    /** Its JSON, as the build step writes it. */
    public byte[] toJson() {
        try {
            return new ObjectMapper().writeValueAsBytes(this);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
