package dev.linker.index.rank;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Locale;
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
     * @param used            whether suggestions rank with the model (it beat the weights by {@code margin} on
     *                        held-out pages) or with the weights
     * @param reason          why, in words a user can act on
     * @param sources         pages whose links were learned from
     * @param links           their links (to live content pages)
     * @param found           links among the candidates the retrievers return (a model can only rank those)
     * @param rows            candidate pairs trained on
     * @param folds           folds of the cross-validation, grouped by source page
     * @param weightsRecall   recall@5 of the weights on the held-out pages
     * @param learnedRecall   recall@5 of the models on the pages they never saw
     * @param margin          by how much (at least) the learned recall@5 must beat the weights' to be used
     * @param asOf            whether each page's candidates were the pages published by its date (dated sites)
     * @param fingerprint     what was learned from (pages, their texts and links): the same fingerprint needs no
     *                        new training
     * @param seconds         time spent gathering candidates and training
     */
    public record Report(@JsonProperty("used") boolean used, @JsonProperty("reason") String reason,
                         @JsonProperty("sources") int sources, @JsonProperty("links") int links,
                         @JsonProperty("found") int found, @JsonProperty("rows") int rows,
                         @JsonProperty("folds") int folds, @JsonProperty("weightsRecall") double weightsRecall,
                         @JsonProperty("learnedRecall") double learnedRecall, @JsonProperty("margin") double margin,
                         @JsonProperty("asOf") boolean asOf, @JsonProperty("fingerprint") String fingerprint,
                         @JsonProperty("seconds") double seconds) {

        /** One line for {@code linker index}'s output and logs. */
        public String summary() {
            if (folds == 0) {
                return "ranker: the weights (" + reason + ")";
            }
            return String.format(Locale.ROOT, "ranker: %s — learned from %d links of %d pages, held-out recall@5 %.3f "
                            + "against %.3f for the weights (%d folds by page; %s)", used ? "learned" : "the weights",
                    links, sources, learnedRecall, weightsRecall, folds, reason);
        }
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
            return JSON.readValue(in, LearnedRanker.class);
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
            return JSON.readValue(json, LearnedRanker.class);
        } catch (IOException e) {
            throw new IllegalArgumentException("not a learned ranker: " + e.getMessage(), e);
        }
    }
}
