package dev.linker.core.source;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class FrontMatterTest {

    @Test
    void a_block_gives_its_flat_values_its_raw_yaml_and_where_the_body_starts() {
        FrontMatter fm = FrontMatter.parse("\uFEFF---\ntitle: \"Cold brew: a guide\"\nrequiredLinks:\n  - /a/\n---\nBody\n");
        assertEquals("Cold brew: a guide", fm.get("title"));
        assertEquals("title: \"Cold brew: a guide\"\nrequiredLinks:\n  - /a/\n", fm.block());
        assertEquals("Body\n", fm.body());
        assertEquals(6, fm.bodyLine());
        assertFalse(fm.unclosed());
    }

    @Test
    void what_a_yaml_parser_refuses_still_gives_its_values() {
        FrontMatter fm = FrontMatter.parse("---\ntitle: {{ .Title }}\nslug: espresso\n---\n");
        assertEquals("espresso", fm.get("slug"));
    }

    @Test
    void no_block_and_a_block_never_closed_are_told_apart() {
        FrontMatter none = FrontMatter.parse("# Title\ntext");
        assertNull(none.block());
        assertFalse(none.unclosed());
        FrontMatter open = FrontMatter.parse("---\ntitle: x\nno end");
        assertTrue(open.unclosed());
        assertTrue(open.values().isEmpty());
        assertFalse(FrontMatter.parse("---\n---\nbody").unclosed(), "an empty block is closed");
    }
}
