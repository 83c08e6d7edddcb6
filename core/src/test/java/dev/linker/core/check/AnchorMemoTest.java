package dev.linker.core.check;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

class AnchorMemoTest {

    @Test
    void each_anchor_and_language_is_worked_out_once_and_kept_apart() {
        List<String> computed = new ArrayList<>();
        AnchorMemo<String> memo = new AnchorMemo<>((a, lang) -> {
            computed.add(a + "/" + lang);
            return a.toUpperCase() + "/" + lang;
        });
        assertEquals("HERE/en", memo.get("here", "en"));
        assertEquals("HERE/en", memo.get("here", "en"));
        assertEquals("HERE/de", memo.get("here", "de"));
        assertEquals("HERE/null", memo.get("here", null));
        assertEquals("HERE/null", memo.get("here", null));
        assertEquals(List.of("here/en", "here/de", "here/null"), computed);
    }

    @Test
    void past_its_bound_it_starts_afresh_and_still_answers_alike() {
        int[] computed = {0};
        AnchorMemo<Integer> memo = new AnchorMemo<>((a, lang) -> {
            computed[0]++;
            return a.length();
        });
        for (int i = 0; i <= AnchorMemo.MAX; i++) {
            memo.get("anchor " + i, "en");
        }
        assertEquals(AnchorMemo.MAX + 1, computed[0]);
        assertEquals(8, memo.get("anchor 0", "en"), "forgotten when the memo started afresh: worked out again");
        assertEquals(AnchorMemo.MAX + 2, computed[0]);
        assertEquals(8 + String.valueOf(AnchorMemo.MAX).length() - 1, memo.get("anchor " + AnchorMemo.MAX, "en"));
        assertEquals(AnchorMemo.MAX + 2, computed[0], "the newest pair was kept");
    }
}
