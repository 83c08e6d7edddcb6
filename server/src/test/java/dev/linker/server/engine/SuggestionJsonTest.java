package dev.linker.server.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The API's suggestions as JSON, written as the server writes them: flat, their fields in this order. */
class SuggestionJsonTest {
    private static final ObjectMapper JSON = new ObjectMapper().disable(SerializationFeature.FAIL_ON_EMPTY_BEANS);

    private static final LinkerService.Place PLACE = new LinkerService.Place("brew", "We brew.", 3, 7, 0, 8);

    private static Map<String, Object> reasons() {
        Map<String, Object> r = new LinkedHashMap<>();
        r.put("anchor", "title");
        r.put("vector", 0.5);
        return r;
    }

    @Test
    void a_suggestion_is_written_flat() throws Exception {
        LinkerService.Suggestion s = new LinkerService.Suggestion("/b/", "B", PLACE, null, 0.75,
                reasons());
        assertEquals("{\"url\":\"/b/\",\"title\":\"B\",\"anchor\":\"brew\",\"sentence\":\"We brew.\",\"start\":3,"
                + "\"end\":7,\"sentenceStart\":0,\"sentenceEnd\":8,\"wording\":null,\"score\":0.75,"
                + "\"reasons\":{\"anchor\":\"title\",\"vector\":0.5}}", JSON.writeValueAsString(s));
    }

    @Test
    void an_inbound_suggestion_is_written_flat() throws Exception {
        LinkerService.InboundSuggestion s = new LinkerService.InboundSuggestion("/a/", "A", PLACE, 0.75,
                reasons());
        assertEquals("{\"source\":\"/a/\",\"title\":\"A\",\"anchor\":\"brew\",\"sentence\":\"We brew.\",\"start\":3,"
                + "\"end\":7,\"sentenceStart\":0,\"sentenceEnd\":8,\"score\":0.75,"
                + "\"reasons\":{\"anchor\":\"title\",\"vector\":0.5}}", JSON.writeValueAsString(s));
    }
}
