package dev.linker.core.embed;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * What of a page is embedded, and the hash its vector is kept under: one definition for the index and for the
 * Spark embed job, so a vector computed on a cluster is taken for the same page text by {@code linker index}.
 */
public final class EmbedText {
    /** Text beyond this many characters is indexed for BM25 but not embedded (keeps one huge page from stalling). */
    public static final int MAX_CHARS = 250_000;

    private EmbedText() {
    }

    /**
     * The text embedded for a page: what {@code mode} takes of it, cut at {@link #MAX_CHARS}; a page with nothing
     * to embed (empty or symbols only) is placed by its title, else by its URL.
     */
    public static String of(EmbedMode mode, String url, String title, String h1, String body) {
        String t = title == null ? "" : title;
        String text = clip(mode.text(t, h1 == null ? "" : h1, body == null ? "" : body));
        if (text.codePoints().noneMatch(Character::isLetterOrDigit)) {
            text = t.codePoints().anyMatch(Character::isLetterOrDigit) ? t : url;
        }
        return text;
    }

    /** {@code text} cut at {@link #MAX_CHARS}. */
    public static String clip(String text) {
        return text.length() > MAX_CHARS ? text.substring(0, MAX_CHARS) : text;
    }

    /** SHA-256 (hex) of a text embedded: what a vector of it is kept under (drafts' chunks, pages' openings). */
    public static String hash(String text) {
        try {
            MessageDigest md = MessageDigest.getInstance("SHA-256");
            return HexFormat.of().formatHex(md.digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** SHA-256 (hex) of the title, H1 and body a page's vector is computed from. */
    public static String contentHash(String title, String h1, String body) {
        try {
            MessageDigest md = MessageDigest.getInstance("SHA-256");
            md.update((title == null ? "" : title).getBytes(StandardCharsets.UTF_8));
            md.update((byte) 0);
            md.update((h1 == null ? "" : h1).getBytes(StandardCharsets.UTF_8));
            md.update((byte) 0);
            md.update((body == null ? "" : body).getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(md.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
