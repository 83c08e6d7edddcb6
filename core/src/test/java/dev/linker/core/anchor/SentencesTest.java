package dev.linker.core.anchor;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

class SentencesTest {

    static List<String> sentences(String text) {
        Sentences s = Sentences.of(text);
        List<String> out = new ArrayList<>();
        for (int k = 0; k < s.size(); k++) {
            out.add(s.sentence(k));
        }
        return out;
    }

    @Test
    void stops_followed_by_a_capital_end_sentences_but_versions_hosts_and_abbreviations_do_not() {
        assertEquals(List.of("Go 1.16 moved to pkg.go.dev.", "It adds modules, e.g. the go.work file!",
                "Ask R. Pike?", "Yes."), sentences("Go 1.16 moved to pkg.go.dev. It adds modules, e.g. the go.work "
                + "file! Ask R. Pike? Yes."));
    }

    @Test
    void japanese_and_chinese_full_stops_end_sentences_with_no_space_after_them() {
        assertEquals(List.of("インストーラを起動する前に、設定を確認してください。", "「本当に？」", "はい！"),
                sentences("インストーラを起動する前に、設定を確認してください。「本当に？」はい！"));
        assertEquals(List.of("安装程序启动之前，请检查设置。", "然后重新启动。"), sentences("安装程序启动之前，请检查设置。然后重新启动。"));
    }

    @Test
    void a_heading_line_is_not_glued_to_the_paragraph_after_it_nor_list_items_to_each_other() {
        assertEquals(List.of("Routine Vacuuming", "Dead rows pile up in busy tables.", "- reclaim space",
                "- update statistics"), sentences("Routine Vacuuming\nDead rows pile up in busy tables.\n"
                + "- reclaim space\n- update statistics"));
        assertEquals(List.of("Column Type", "Description"), sentences("Column Type\nDescription"));
    }

    @Test
    void soft_wraps_inside_a_paragraph_stay_in_one_sentence() {
        String text = "To mark the occasion,\nRenee French,\nthe creator of the\nGo gopher,\npainted this scene:\n"
                + "Celebrating 10 years of Go makes me think back.";
        assertEquals(List.of("To mark the occasion,\nRenee French,\nthe creator of the\nGo gopher,\npainted this scene:",
                "Celebrating 10 years of Go makes me think back."), sentences(text));
    }

    @Test
    void a_blank_line_always_ends_a_sentence() {
        assertEquals(List.of("first part of the", "second part"), sentences("first part of the\n\nsecond part"));
    }

    @Test
    void index_of_finds_the_sentence_of_a_span_and_rejects_a_span_across_two() {
        String text = "One two. Three four.";
        Sentences s = Sentences.of(text);
        assertEquals(0, s.indexOf(0, 3));
        assertEquals(1, s.indexOf(text.indexOf("Three"), text.indexOf("four") + 4));
        assertEquals(-1, s.indexOf(text.indexOf("two"), text.indexOf("Three") + 5));
        assertEquals("Three four.", s.around(text.indexOf("four"), text.indexOf("four") + 4));
    }
}
