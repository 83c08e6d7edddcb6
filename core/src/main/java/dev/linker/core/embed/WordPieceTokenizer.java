package dev.linker.core.embed;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.text.Normalizer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * BERT tokenizer (uncased): the {@code BertNormalizer} + {@code BertPreTokenizer} + {@code WordPiece} pipeline of a
 * Hugging Face {@code tokenizer.json}, reimplemented in plain Java so that no native tokenizer library is needed.
 *
 * <p>Steps, as the Rust {@code tokenizers} library does them: special tokens written literally in the text
 * ({@code [CLS]}, {@code [SEP]} ...) are kept whole; control characters are dropped and whitespace becomes a space;
 * CJK ideographs are split into single characters; accents are stripped (NFD, drop non-spacing marks); text is
 * lowercased; words are split on whitespace and punctuation; each word becomes the greedy longest-match WordPiece
 * sequence ({@code ##} marks a continuation), or {@code [UNK]} when it cannot be covered or is longer than
 * {@code max_input_chars_per_word}.
 *
 * <p>Immutable and thread-safe.
 */
public final class WordPieceTokenizer {

    private static final String CONTINUATION = "##";

    private final Map<String, Integer> vocab;
    private final String[] tokensById;
    private final boolean[] continuationById;
    private final int unkId;
    private final int clsId;
    private final int sepId;
    private final int maxInputCharsPerWord;
    private final boolean lowercase;
    private final boolean stripAccents;
    /** Special tokens matched verbatim in raw text, longest first. */
    private final List<String> specialTokens;

    private WordPieceTokenizer(Map<String, Integer> vocab, String unk, int maxInputCharsPerWord, boolean lowercase,
                               boolean stripAccents, List<String> specialTokens) {
        this.vocab = Map.copyOf(vocab);
        int size = vocab.values().stream().mapToInt(Integer::intValue).max().orElse(-1) + 1;
        this.tokensById = new String[size];
        this.continuationById = new boolean[size];
        vocab.forEach((token, id) -> {
            tokensById[id] = token;
            continuationById[id] = token.startsWith(CONTINUATION);
        });
        this.unkId = requireToken(unk);
        this.clsId = requireToken("[CLS]");
        this.sepId = requireToken("[SEP]");
        this.maxInputCharsPerWord = maxInputCharsPerWord;
        this.lowercase = lowercase;
        this.stripAccents = stripAccents;
        this.specialTokens = specialTokens.stream()
                .filter(vocab::containsKey)
                .sorted((a, b) -> Integer.compare(b.length(), a.length()))
                .toList();
    }

    private int requireToken(String token) {
        Integer id = vocab.get(token);
        if (id == null) {
            throw new IllegalArgumentException("tokenizer.json: vocabulary has no " + token + " token");
        }
        return id;
    }

    /**
     * Reads a Hugging Face {@code tokenizer.json} whose model is {@code WordPiece} (BERT-style).
     *
     * @param json   the file's content
     * @param source names the file in error messages
     */
    public static WordPieceTokenizer fromTokenizerJson(InputStream json, String source) {
        JsonNode root;
        try (json) {
            root = new ObjectMapper().readTree(json);
        } catch (IOException e) {
            throw new IllegalArgumentException(source + ": not a readable tokenizer.json (" + e.getMessage() + ")", e);
        }
        JsonNode model = root.path("model");
        if (!"WordPiece".equals(model.path("type").asText())) {
            throw new IllegalArgumentException(source + ": model.type must be WordPiece, was '"
                    + model.path("type").asText() + "'");
        }
        JsonNode vocabNode = model.path("vocab");
        if (!vocabNode.isObject() || vocabNode.isEmpty()) {
            throw new IllegalArgumentException(source + ": model.vocab is missing or empty");
        }
        Map<String, Integer> vocab = new HashMap<>(vocabNode.size() * 2);
        for (Map.Entry<String, JsonNode> e : vocabNode.properties()) {
            if (!e.getValue().canConvertToInt() || e.getValue().asInt() < 0 || e.getValue().asInt() > 10_000_000) {
                throw new IllegalArgumentException(source + ": model.vocab id of '" + e.getKey() + "' is not a valid"
                        + " token id: " + e.getValue());
            }
            vocab.put(e.getKey(), e.getValue().asInt());
        }
        if (!CONTINUATION.equals(model.path("continuing_subword_prefix").asText(CONTINUATION))) {
            throw new IllegalArgumentException(source + ": only the '##' continuing_subword_prefix is supported");
        }
        JsonNode normalizer = root.path("normalizer");
        boolean lowercase = normalizer.path("lowercase").asBoolean(true);
        // As in the tokenizers library: strip_accents null means "same as lowercase".
        JsonNode strip = normalizer.path("strip_accents");
        boolean stripAccents = strip.isBoolean() ? strip.asBoolean() : lowercase;
        List<String> specials = new ArrayList<>();
        for (JsonNode added : root.path("added_tokens")) {
            if (added.path("special").asBoolean(false)) {
                specials.add(added.path("content").asText());
            }
        }
        return new WordPieceTokenizer(vocab, model.path("unk_token").asText("[UNK]"),
                model.path("max_input_chars_per_word").asInt(100), lowercase, stripAccents, specials);
    }

    public int vocabularySize() {
        return vocab.size();
    }

    /** The id of a vocabulary entry, or -1. */
    public int idOf(String token) {
        return vocab.getOrDefault(token, -1);
    }

    public String tokenOf(int id) {
        return tokensById[id];
    }

    public int clsId() {
        return clsId;
    }

    public int sepId() {
        return sepId;
    }

    public int unkId() {
        return unkId;
    }

    /** True for a {@code ##} piece, i.e. one that continues the previous word. */
    public boolean isContinuation(int id) {
        return continuationById[id];
    }

    /** The word pieces of {@code text} as strings, without [CLS]/[SEP]; e.g. "Hello!" gives [hello, !]. */
    public List<String> tokenize(String text) {
        int[] ids = wordPieceIds(text);
        List<String> out = new ArrayList<>(ids.length);
        for (int id : ids) {
            out.add(tokensById[id]);
        }
        return out;
    }

    /** {@code [CLS] pieces... [SEP]} ids for the whole text, untruncated. */
    public int[] encode(String text) {
        int[] pieces = wordPieceIds(text);
        int[] out = new int[pieces.length + 2];
        out[0] = clsId;
        System.arraycopy(pieces, 0, out, 1, pieces.length);
        out[out.length - 1] = sepId;
        return out;
    }

    /**
     * Splits the text's word pieces into model inputs of at most {@code maxTokens} ids each, every one framed by
     * {@code [CLS]} ... {@code [SEP]}. A window never starts inside a word (on a {@code ##} piece) unless a single
     * word is longer than a whole window. Blank text gives no windows.
     */
    public List<int[]> encodeWindows(String text, int maxTokens) {
        return windows(wordPieceIds(text), maxTokens);
    }

    /** As {@link #encodeWindows(String, int)}, for word-piece ids already computed. */
    public List<int[]> windows(int[] pieces, int maxTokens) {
        if (maxTokens < 3) {
            throw new IllegalArgumentException("maxTokens must be at least 3 ([CLS] piece [SEP]), was " + maxTokens);
        }
        int room = maxTokens - 2;
        List<int[]> out = new ArrayList<>(pieces.length / room + 1);
        int from = 0;
        while (from < pieces.length) {
            int to = from + room;
            if (to >= pieces.length) {
                to = pieces.length;
            } else {
                while (to > from && continuationById[pieces[to]]) {
                    to--;
                }
                if (to == from) {
                    to = from + room; // one word longer than a window: cut it
                }
            }
            int[] window = new int[to - from + 2];
            window[0] = clsId;
            System.arraycopy(pieces, from, window, 1, to - from);
            window[window.length - 1] = sepId;
            out.add(window);
            from = to;
        }
        return out;
    }

    /** The word-piece ids of {@code text}, without [CLS]/[SEP]. */
    public int[] wordPieceIds(String text) {
        IntList out = new IntList(Math.max(16, text.length() / 4));
        int start = 0;
        // Special tokens written in the text are not normalized or split (tokenizers' AddedVocabulary).
        int bracket = specialTokens.isEmpty() ? -1 : text.indexOf('[');
        while (bracket >= 0) {
            String special = specialAt(text, bracket);
            if (special != null) {
                tokenizePlain(text.substring(start, bracket), out);
                out.add(vocab.get(special));
                start = bracket + special.length();
                bracket = text.indexOf('[', start);
            } else {
                bracket = text.indexOf('[', bracket + 1);
            }
        }
        tokenizePlain(start == 0 ? text : text.substring(start), out);
        return out.toArray();
    }

    private String specialAt(String text, int at) {
        for (String s : specialTokens) {
            if (text.startsWith(s, at)) {
                return s;
            }
        }
        return null;
    }

    private void tokenizePlain(String text, IntList out) {
        if (text.isEmpty()) {
            return;
        }
        String normalized = normalize(text);
        StringBuilder word = new StringBuilder(32);
        for (int i = 0; i < normalized.length(); ) {
            int cp = normalized.codePointAt(i);
            i += Character.charCount(cp);
            if (isWhitespace(cp)) {
                flushWord(word, out);
            } else if (isPunctuation(cp)) {
                flushWord(word, out);
                word.appendCodePoint(cp);
                flushWord(word, out);
            } else {
                word.appendCodePoint(cp);
            }
        }
        flushWord(word, out);
    }

    private void flushWord(StringBuilder word, IntList out) {
        if (word.isEmpty()) {
            return;
        }
        wordPiece(word.toString(), out);
        word.setLength(0);
    }

    /** Greedy longest-match-first; a word that cannot be fully covered becomes a single [UNK]. */
    private void wordPiece(String word, IntList out) {
        if (word.codePointCount(0, word.length()) > maxInputCharsPerWord) {
            out.add(unkId);
            return;
        }
        int mark = out.size();
        int start = 0;
        StringBuilder candidate = new StringBuilder(word.length() + 2);
        while (start < word.length()) {
            int end = word.length();
            Integer found = null;
            while (start < end) {
                candidate.setLength(0);
                if (start > 0) {
                    candidate.append(CONTINUATION);
                }
                candidate.append(word, start, end);
                found = vocab.get(candidate.toString());
                if (found != null) {
                    break;
                }
                end = word.offsetByCodePoints(end, -1);
            }
            if (found == null) {
                out.truncate(mark);
                out.add(unkId);
                return;
            }
            out.add(found);
            start = end;
        }
    }

    /** BertNormalizer: clean text, pad CJK ideographs with spaces, strip accents, lowercase. */
    String normalize(String text) {
        StringBuilder sb = new StringBuilder(text.length() + 8);
        boolean ascii = true;
        for (int i = 0; i < text.length(); ) {
            int cp = text.codePointAt(i);
            i += Character.charCount(cp);
            if (cp == 0 || cp == 0xFFFD || isControl(cp)) {
                continue;
            }
            if (isWhitespace(cp)) {
                sb.append(' ');
            } else if (isCjk(cp)) {
                sb.append(' ').appendCodePoint(cp).append(' ');
                ascii = false;
            } else {
                sb.appendCodePoint(cp);
                ascii &= cp < 0x80;
            }
        }
        String s = sb.toString();
        if (ascii) {
            return lowercase ? s.toLowerCase(Locale.ROOT) : s;
        }
        if (stripAccents) {
            String nfd = Normalizer.normalize(s, Normalizer.Form.NFD);
            StringBuilder kept = new StringBuilder(nfd.length());
            for (int i = 0; i < nfd.length(); ) {
                int cp = nfd.codePointAt(i);
                i += Character.charCount(cp);
                if (Character.getType(cp) != Character.NON_SPACING_MARK) {
                    kept.appendCodePoint(cp);
                }
            }
            s = kept.toString();
        }
        if (lowercase) {
            // Per code point, like Rust's char::to_lowercase: String.toLowerCase would apply the context-sensitive
            // final-sigma rule, which the reference tokenizer does not.
            StringBuilder lower = new StringBuilder(s.length());
            for (int i = 0; i < s.length(); ) {
                int cp = s.codePointAt(i);
                i += Character.charCount(cp);
                if (cp < 0x80) {
                    lower.append((char) (cp >= 'A' && cp <= 'Z' ? cp + 32 : cp));
                } else {
                    lower.append(new String(Character.toChars(cp)).toLowerCase(Locale.ROOT));
                }
            }
            s = lower.toString();
        }
        return s;
    }

    /**
     * Whether the text gives any word piece: false when the normalizer drops all of it (whitespace, control and
     * format characters such as NUL or U+202E, lone surrogates, combining marks). Such a text cannot be embedded.
     */
    public static boolean hasWordPieces(CharSequence text) {
        for (int i = 0; i < text.length(); ) {
            int cp = Character.codePointAt(text, i);
            i += Character.charCount(cp);
            if (cp != 0 && cp != 0xFFFD && !isControl(cp) && !isWhitespace(cp)
                    && Character.getType(cp) != Character.NON_SPACING_MARK) {
                return true;
            }
        }
        return false;
    }

    /** Rust's char::is_whitespace (Unicode White_Space); Java's Character.isWhitespace differs on NBSP and others. */
    static boolean isWhitespace(int cp) {
        return switch (cp) {
            case 0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x20, 0x85, 0xA0, 0x1680, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000 -> true;
            default -> cp >= 0x2000 && cp <= 0x200A;
        };
    }

    /** Unicode category C (Cc, Cf, Cs, Co, Cn), except tab, newline and carriage return, which count as whitespace. */
    static boolean isControl(int cp) {
        if (cp == '\t' || cp == '\n' || cp == '\r') {
            return false;
        }
        int type = Character.getType(cp);
        return type == Character.CONTROL || type == Character.FORMAT || type == Character.SURROGATE
                || type == Character.PRIVATE_USE || type == Character.UNASSIGNED;
    }

    static boolean isPunctuation(int cp) {
        if ((cp >= 33 && cp <= 47) || (cp >= 58 && cp <= 64) || (cp >= 91 && cp <= 96) || (cp >= 123 && cp <= 126)) {
            return true;
        }
        return switch (Character.getType(cp)) {
            case Character.CONNECTOR_PUNCTUATION, Character.DASH_PUNCTUATION, Character.START_PUNCTUATION,
                 Character.END_PUNCTUATION, Character.INITIAL_QUOTE_PUNCTUATION, Character.FINAL_QUOTE_PUNCTUATION,
                 Character.OTHER_PUNCTUATION -> true;
            default -> false;
        };
    }

    /** The CJK Unified Ideograph blocks BERT treats as one-character words. */
    static boolean isCjk(int cp) {
        return (cp >= 0x4E00 && cp <= 0x9FFF) || (cp >= 0x3400 && cp <= 0x4DBF) || (cp >= 0x20000 && cp <= 0x2A6DF)
                || (cp >= 0x2A700 && cp <= 0x2B73F) || (cp >= 0x2B740 && cp <= 0x2B81F)
                || (cp >= 0x2B920 && cp <= 0x2CEAF) || (cp >= 0xF900 && cp <= 0xFAFF)
                || (cp >= 0x2F800 && cp <= 0x2FA1F);
    }

    /** Growable int array: token ids for long pages without boxing. */
    private static final class IntList {
        private int[] data;
        private int size;

        IntList(int capacity) {
            data = new int[capacity];
        }

        void add(int v) {
            if (size == data.length) {
                data = Arrays.copyOf(data, size * 2);
            }
            data[size++] = v;
        }

        int size() {
            return size;
        }

        void truncate(int newSize) {
            size = newSize;
        }

        int[] toArray() {
            return Arrays.copyOf(data, size);
        }
    }
}
