package dev.linker.core.result;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

import java.util.Map;
import java.util.TreeMap;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The server's report sends {@link Summary} through Jackson: its JSON keeps the flat shape it had before the link
 * figures were grouped (issue 46), names and order alike.
 */
class SummaryJsonTest {
    @Test
    void a_summary_is_written_flat_in_its_old_order() throws Exception {
        Summary s = new Summary(8, new Summary.LinkCounts(20, 1, 4), new Summary.LinkCounts(15, 2, 6), 3, 5,
                new TreeMap<>(Map.of(0, 1, 1, 4, 2, 3)), new TreeMap<>(Map.of("orphan", 2, "broken-link", 5)));
        assertEquals("{\"pages\":8,\"links\":20,\"contentLinks\":15,\"orphans\":1,\"contentOrphans\":2,"
                + "\"unreachable\":3,\"brokenLinks\":5,\"reciprocalPairs\":4,\"contentReciprocalPairs\":6,"
                + "\"depthHistogram\":{\"0\":1,\"1\":4,\"2\":3},\"findings\":{\"broken-link\":5,\"orphan\":2}}",
                new ObjectMapper().writeValueAsString(s));
    }
}
