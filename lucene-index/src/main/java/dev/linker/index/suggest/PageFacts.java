package dev.linker.index.suggest;

import dev.linker.index.Fields;

/**
 * What the stages know of a page or a draft besides its words and links: its category path, safety class, length in
 * words, day published and language. Held by {@link PageInfo} (an indexed page) and {@link Source} (what is ranked
 * for), which read it through {@link Held}.
 *
 * @param day      publication day ({@link Fields#UNDATED} when unknown)
 * @param language its language tag ("" when unknown)
 */
record PageFacts(String category, String safety, int words, int day, String language) {

    /** A page's or draft's facts with {@code words} words and no date (an opening, cut from a page). */
    PageFacts cut(int words) {
        return new PageFacts(category, safety, words, Fields.UNDATED, language);
    }

    /** What holds facts, read through these accessors. */
    interface Held {
        PageFacts facts();

        default String category() {
            return facts().category();
        }

        default String safety() {
            return facts().safety();
        }

        default int words() {
            return facts().words();
        }

        default int day() {
            return facts().day();
        }

        default String language() {
            return facts().language();
        }
    }
}
