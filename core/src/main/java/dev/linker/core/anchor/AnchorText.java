package dev.linker.core.anchor;

import java.text.Normalizer;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/** Normalisation of anchor and title text, and the per-language lists of anchors that say nothing. */
public final class AnchorText {
    private AnchorText() {
    }

    private static final Set<String> STOPWORDS = Set.of(
            "a", "an", "the", "and", "or", "of", "to", "in", "on", "for", "with", "by", "at", "from", "as", "is", "are",
            "be", "this", "that", "these", "those", "it", "its", "your", "our", "you", "we", "how", "what", "why",
            "about", "into", "see", "also", "vs", "via", "de", "der", "die", "das", "und", "le", "la", "les", "et",
            "des", "du", "el", "los", "las", "y", "en", "het", "een", "il", "di", "e", "o", "do", "da");

    /**
     * Function words as {@link Tokens} normalises them (the stop words above and a few more that never carry a link
     * on their own): what an anchor neither starts nor ends with.
     */
    private static final Set<String> STOP_TERMS = stopTerms();

    private static Set<String> stopTerms() {
        Set<String> out = new HashSet<>();
        List<String> more = List.of("was", "were", "has", "have", "had", "not", "no", "can", "could", "will", "would",
                "should", "may", "might", "must", "do", "does", "did", "also", "more", "most", "some", "such", "other",
                "which", "who", "whom", "whose", "when", "where", "there", "then", "than", "so", "if", "but", "all",
                "any", "each", "only", "just", "very", "own", "same", "been", "being", "am", "i", "me", "my", "he",
                "she", "they", "them", "their", "his", "her", "us", "up", "out", "over", "under", "again", "once",
                "here", "both", "few", "many", "much", "too", "s", "t", "let", "lets", "its", "it", "one", "ones");
        for (String w : STOPWORDS) {
            out.add(Tokens.normalize(w));
        }
        for (String w : more) {
            out.add(Tokens.normalize(w));
        }
        return Set.copyOf(out);
    }

    /** True for a function word, given as {@link Tokens} normalises it. */
    public static boolean isStopTerm(String term) {
        return STOP_TERMS.contains(term);
    }

    private static final java.util.regex.Pattern EDGE_PUNCTUATION =
            java.util.regex.Pattern.compile("^[\\s\\p{Punct}«‹←]+|[\\s\\p{Punct}»›→…]+$");
    private static final java.util.regex.Pattern SPACES = java.util.regex.Pattern.compile("\\s+");

    /** Anchors that tell neither reader nor search engine where a link goes, by language (ISO 639-1). */
    public static final Map<String, Set<String>> GENERIC = Map.of(
            "en", Set.of("click here", "here", "read more", "more", "learn more", "this", "this page", "link",
                    "this link", "next", "previous", "prev", "continue", "continue reading", "go", "see more",
                    "details", "more info", "more information", "info", "website", "page", "article",
                    "find out more", "click", "read", "view", "view more", "more details", "go here", "see here"),
            "de", Set.of("hier", "hier klicken", "klicken sie hier", "mehr", "weiterlesen", "mehr erfahren",
                    "weiter", "zurück", "link", "diese seite", "details", "mehr lesen"),
            "fr", Set.of("ici", "cliquez ici", "en savoir plus", "lire la suite", "plus", "suite", "suivant",
                    "précédent", "lien", "cette page", "voir plus"),
            "es", Set.of("aquí", "aqui", "haga clic aquí", "haz clic aquí", "leer más", "más", "más información",
                    "siguiente", "anterior", "enlace", "esta página", "ver más"),
            "nl", Set.of("hier", "klik hier", "lees meer", "meer", "meer info", "volgende", "vorige", "deze pagina"),
            "it", Set.of("qui", "clicca qui", "leggi di più", "di più", "altro", "avanti", "indietro", "successivo",
                    "precedente", "questa pagina", "scopri di più"),
            "pt", Set.of("aqui", "clique aqui", "leia mais", "saiba mais", "mais", "próximo", "anterior",
                    "esta página", "ver mais"));

    /** Lower case, accents and punctuation removed, whitespace collapsed. */
    public static String normalize(String s) {
        if (s == null) {
            return "";
        }
        // Fast path for ASCII text (most anchors): one pass, no regex.
        StringBuilder sb = new StringBuilder(s.length());
        boolean space = false;
        boolean ascii = true;
        for (int i = 0; i < s.length() && ascii; i++) {
            char c = s.charAt(i);
            if (c >= 128) {
                ascii = false;
            } else if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9')) {
                if (space && sb.length() > 0) {
                    sb.append(' ');
                }
                space = false;
                sb.append(c);
            } else if (c >= 'A' && c <= 'Z') {
                if (space && sb.length() > 0) {
                    sb.append(' ');
                }
                space = false;
                sb.append((char) (c + 32));
            } else {
                space = true;
            }
        }
        if (ascii) {
            return sb.toString();
        }
        String n = Normalizer.normalize(s, Normalizer.Form.NFKD).replaceAll("\\p{M}+", "").toLowerCase(Locale.ROOT);
        return n.replaceAll("[^\\p{L}\\p{N}]+", " ").strip();
    }

    /** Whether an anchor is generic in the page's language or in English. */
    public static boolean isGeneric(String anchor, String lang, Set<String> extra) {
        if (anchor == null || anchor.length() > 40) {
            return false; // generic phrases are short; skip the work for real anchors
        }
        String a = SPACES.matcher(EDGE_PUNCTUATION.matcher(anchor.toLowerCase(Locale.ROOT)).replaceAll(""))
                .replaceAll(" ").strip();
        if (a.isEmpty()) {
            return false;
        }
        if (extra.contains(a) || GENERIC.get("en").contains(a)) {
            return true;
        }
        String l = lang == null || lang.length() < 2 ? "" : lang.substring(0, 2).toLowerCase(Locale.ROOT);
        Set<String> list = GENERIC.get(l);
        return list != null && list.contains(a);
    }

    /**
     * Function words of the languages whose generic anchors the audit knows, as {@link #normalize} writes them
     * (accents folded): dropped from an anchor, with English's, when the page is in that language.
     */
    static final Map<String, Set<String>> STOPWORDS_BY_LANGUAGE = Map.of(
            "de", Set.of("der", "die", "das", "den", "dem", "des", "ein", "eine", "einen", "einem", "einer", "eines",
                    "und", "oder", "aber", "mit", "von", "vom", "zu", "zum", "zur", "fur", "auf", "aus", "bei", "nach",
                    "uber", "unter", "vor", "im", "in", "am", "an", "ist", "sind", "wie", "was", "so", "auch", "nicht",
                    "sie", "ihr", "ihre", "wir", "unsere", "ich", "es", "sich", "als", "dass", "hier"),
            "fr", Set.of("le", "la", "les", "l", "un", "une", "des", "du", "de", "d", "et", "ou", "a", "au", "aux",
                    "en", "dans", "par", "pour", "sur", "avec", "sans", "sous", "ce", "cet", "cette", "ces", "qui",
                    "que", "qu", "est", "sont", "votre", "vos", "notre", "nos", "son", "sa", "ses", "leur", "comment"),
            "es", Set.of("el", "la", "los", "las", "un", "una", "unos", "unas", "de", "del", "al", "y", "o", "en",
                    "con", "por", "para", "sin", "sobre", "que", "es", "son", "su", "sus", "tu", "tus", "nuestro",
                    "nuestra", "como", "lo", "se", "mas", "este", "esta", "estos", "estas"),
            "nl", Set.of("de", "het", "een", "en", "of", "van", "voor", "met", "op", "in", "aan", "bij", "naar", "uit",
                    "over", "door", "om", "te", "is", "zijn", "hoe", "wat", "uw", "je", "jouw", "onze", "ons", "dit",
                    "dat", "deze", "die"),
            "it", Set.of("il", "lo", "la", "i", "gli", "le", "l", "un", "uno", "una", "di", "del", "della", "dei",
                    "delle", "e", "o", "a", "al", "alla", "da", "in", "nel", "nella", "con", "su", "per", "tra", "fra",
                    "che", "come", "sono", "tuo", "tua", "nostro", "nostra", "questo", "questa"),
            "pt", Set.of("o", "a", "os", "as", "um", "uma", "uns", "umas", "de", "do", "da", "dos", "das", "e", "ou",
                    "em", "no", "na", "nos", "nas", "com", "por", "para", "sem", "sobre", "que", "como", "seu", "sua",
                    "seus", "suas", "nosso", "nossa", "este", "esta", "isto"));

    /** Significant words: normalised, stop words dropped. */
    public static List<String> words(String s) {
        return words(s, null);
    }

    /**
     * Significant words of a text in {@code lang} (an HTML lang such as "de-AT"; null or unknown: English and a few
     * articles of other languages): normalised, stop words of English and of that language dropped.
     */
    public static List<String> words(String s, String lang) {
        String l = lang == null || lang.length() < 2 ? "" : lang.substring(0, 2).toLowerCase(Locale.ROOT);
        Set<String> more = STOPWORDS_BY_LANGUAGE.getOrDefault(l, Set.of());
        List<String> out = new ArrayList<>();
        for (String w : normalize(s).split(" ")) {
            if (!w.isEmpty() && !STOPWORDS.contains(w) && !more.contains(w)) {
                out.add(w);
            }
        }
        return out;
    }

    /** A crude stem, enough to match "index"/"indexes"/"indexing": numbers whole, words cut to 5 letters. */
    public static String stem(String word) {
        if (word.chars().allMatch(Character::isDigit)) {
            return word;
        }
        if (word.length() > 5) {
            return word.substring(0, 5);
        }
        // "(?<=...)s$": a final s after at least three letters goes (no regex: this runs for every link's anchor)
        return word.length() >= 4 && word.charAt(word.length() - 1) == 's' ? word.substring(0, word.length() - 1) : word;
    }

    public static Set<String> stems(String s) {
        Set<String> out = new HashSet<>();
        for (String w : words(s)) {
            out.add(stem(w));
        }
        return out;
    }
}
