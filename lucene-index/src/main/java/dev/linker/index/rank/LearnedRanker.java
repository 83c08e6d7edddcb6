package dev.linker.index.rank;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Iterator;
import java.util.Locale;
import java.util.Set;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;

/**
 * What an index learned from its site's own links: the model (when one was fitted) and the figures that decided
 * whether it ranks instead of the weights. Kept in the index's commit data, so it travels with the index.
 *
 * @param features the feature set's version the model reads ({@link RankFeatures#VERSION})
 * @param model    the trees; null when no model was fitted (too few links)
 * @param report   how it was trained and how it did on held-out pages
 */
public record LearnedRanker(@JsonProperty("features") int features, @JsonProperty("model") TreeModel model,
                            @JsonProperty("report") Report report) {

    /**
     * How the ranker was trained and how it did: what it learned from ({@link Sample}), how it did on held-out pages
     * ({@link HeldOut}), and the decision. Stored flat: the groups' fields are the report's own in its JSON.
     *
     * @param used        whether suggestions rank with the model (it beat the weights by {@code margin} on held-out
     *                    pages) or with the weights
     * @param reason      why, in words a user can act on
     * @param asOf        whether each page's candidates were the pages published by its date (dated sites)
     * @param fingerprint what was learned from (pages, their texts and links): the same fingerprint needs no new
     *                    training
     * @param seconds     time spent gathering candidates and training
     * @param ranks         what ranks the site's pages: {@link #LEARNED}, {@link #PRIOR} or {@link #WEIGHTS}; null in
     *                      a report written before there was a prior (then the model where {@code used}, else the
     *                      prior where it serves)
     */
    public record Report(@JsonProperty("used") boolean used, @JsonProperty("reason") String reason,
                         @JsonUnwrapped Sample sample, @JsonUnwrapped HeldOut heldOut,
                         @JsonProperty("asOf") boolean asOf, @JsonProperty("fingerprint") String fingerprint,
                         @JsonProperty("seconds") double seconds, @JsonProperty("ranks") String ranks) {

        /** {@link #ranks}: the site's own model. */
        public static final String LEARNED = "learned";
        /** {@link #ranks}: the prior learned from other sites ({@link Prior}). */
        public static final String PRIOR = "prior";
        /** {@link #ranks}: the weights. */
        public static final String WEIGHTS = "weights";

        /** The fields of its JSON: its own and its groups'. */
        static final Set<String> FIELDS = Set.of("used", "reason", "sources", "links", "found", "rows", "folds",
                "weightsRecall", "learnedRecall", "priorRecall", "margin", "asOf", "fingerprint", "seconds", "ranks");

        /**
         * What the model learned from.
         *
         * @param sources pages whose links were learned from
         * @param links   their links (to live content pages)
         * @param found   links among the candidates the retrievers return (a model can only rank those)
         * @param rows    candidate pairs trained on
         */
        public record Sample(@JsonProperty("sources") int sources, @JsonProperty("links") int links,
                             @JsonProperty("found") int found, @JsonProperty("rows") int rows) {
        }

        /**
         * The cross-validation that decided.
         *
         * @param folds         folds of the cross-validation, grouped by source page
         * @param weightsRecall recall@5 of the weights on the held-out pages
         * @param learnedRecall recall@5 of the models on the pages they never saw
         * @param priorRecall   recall@5 of the prior on the same pages (0: not measured; the prior does not serve the
         *                      site, or learned from it)
         * @param margin        by how much (at least) the learned recall@5 must beat the weights' to be used
         */
        public record HeldOut(@JsonProperty("folds") int folds, @JsonProperty("weightsRecall") double weightsRecall,
                              @JsonProperty("learnedRecall") double learnedRecall,
                              @JsonProperty("priorRecall") double priorRecall,
                              @JsonProperty("margin") double margin) {
        }

        /** One line for {@code linker index}'s output and logs. */
        public String summary() {
            String what = used ? "learned" : PRIOR.equals(ranks) ? Prior.bundled() != null ? Prior.bundled().summary()
                    : "the prior" : "the weights";
            if (heldOut.folds() == 0) {
                return "ranker: " + what + " (" + reason + ")";
            }
            return String.format(Locale.ROOT, "ranker: %s — learned from %d links of %d pages, held-out recall@5 %.3f "
                            + "against %.3f for the weights%s (%d folds by page; %s)", what, sample.links(),
                    sample.sources(), heldOut.learnedRecall(), heldOut.weightsRecall(), heldOut.priorRecall() > 0
                            ? String.format(Locale.ROOT, " and %.3f for the prior", heldOut.priorRecall()) : "",
                    heldOut.folds(), reason);
        }
    }

    /** A prior as a ranker that ranks pages and drafts alike (to judge it: {@code linker eval --prior}). */
    public static LearnedRanker of(Prior p) {
        return new LearnedRanker(p.features(), p.model(), new Report(true, p.summary(), new Report.Sample(0, 0, 0, 0),
                new Report.HeldOut(0, 0, 0, 0, 0), false, "", 0, Report.PRIOR));
    }

    /** Whether suggestions should rank with this model. */
    public boolean used() {
        return model != null && report.used() && features == RankFeatures.VERSION;
    }


    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String PREFIX = "gz:";

    /** A compact text for the index's commit data: the JSON, gzipped, in Base64. */
    public String encode() {
        try {
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            try (GZIPOutputStream gz = new GZIPOutputStream(bytes)) {
                gz.write(JSON.writeValueAsBytes(this));
            }
            return PREFIX + Base64.getEncoder().encodeToString(bytes.toByteArray());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The ranker an index recorded ({@code text}), or null for none: one this version cannot read (written by another,
     * or damaged) counts as none, so the next {@code linker index} learns again.
     */
    public static LearnedRanker recorded(String text) {
        if (text == null) {
            return null;
        }
        try {
            return decode(text);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    /** The ranker {@link #encode()} wrote; an unreadable text is an {@link IllegalArgumentException}. */
    public static LearnedRanker decode(String text) {
        if (text == null || !text.startsWith(PREFIX)) {
            throw new IllegalArgumentException("not a learned ranker");
        }
        try (GZIPInputStream in = new GZIPInputStream(new ByteArrayInputStream(
                Base64.getDecoder().decode(text.substring(PREFIX.length()))))) {
            return read(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        } catch (IOException | IllegalArgumentException e) {
            throw new IllegalArgumentException("the learned ranker cannot be read: " + e.getMessage(), e);
        }
    }

    /** The JSON form (what a ranker file holds). */
    public String toJson() {
        try {
            return new String(JSON.writerWithDefaultPrettyPrinter().writeValueAsBytes(this), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static LearnedRanker fromJson(String json) {
        try {
            return read(json);
        } catch (IOException e) {
            throw new IllegalArgumentException("not a learned ranker: " + e.getMessage(), e);
        }
    }

    /**
     * The ranker in {@code json}. Jackson lets any field through to a report's unwrapped groups; one the report does
     * not have is refused here, as it was when all its fields were its own.
     */
    private static LearnedRanker read(String json) throws IOException {
        JsonNode tree = JSON.readTree(json);
        JsonNode report = tree.path("report");
        for (Iterator<String> names = report.fieldNames(); names.hasNext(); ) {
            String name = names.next();
            if (!Report.FIELDS.contains(name)) {
                throw JsonMappingException.from((JsonParser) null, "Unrecognized field \"" + name + "\" (class "
                        + Report.class.getName() + "), not marked as ignorable");
            }
        }
        return JSON.treeToValue(tree, LearnedRanker.class);
    }
}
