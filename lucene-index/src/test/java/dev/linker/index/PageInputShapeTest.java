package dev.linker.index;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What the JSON reader of a page makes of each field, pinned as the flat twelve-field record read it: a page given in
 * full, missing fields, unknown fields, and a value of the wrong type in every field (the error names the field).
 */
class PageInputShapeTest {
    private static final String FULL = "{\"url\":\"/a/\",\"title\":\"A\",\"h1\":\"H\",\"text\":\"T\","
            + "\"category\":\"/c/\",\"status\":\"redirected\",\"redirectTo\":\"/b/\",\"authority\":0.25,"
            + "\"inbound\":4,\"date\":\"2026-11-20T09:30:00+01:00\",\"language\":\"pt_BR\","
            + "\"links\":[{\"href\":\"/b/\",\"anchor\":\"B\"}],\"unknown\":{\"x\":1}}";

    private static String read(String page) {
        try {
            PageInput p = PageInput.of(new ObjectMapper().readTree(page), "pages[0]", 1000);
            return String.join("|", p.url(), p.text().title(), p.text().h1(), p.text().body(),
                    String.valueOf(p.category()), p.standing().status().id(), String.valueOf(p.standing().redirectTo()),
                    String.valueOf(p.standing().authority()), String.valueOf(p.standing().inbound()),
                    String.valueOf(p.date()), p.language(), String.valueOf(p.links()));
        } catch (PageLimits.InvalidPageException e) {
            return e.field() + ": " + e.getMessage();
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void each_field_is_read_and_each_wrong_value_named_as_before() {
        List<String> pages = List.of(FULL, "{\"url\":\"/a/\",\"title\":\"A\"}",
                "{\"url\":\"/a/\",\"title\":\"A\",\"h1\":null,\"text\":null,\"links\":null,\"date\":\"\"}");
        List<String> wrong = List.of("\"url\":1", "\"title\":[]", "\"h1\":{}", "\"text\":true", "\"category\":2",
                "\"status\":3", "\"redirectTo\":4", "\"authority\":\"x\"", "\"inbound\":2.5", "\"inbound\":\"1\"",
                "\"date\":5", "\"language\":6", "\"links\":7", "\"links\":[8]", "\"links\":[null]",
                "\"links\":[{\"href\":9}]", "\"authority\":null", "\"inbound\":null", "\"category\":null",
                "\"words\":1", "\"standing\":{\"status\":3}");
        List<String> got = new ArrayList<>();
        for (String p : pages) {
            got.add(read(p));
        }
        for (String w : wrong) {
            got.add(w + " -> " + read("{\"url\":\"/a/\",\"title\":\"A\"," + w + "}"));
        }
        assertEquals(List.of(
                "/a/|A|H|T|/c/|redirected|/b/|0.25|4|2026-11-20|pt-BR|[LinkInput[href=/b/, anchor=B]]",
                "/a/|A|||null|live|null|0.0|0|null||[]",
                "/a/|A|||null|live|null|0.0|0|null||[]",
                "\"url\":1 -> pages[0].url: pages[0].url must be a string",
                "\"title\":[] -> pages[0].title: pages[0].title must be a string",
                "\"h1\":{} -> pages[0].h1: pages[0].h1 must be a string",
                "\"text\":true -> pages[0].text: pages[0].text must be a string",
                "\"category\":2 -> pages[0].category: pages[0].category must be a string or an array of strings",
                "\"status\":3 -> pages[0].status: pages[0].status must be a string",
                "\"redirectTo\":4 -> pages[0].redirectTo: pages[0].redirectTo must be a string",
                "\"authority\":\"x\" -> pages[0].authority: pages[0].authority must be a number",
                "\"inbound\":2.5 -> pages[0].inbound: pages[0].inbound must be an integer",
                "\"inbound\":\"1\" -> pages[0].inbound: pages[0].inbound must be an integer",
                "\"date\":5 -> pages[0].date: pages[0].date must be a string",
                "\"language\":6 -> pages[0].language: pages[0].language must be a string",
                "\"links\":7 -> pages[0].links: pages[0].links must be an array of links",
                "\"links\":[8] -> pages[0].links[0]: pages[0].links[0] must be an object {href, anchor}",
                "\"links\":[null] -> pages[0].links[0]: pages[0].links[0] must be an object {href, anchor}",
                "\"links\":[{\"href\":9}] -> pages[0].links[0].href: pages[0].links[0].href must be a string",
                "\"authority\":null -> /a/|A|||null|live|null|0.0|0|null||[]",
                "\"inbound\":null -> /a/|A|||null|live|null|0.0|0|null||[]",
                "\"category\":null -> /a/|A|||null|live|null|0.0|0|null||[]",
                "\"words\":1 -> /a/|A|||null|live|null|0.0|0|null||[]",
                "\"standing\":{\"status\":3} -> /a/|A|||null|live|null|0.0|0|null||[]"), got);
    }
}
