package dev.linker.server.engine;

import com.fasterxml.jackson.annotation.JsonUnwrapped;

import dev.linker.index.PageInput;
import dev.linker.index.suggest.DraftEngine;
import dev.linker.index.suggest.Inbound;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Everything the HTTP layer needs from the engine. {@link IndexService} implements it over the Lucene
 * {@code PageIndex}; the HTTP layer validates input before calling, so implementations may assume well-formed
 * arguments and report only domain errors ({@link dev.linker.index.UnknownPageException}, and {@link dev.linker.index.PageLimits.InvalidPageException},
 * its field named as the request did, for input the index cannot hold, checked before anything is written).
 */
public interface LinkerService extends AutoCloseable {

    /**
     * Where a link fits in the draft, and why this target: the phrase to make the link, or where it fits
     * ({@link Place}), and, with no phrase, {@code wording}, the text to add for it.
     */
    record Suggestion(String url, String title, @JsonUnwrapped Place place, String wording, double score,
                      Map<String, Object> reasons) {
    }

    /**
     * Where in a text a suggested link goes, written in the suggestion's JSON as its own fields: {@code anchor} is the
     * phrase at [start, end) in the sentence at [sentenceStart, sentenceEnd), or null when no phrase of the text says
     * what the target is about (then the link fits in that sentence).
     */
    record Place(String anchor, String sentence, int start, int end, int sentenceStart, int sentenceEnd) {
    }

    /** A suggestions request: the draft engine's own. */
    record SuggestRequest(DraftEngine.Request draft) {
    }

    /**
     * An inbound request: the pages that should link to the indexed page {@code url}, or, when {@code draft} is not
     * null, to that draft (whose own URL, if any, sources linking to it already are left out for).
     */
    record InboundRequest(String url, DraftEngine.Request draft, Inbound.Options options) {
    }

    /** A page that should link to the target: in its stored text, the {@link Place} of the link to make. */
    record InboundSuggestion(String source, String title, @JsonUnwrapped Place place, double score,
                             Map<String, Object> reasons) {
    }

    /**
     * A page lifecycle event as the API takes it: {@code survivor} for merged/redirected, {@code page} optionally for
     * created/updated; the index's {@link dev.linker.index.PageEvent} with the page in the API's shape.
     */
    record EventInput(dev.linker.index.PageEvent.Type type, String url, String survivor, PageInput page) {
    }

    record UpsertResult(int upserted, int embedded) {
    }

    /** Top suggestions for a draft, best first, at most {@code request.limit()}. */
    List<Suggestion> suggest(SuggestRequest request);

    /** The pages that should link to a page or a draft, best first ({@link dev.linker.index.suggest.Inbound}). */
    List<InboundSuggestion> inbound(InboundRequest request);

    /** The stored page as JSON-ready fields, if the index has it. */
    Optional<Map<String, Object>> page(String url);

    UpsertResult upsert(List<PageInput> pages);

    /** @return false when no page had that URL */
    boolean delete(String url);

    /** Applies a lifecycle event ({@link dev.linker.index.PageIndex#apply}); visible to suggestions when this returns. */
    void apply(EventInput event);

    /**
     * Refuses writes from now on: a batch being written stops at its next page, is taken back and answered as
     * {@link dev.linker.index.WritesStoppedException} (how a stop fits its grace whatever the batch's size).
     */
    void stopWrites();

    /**
     * The site's link health from the index as it is now: the audit's figures and findings
     * ({@link dev.linker.index.LinkReport}), built once per index version.
     */
    dev.linker.index.LinkReport report();

    /** Health facts: page count, embedder, index location. */
    Map<String, Object> health();

    /** Engine gauges and counters for /metrics, by Prometheus metric name. */
    Map<String, Number> metrics();

    @Override
    void close();
}
