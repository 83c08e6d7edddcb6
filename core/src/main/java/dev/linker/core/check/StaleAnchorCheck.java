package dev.linker.core.check;

import dev.linker.core.anchor.AnchorText;
import dev.linker.core.result.Severity;
import dev.linker.core.model.Link;
import dev.linker.core.model.Page;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Anchor text that no longer names its target. Without history a differently worded anchor is an author's paraphrase
 * ("Go turning 10" for "Go Turns 10"), not evidence of an old title, so only anchors that plainly name something
 * else are reported: another version of the target ("Install on Ubuntu 20.04" → "Install on Ubuntu 24.04": the
 * title's words with another number), a numbered reference whose number changed ("Section 5.7" → "5.8. Privileges"),
 * or the exact title of another page. With git history a former title of the target that the anchor still says is
 * reported first, whatever its wording ({@link FormerTitle}). A link through a redirect is judged by the page it
 * lands on; the extra hop is redirect-link's finding.
 */
final class StaleAnchorCheck extends BaseCheck {
    StaleAnchorCheck() {
        super("stale-anchor", "Anchor text that names another version of the target, a section number it no longer has, "
                + "another page's title, or (with git history) a former title",
                Severity.WARNING,
                Map.of("minWords", 2L, "contentOnly", false));
    }

    @Override
    public void run(CheckContext ctx) {
        int minWords = ctx.intOption("minWords");
        boolean contentOnly = ctx.boolOption("contentOnly");
        Map<String, String> byTitle = titles(ctx);
        AnchorMemo<Anchor> anchors = new AnchorMemo<>(Anchor::of);
        AnchorMemo<Numbered> numbered = new AnchorMemo<>((anchor, lang) -> Numbered.of(anchor));
        for (Page page : ctx.site().pages().values()) {
            for (Link l : page.links()) {
                if (l.targetUrl() == null || l.targetUrl().equals(page.url()) || (contentOnly && !l.content())) {
                    continue;
                }
                Page target = landing(ctx, l.targetUrl());
                if (target == null || target.url().equals(page.url())
                        || (target.title().isBlank() && target.h1().isBlank())) {
                    continue;
                }
                String anchor = l.anchorText();
                Anchor facts = anchors.get(anchor, page.lang());
                List<String> words = facts.words();
                if (words.isEmpty() || facts.generic()) {
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
                String a = facts.normalized();
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
                List<String> ref = facts.reference();
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
                String version = otherVersion(numbered.get(anchor, null), names);
                if (version != null) {
                    ctx.link(l, "anchor '" + anchor + "' names version " + version + ", but " + now);
                }
            }
        }
    }

    /**
     * The page a link lands on: its target, or the end of that target's redirects (a meta-refresh stub is titled
     * "Redirecting"; the reader sees the page it sends to). Null for a redirect out of the site or a loop.
     */
    private static Page landing(CheckContext ctx, String url) {
        if (!ctx.site().redirects().containsKey(url)) {
            return ctx.site().page(url);
        }
        Set<String> seen = new HashSet<>();
        String u = url;
        for (String to = ctx.site().redirects().get(u); to != null; to = ctx.site().redirects().get(u)) {
            if (!seen.add(u)) {
                return null;
            }
            u = to;
        }
        return ctx.site().page(u);
    }

    /** Every anchor word occurs in the name: the anchor is a shortened form of it. */
    private static boolean contains(String name, List<String> words) {
        Set<String> stems = AnchorText.stems(name);
        return words.stream().allMatch(w -> stems.contains(AnchorText.stem(w)));
    }

    /** Version numbers as written: "1.21" in "Go 1.21", "20.04" in "Ubuntu 20.04", "2" in "API v2". */
    private static final java.util.regex.Pattern VERSION = java.util.regex.Pattern.compile("\\d+(?:\\.\\d+)*");

    /**
     * The number of the anchor when it is one of the target's names in another version: every word of the anchor
     * (numbers aside) is a word of the name, so it was written as that name, perhaps shortened, and it carries a
     * number the name lacks while the name carries one the anchor lacks ("Go 1.19" for "Go 1.21 is released!").
     * An anchor that keeps the name's number ("Go 1.21 in August") or only adds one ("Go Turns 10 in 2019") is not
     * another version. Null when no name qualifies, or when one name has all the anchor's numbers (the H1 may carry
     * the version the title leaves out).
     */
    static String otherVersion(String anchor, List<String> names) {
        return otherVersion(Numbered.of(anchor), names);
    }

    private static String otherVersion(Numbered anchor, List<String> names) {
        List<String> written = anchor.written();
        List<String> numbers = anchor.numbers();
        List<String> words = anchor.letters();
        if (numbers.isEmpty() || words.isEmpty()) {
            return null;
        }
        String found = null;
        for (String n : names) {
            List<String> nameNumbers = numbers(n).stream().map(StaleAnchorCheck::version).toList();
            if (nameNumbers.containsAll(numbers)) {
                return null;
            }
            Set<String> nameWords = new HashSet<>();
            lettersOnly(n).forEach(w -> nameWords.add(AnchorText.stem(w)));
            if (found == null && !numbers.containsAll(nameNumbers)
                    && words.stream().allMatch(w -> nameWords.contains(AnchorText.stem(w)))) {
                for (int i = 0; found == null; i++) {
                    found = nameNumbers.contains(numbers.get(i)) ? null : written.get(i);
                }
            }
        }
        return found;
    }

    /** An anchor's words and what they say, as the check reads every anchor (see {@link AnchorMemo}). */
    private record Anchor(List<String> words, boolean generic, String normalized, List<String> reference) {
        static Anchor of(String anchor, String lang) {
            List<String> words = AnchorText.words(anchor, lang);
            return new Anchor(words, AnchorText.isGeneric(anchor, lang, Set.of()), AnchorText.normalize(anchor),
                    withoutReferenceWords(words));
        }
    }

    /** The numbers of an anchor as written and as versions, and its words without them: {@link #otherVersion}'s. */
    private record Numbered(List<String> written, List<String> numbers, List<String> letters) {
        static Numbered of(String anchor) {
            List<String> written = StaleAnchorCheck.numbers(anchor);
            return new Numbered(written, written.stream().map(StaleAnchorCheck::version).toList(), lettersOnly(anchor));
        }
    }

    private static List<String> numbers(String s) {
        if (s.chars().noneMatch(c -> c >= '0' && c <= '9')) {
            return List.of(); // nothing for VERSION's \d; most names have no digit
        }
        List<String> out = new ArrayList<>();
        var m = VERSION.matcher(s);
        while (m.find()) {
            out.add(m.group());
        }
        return out;
    }

    /** "1.0.0" and "1.0" are version 1, as "v1.0.0 is released" and "1.0 launching" say the same release. */
    private static String version(String number) {
        return number.indexOf('.') < 0 ? number : number.replaceFirst("(?<=\\d)(?:\\.0+)+$", "");
    }

    /** Significant words with their digits removed ("v2" → "v"), numbers dropped. */
    private static List<String> lettersOnly(String s) {
        List<String> out = new ArrayList<>();
        for (String w : AnchorText.words(s)) {
            String letters = w.codePoints().noneMatch(StaleAnchorCheck::isNumeric) ? w : w.replaceAll("\\p{N}+", "");
            if (!letters.isEmpty()) {
                out.add(letters);
            }
        }
        return out;
    }

    /** What the regex class {@code \p{N}} matches. */
    private static boolean isNumeric(int codePoint) {
        int t = Character.getType(codePoint);
        return t == Character.DECIMAL_DIGIT_NUMBER || t == Character.LETTER_NUMBER || t == Character.OTHER_NUMBER;
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
            if (ctx.site().redirects().containsKey(p.url())) {
                continue; // a stub's title ("Redirecting") names nothing a reader sees
            }
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
