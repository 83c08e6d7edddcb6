package dev.linker.core.validate;

import dev.linker.core.embed.EmbedMode;
import dev.linker.core.result.LinkerException;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class ChoicesTest {
    @Test
    void a_name_is_read_in_any_case_with_white_space_around_it() {
        assertEquals(EmbedMode.CONTENT, Choices.parse(EmbedMode.class, " Content\t", () -> "never"));
        assertEquals(EmbedMode.TITLE, EmbedMode.parse("TITLE"));
    }

    @Test
    void an_unknown_name_is_refused_in_the_callers_words() {
        LinkerException e = assertThrows(LinkerException.class,
                () -> Choices.parse(EmbedMode.class, "words", () -> "no such mode: words"));
        assertEquals("no such mode: words", e.getMessage());
        assertEquals("unknown --embed value \"both-ways\" (known: title, content, both)",
                assertThrows(LinkerException.class, () -> EmbedMode.parse("both-ways")).getMessage());
    }
}
