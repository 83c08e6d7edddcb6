package dev.linker.core.check;

import dev.linker.core.anchor.AnchorText;
import dev.linker.core.audit.Severity;
import dev.linker.core.model.Link;
import dev.linker.core.model.Page;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Anchor text that no longer names its target. Without history the telling cases are: the anchor was plainly written
 * as the target's title but differs from it now ("Install on Ubuntu 20.04" → "Install on Ubuntu 24.04": same length,
 * most words shared, some changed), or the anchor is exactly the title of another page. Descriptive anchors that
 * share no words with the title are normal editorial links and are left alone. With git history a former title
 * of the target that the anchor still says is reported first, whatever its length ({@link FormerTitle}).
 */
final class StaleAnchorCheck implements Check {
    /** Share of words an anchor must have in common with a title to count as "written as that title". */
    private static final double TITLE_LIKE = 0.6;

    @Override
    public String id() {
        return "stale-anchor";
    }

    @Override
    public String description() {
        return "Anchor text that looks like the target's title but no longer matches it, or is another page's title";
    }

    @Override
    public Severity defaultSeverity() {
        return Severity.WARNING;
    }

    @Override
    public Map<String, Object> defaultOptions() {
        return Map.of("minWords", 2L, "contentOnly", false);
    }

    @Override
    public void run(CheckContext ctx) {
        int minWords = ctx.intOption("minWords");
        boolean contentOnly = ctx.boolOption("contentOnly");
        Map<String, String> byTitle = titles(ctx);
        for (Page page : ctx.site().pages().values()) {
            for (Link l : page.links()) {
                if (l.targetUrl() == null || l.targetUrl().equals(page.url()) || (contentOnly && !l.content())) {
                    continue;
                }
                Page target = ctx.site().page(l.targetUrl());
                if (target == null || (target.title().isBlank() && target.h1().isBlank())) {
                    continue;
                }
                String anchor = l.anchorText();
                List<String> words = AnchorText.words(anchor);
                if (words.isEmpty() || AnchorText.isGeneric(anchor, page.lang(), Set.of())) {
                    continue;
                }
                String heading = l.fragment() == null ? "" : target.sectionHeadings().getOrDefault(l.fragment(), "");
                String title = ctx.template().strip(target.title());
                List<String> names = new ArrayList<>();
                for (String n : List.of(title, target.h1(), heading)) {
                    if (!n.isBlank()) {
                        names.add(n);
                    }
                }
                String a = AnchorText.normalize(anchor);
                if (names.stream().anyMatch(n -> AnchorText.normalize(n).equals(a) || contains(n, words))) {
                    continue;
                }
                FormerTitle former = l.fragment() == null ? FormerTitle.find(ctx, target, a) : null;
                if (former != null) {
                    ctx.link(l, former.message());
                    continue;
                }
                if (words.size() < minWords) {
                    continue;
                }
                String now = !heading.isBlank() ? "section #" + l.fragment() + " is headed '" + heading + "'"
                        : "the page is titled '" + (title.isBlank() ? target.h1() : title) + "'";
                String other = byTitle.get(a);
                if (other != null && !other.equals(target.url())) {
                    ctx.link(l, "anchor '" + anchor + "' is the title of " + other + ", but the link goes to "
                            + target.url() + " (" + now + ")");
                    continue;
                }
                List<String> ref = withoutReferenceWords(words);
                if (!ref.isEmpty() && ref.stream().allMatch(StaleAnchorCheck::isNumber)) {
                    // "Section 5.7": a numbered reference; stale only when the target's number changed.
                    String num = String.join(".", ref);
                    // With a #fragment only that section's heading can say which number it has.
                    String targetNum = l.fragment() != null ? (heading.isBlank() ? null : leadingNumber(List.of(heading)))
                            : leadingNumber(names);
                    if (targetNum != null && !targetNum.equals(num)) {
                        ctx.link(l, "anchor '" + anchor + "' refers to number " + num + ", but " + now);
                    }
                    continue;
                }
                for (String n : names) {
                    if (titleLike(ref, AnchorText.words(n))) {
                        ctx.link(l, "anchor '" + anchor + "' looks like an old title of " + target.url() + ": " + now);
                        break;
                    }
                }
            }
        }
    }

    /** Every anchor word occurs in the name: the anchor is a shortened form of it. */
    private static boolean contains(String name, List<String> words) {
        Set<String> stems = AnchorText.stems(name);
        return words.stream().allMatch(w -> stems.contains(AnchorText.stem(w)));
    }

    /**
     * About as many words as the title, most of them shared, and some exchanged: a word of the title is missing and
     * a word not in the title is there instead. An anchor that only adds or only drops words is a longer or shorter
     * form of the title, not a stale one.
     */
    static boolean titleLike(List<String> anchor, List<String> title) {
        if (anchor.size() < 2 || title.isEmpty() || Math.abs(anchor.size() - title.size()) > 1) {
            return false;
        }
        Set<String> t = new HashSet<>();
        title.forEach(w -> t.add(AnchorText.stem(w)));
        Set<String> a = new HashSet<>();
        anchor.forEach(w -> a.add(AnchorText.stem(w)));
        long shared = a.stream().filter(t::contains).count();
        boolean added = a.stream().anyMatch(w -> !t.contains(w));
        boolean dropped = t.stream().anyMatch(w -> !a.contains(w));
        return added && dropped && shared >= TITLE_LIKE * Math.max(a.size(), t.size());
    }

    /** "5.7" in "5.7. Privileges" or "Chapter 5.7 …". */
    private static final java.util.regex.Pattern LEADING_NUMBER =
            java.util.regex.Pattern.compile("^(?:[A-Za-z]+\\s+)?(\\d+(?:\\.\\d+)*)");

    private static final Set<String> REFERENCE_WORDS = Set.of("section", "chapter", "appendix", "part", "step",
            "figure", "table", "example", "page", "sect", "sec", "chap", "fig", "no", "nr", "number");

    private static List<String> withoutReferenceWords(List<String> words) {
        return words.stream().filter(w -> !REFERENCE_WORDS.contains(w)).toList();
    }

    private static boolean isNumber(String w) {
        return !w.isEmpty() && w.chars().allMatch(Character::isDigit);
    }

    /** "5.7" from "5.7. Privileges" (the first name that starts with a number), else null. */
    private static String leadingNumber(List<String> names) {
        for (String n : names) {
            var m = LEADING_NUMBER.matcher(n.strip());
            if (m.find()) {
                return m.group(1);
            }
        }
        return null;
    }

    /** Normalised, template-stripped title → page, for titles that belong to exactly one page. */
    private static Map<String, String> titles(CheckContext ctx) {
        Map<String, String> m = new HashMap<>();
        Set<String> dup = new HashSet<>();
        for (Page p : ctx.site().pages().values()) {
            String t = AnchorText.normalize(ctx.template().strip(p.title()));
            if (AnchorText.words(t).size() < 2) {
                continue;
            }
            if (m.putIfAbsent(t, p.url()) != null) {
                dup.add(t);
            }
        }
        dup.forEach(m::remove);
        return m;
    }
}
