package dev.linker.core.anchor;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The site's title template ("Page — Site name", "Site | Page"), detected across all titles so it can be stripped
 * before titles are compared with anchors or used as anchors. A prefix or suffix after a separator counts as
 * template when it recurs on a good share of the site's titles.
 */
public final class TitleTemplate {
    /** Separators sites put between page and site name. */
    private static final Pattern SEPARATOR = Pattern.compile("\\s+[|\\-–—:·»›~/]{1,2}\\s+");
    private static final double MIN_SHARE = 0.2;

    public static final TitleTemplate NONE = new TitleTemplate(List.of(), List.of());

    private final List<String> prefixes;
    private final List<String> suffixes;

    private TitleTemplate(List<String> prefixes, List<String> suffixes) {
        this.prefixes = List.copyOf(prefixes);
        this.suffixes = List.copyOf(suffixes);
    }

    /** Detects the template from every title of a site (blank titles are ignored). */
    public static TitleTemplate detect(Collection<String> titles) {
        Map<String, Integer> suffixCount = new HashMap<>();
        Map<String, Integer> prefixCount = new HashMap<>();
        int n = 0;
        for (String raw : titles) {
            if (raw == null || raw.isBlank()) {
                continue;
            }
            String t = raw.strip();
            n++;
            Set<String> seenS = new HashSet<>();
            Set<String> seenP = new HashSet<>();
            Matcher m = SEPARATOR.matcher(t);
            while (m.find()) {
                if (m.start() > 0 && m.end() < t.length()) {
                    seenS.add(t.substring(m.start()));
                    seenP.add(t.substring(0, m.end()));
                }
            }
            seenS.forEach(s -> suffixCount.merge(s, 1, Integer::sum));
            seenP.forEach(p -> prefixCount.merge(p, 1, Integer::sum));
        }
        int min = Math.max(2, (int) Math.ceil(n * MIN_SHARE));
        return new TitleTemplate(frequent(prefixCount, min), frequent(suffixCount, min));
    }

    private static List<String> frequent(Map<String, Integer> counts, int min) {
        List<String> out = new ArrayList<>();
        counts.forEach((k, v) -> {
            if (v >= min) {
                out.add(k);
            }
        });
        out.sort(Comparator.comparingInt(String::length).reversed().thenComparing(Comparator.naturalOrder()));
        return out;
    }

    /** The title without the site's prefix/suffix; a title that is only the template is returned unchanged. */
    public String strip(String title) {
        if (title == null) {
            return "";
        }
        String t = title.strip();
        for (String s : suffixes) {
            if (t.endsWith(s) && t.length() > s.length()) {
                t = t.substring(0, t.length() - s.length()).strip();
                break;
            }
        }
        for (String p : prefixes) {
            if (t.startsWith(p) && t.length() > p.length()) {
                t = t.substring(p.length()).strip();
                break;
            }
        }
        return t;
    }

    /** The same prefixes and suffixes: both strip every title alike. */
    @Override
    public boolean equals(Object o) {
        return o instanceof TitleTemplate t && prefixes.equals(t.prefixes) && suffixes.equals(t.suffixes);
    }

    @Override
    public int hashCode() {
        return 31 * prefixes.hashCode() + suffixes.hashCode();
    }

    @Override
    public String toString() {
        return "TitleTemplate{prefixes=" + prefixes + ", suffixes=" + suffixes + "}";
    }
}
