package dev.linker.index.rank;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

/**
 * The report's JSON as an index keeps it: flat, its property names and order as the first versions wrote them, the
 * prior's recall and the decision ("ranks") after them.
 */
class ReportJsonTest {
    static final LearnedRanker.Report REPORT = new LearnedRanker.Report(true, "beat the weights",
            new LearnedRanker.Report.Sample(40, 120, 100, 480), new LearnedRanker.Report.HeldOut(5, 0.5, 0.625, 0.6,
            0.01), true, "f00d", 1.5, LearnedRanker.Report.LEARNED);

    @Test
    void a_report_is_written_flat_as_before() {
        assertEquals("""
                {
                  "features" : %d,
                  "model" : null,
                  "report" : {
                    "used" : true,
                    "reason" : "beat the weights",
                    "sources" : 40,
                    "links" : 120,
                    "found" : 100,
                    "rows" : 480,
                    "folds" : 5,
                    "weightsRecall" : 0.5,
                    "learnedRecall" : 0.625,
                    "priorRecall" : 0.6,
                    "margin" : 0.01,
                    "asOf" : true,
                    "fingerprint" : "f00d",
                    "seconds" : 1.5,
                    "ranks" : "learned"
                  }
                }""".formatted(RankFeatures.VERSION), new LearnedRanker(RankFeatures.VERSION, null, REPORT).toJson());
    }

    @Test
    void a_report_written_before_reads_the_same_and_missing_fields_are_zero() throws Exception {
        String flat = "{\"features\":1,\"model\":null,\"report\":{\"used\":true,\"reason\":\"r\",\"sources\":40,"
                + "\"links\":120,\"found\":100,\"rows\":480,\"folds\":5,\"weightsRecall\":0.5,\"learnedRecall\":0.625,"
                + "\"margin\":0.01,\"asOf\":true,\"fingerprint\":\"f00d\",\"seconds\":1.5}}";
        // A report from before the prior: no prior figure, no decision (Ranking then lets the site's census decide).
        assertEquals(flat.replace("\"margin\"", "\"priorRecall\":0.0,\"margin\"").replace("1.5}}",
                "1.5,\"ranks\":null}}"), compact(LearnedRanker.fromJson(flat)));
        assertEquals("{\"features\":1,\"model\":null,\"report\":{\"used\":false,\"reason\":\"r\",\"sources\":0,"
                + "\"links\":0,\"found\":0,\"rows\":0,\"folds\":0,\"weightsRecall\":0.0,\"learnedRecall\":0.0,"
                + "\"priorRecall\":0.0,\"margin\":0.0,\"asOf\":false,\"fingerprint\":null,\"seconds\":0.0,"
                + "\"ranks\":null}}",
                compact(LearnedRanker.fromJson("{\"features\":1,\"report\":{\"reason\":\"r\"}}")));
        assertEquals("{\"features\":1,\"model\":null,\"report\":null}",
                compact(LearnedRanker.fromJson("{\"features\":1}")));
    }

    private static String compact(LearnedRanker r) throws Exception {
        return new ObjectMapper().writeValueAsString(r);
    }

    @Test
    void a_field_the_report_does_not_have_is_refused_as_before() {
        String unknown = "{\"features\":1,\"report\":{\"reason\":\"r\",\"newer\":3}}";
        assertThrows(IllegalArgumentException.class, () -> LearnedRanker.fromJson(unknown));
        String stored = new LearnedRanker(RankFeatures.VERSION, null, REPORT).encode();
        assertNull(LearnedRanker.recorded(stored.substring(0, 3) + java.util.Base64.getEncoder().encodeToString(
                gzip(unknown))), "an index's ranker with a field this version does not know counts as none");
        assertEquals(REPORT, LearnedRanker.recorded(stored).report());
    }

    private static byte[] gzip(String s) {
        try {
            java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
            try (java.util.zip.GZIPOutputStream gz = new java.util.zip.GZIPOutputStream(bytes)) {
                gz.write(s.getBytes(java.nio.charset.StandardCharsets.UTF_8));
            }
            return bytes.toByteArray();
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
