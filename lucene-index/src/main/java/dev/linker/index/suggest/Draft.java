package dev.linker.index.suggest;

import java.time.LocalDate;
import java.util.List;
import java.util.Set;

/**
 * A text to find links for that need not be in the index (a draft in the editor, a query).
 *
 * @param url     its URL when it is (or will be) a page of the site, else null
 * @param title   its title ("" when none)
 * @param text    the text; offsets of anchors are offsets in it
 * @param blocked character ranges {from, to} of the text where no link may go (headings, code, markup, links)
 * @param links   URLs it already links to (never suggested again)
 * @param profile its category, safety class, date and language, which bound the pages it may link to (see
 *                {@link Profile}; null: {@link Profile#NONE})
 */
public record Draft(String url, String title, String text, List<int[]> blocked, Set<String> links, Profile profile) {
    public Draft {
        title = title == null ? "" : title;
        text = text == null ? "" : text;
        blocked = blocked == null ? List.of() : List.copyOf(blocked);
        links = links == null ? Set.of() : Set.copyOf(links);
        profile = profile == null ? Profile.NONE : profile;
    }

    /**
     * What the draft is, beyond its words: what bounds the pages it may link to.
     *
     * @param category  its category path, or null
     * @param safety    its safety class ("" when none)
     * @param published its publication date, or null (then no time proximity counts)
     * @param language  its language tag: only pages of that language (or of none known) are suggested; "" for any
     */
    public record Profile(String category, String safety, LocalDate published, String language) {
        /** No category, safety class or date, any language. */
        public static final Profile NONE = new Profile(null, "", null, "");

        public Profile {
            safety = safety == null ? "" : safety;
            language = language == null ? "" : language;
        }

        /** This profile in another category (null: none). */
        public Profile withCategory(String c) {
            return new Profile(c, safety, published, language);
        }

        /** This profile in another language ("" or null: any). */
        public Profile withLanguage(String l) {
            return new Profile(category, safety, published, l);
        }
    }

    /** A draft with only a title and a text: no address, links or profile. */
    public static Draft of(String title, String text) {
        return new Draft(null, title, text, List.of(), Set.of(), Profile.NONE);
    }

    /** This draft with other links (URLs it links to already). */
    public Draft withLinks(Set<String> l) {
        return new Draft(url, title, text, blocked, l, profile);
    }

    /** Its category path, or null: its {@link Profile#category()}. */
    public String category() {
        return profile.category();
    }

    /** Its safety class ("" when none): its {@link Profile#safety()}. */
    public String safety() {
        return profile.safety();
    }

    /** Its publication date, or null: its {@link Profile#published()}. */
    public LocalDate published() {
        return profile.published();
    }

    /** Its language tag ("" for any): its {@link Profile#language()}. */
    public String language() {
        return profile.language();
    }
}
