package dev.linker.core.anchor;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.UnaryOperator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The names a page goes by, derived from its title and H1 once the site's title template is stripped: the title
 * itself, its parts around dashes, colons and parentheses ("WITH Queries (Common Table Expressions)" is also named
 * "Common Table Expressions"), and for numbered titles the number as documentation cross-references cite it
 * ("34.15. Environment Variables" is "Section 34.15", "Chapter 13. …" is "Chapter 13"); and the slug of its address,
 * which may confirm a head of its title.
 */
public final class TitleNames {
    private static final Pattern NUMBERED = Pattern.compile(
            "^(?:(chapter|part|appendix|section|chap\\.|sec\\.)\\s+)?([A-Za-z]|[IVXLC]+|\\d+)((?:\\.\\d+)*)\\.?\\s+(\\S.*)$",
            Pattern.CASE_INSENSITIVE);
    private static final Pattern PARTS = Pattern.compile("\\s+[—–-]\\s+|:\\s+|\\s+\\|\\s+|[()\\[\\]]");

    private TitleNames() {
    }

    /** A name and whether it is a cross-reference number rather than words. */
    public record Name(String text, boolean number) {
    }

    /** Title with the template stripped and any leading section number removed: what an editor would write. */
    public static String clean(String title, UnaryOperator<String> stripTemplate) {
        String t = stripTemplate.apply(title == null ? "" : title).strip();
        Matcher m = NUMBERED.matcher(t);
        if (m.matches() && isEnumerator(m)) {
            return m.group(4).strip();
        }
        return t;
    }

    public static List<Name> names(String title, String h1, UnaryOperator<String> stripTemplate) {
        Set<Name> out = new LinkedHashSet<>();
        for (String raw : new String[] {title, h1}) {
            if (raw == null || raw.isBlank()) {
                continue;
            }
            String t = stripTemplate.apply(raw).strip();
            Matcher m = NUMBERED.matcher(t);
            if (m.matches() && isEnumerator(m)) {
                String kind = m.group(1);
                String num = m.group(2) + m.group(3);
                String ref;
                if (kind != null) {
                    ref = kind.toLowerCase(Locale.ROOT).replace(".", "") + " " + num;
                } else if (!m.group(3).isEmpty()) {
                    ref = "section " + num;
                } else if (m.group(2).chars().allMatch(Character::isDigit)) {
                    ref = "chapter " + num;
                } else if (m.group(2).length() == 1) {
                    ref = "appendix " + num;
                } else {
                    ref = "part " + num;
                }
                out.add(new Name(ref, true));
                t = m.group(4).strip();
            }
            addWords(out, t);
            for (String part : PARTS.split(t)) {
                addWords(out, part);
            }
        }
        return new ArrayList<>(out);
    }

    /**
     * The title's head: its leading words, two or more but not all, as a text shortens the page's name ("cold brew"
     * for "Cold brew concentrate", "continuous archiving" for "Continuous Archiving and Point-in-Time Recovery").
     * Only within the title's first part (before a dash, colon or parenthesis), and no stop word or number in it
     * ("Choosing a burr" is no head), longest first. Weaker evidence than a whole name ({@link NameKind#HEAD}).
     */
    public static List<String> heads(String title, UnaryOperator<String> stripTemplate) {
        String t = clean(title, stripTemplate);
        String first = PARTS.split(t, 2)[0].strip();
        String[] words = first.split("\\s+");
        List<String> out = new ArrayList<>();
        for (int k = 2; k < words.length && content(words[k - 2]) && content(words[k - 1]); k++) {
            out.add(0, String.join(" ", java.util.Arrays.copyOf(words, k)));
        }
        return out;
    }

    /** A word that can be in a head: one term, neither a stop word nor a number. */
    private static boolean content(String word) {
        List<String> terms = Tokens.terms(word);
        return terms.size() == 1 && !AnchorText.isStopTerm(terms.get(0))
                && !terms.get(0).chars().allMatch(Character::isDigit);
    }

    private static final Pattern ARTICLE = Pattern.compile("^(?:the|a|an)\\s+(\\S.*)$", Pattern.CASE_INSENSITIVE);

    private static void addWords(Set<Name> out, String s) {
        String p = s.strip();
        if (!p.isEmpty() && Tokens.terms(p).stream().anyMatch(x -> !x.chars().allMatch(Character::isDigit))) {
            out.add(new Name(p, false));
            // "The Flat White" is mentioned as "a flat white".
            Matcher m = ARTICLE.matcher(p);
            if (m.matches()) {
                out.add(new Name(m.group(1), false));
            }
        }
    }

    /**
     * "Chapter 3. X", "8.15. X", "F.1. X" are numbered; "I. Introduction" is only when a kind word or a dotted
     * number makes it unambiguous, and "A Tour" (a word, not a number) never is.
     */
    private static boolean isEnumerator(Matcher m) {
        if (m.group(1) != null || !m.group(3).isEmpty()) {
            return true;
        }
        String a = m.group(2);
        // A bare number or letter needs its trailing dot: "3. Setup" yes, "3 Setup" / "A Tour" no.
        int dot = m.end(2) + m.group(3).length();
        return dot < m.group(0).length() && m.group(0).charAt(dot) == '.'
                && (a.chars().allMatch(Character::isDigit) || a.length() == 1 && Character.isUpperCase(a.charAt(0)));
    }

    /** The last part of an address's path without its extension, or null for a folder ("/x/") or the root. */
    static String slug(String url) {
        String path = url;
        int scheme = url.indexOf("://");
        if (scheme >= 0) {
            int slash = url.indexOf('/', scheme + 3);
            path = slash < 0 ? "/" : url.substring(slash);
        }
        int cut = path.length();
        for (char c : new char[] {'?', '#'}) {
            int i = path.indexOf(c);
            if (i >= 0) {
                cut = Math.min(cut, i);
            }
        }
        path = path.substring(0, cut);
        if (path.isEmpty() || path.endsWith("/")) {
            return null;
        }
        String last = path.substring(path.lastIndexOf('/') + 1);
        int dot = last.lastIndexOf('.');
        if (dot > 0 && last.length() - dot <= 5 && last.substring(dot + 1).chars().allMatch(Character::isLetter)) {
            last = last.substring(0, dot); // .html, .htm, .php, .aspx
        }
        return last.isEmpty() || last.equals("index") ? null
                : java.net.URLDecoder.decode(last.replace("+", "%2B"), java.nio.charset.StandardCharsets.UTF_8);
    }
}
