package dev.linker.core.check;

import java.util.HashMap;
import java.util.Map;
import java.util.function.BiFunction;

/**
 * What a check works out from an anchor text and its page's language, worked out once for each pair: a site's
 * anchors repeat from page to page (template links, common phrasings), so a check over millions of links meets few
 * distinct ones. Bounded: past {@value #MAX} pairs it starts afresh.
 */
final class AnchorMemo<V> {
    static final int MAX = 1 << 16;

    private final Map<String, Map<String, V>> byLang = new HashMap<>();
    private final BiFunction<String, String, V> compute;
    private int size;

    /** @param compute the value for (anchor, lang); a pure function of the two */
    AnchorMemo(BiFunction<String, String, V> compute) {
        this.compute = compute;
    }

    V get(String anchor, String lang) {
        Map<String, V> m = byLang.computeIfAbsent(lang, k -> new HashMap<>());
        V v = m.get(anchor);
        if (v == null) {
            v = compute.apply(anchor, lang);
            if (size++ >= MAX) {
                byLang.values().forEach(Map::clear);
                size = 1;
            }
            m.put(anchor, v);
        }
        return v;
    }
}
