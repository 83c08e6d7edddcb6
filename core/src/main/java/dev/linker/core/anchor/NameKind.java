package dev.linker.core.anchor;

/**
 * Where a name of a page comes from ({@link NameIndex}); anchors learned from links can be left out for the linking
 * page (evaluation). A type of its own, so that a name's owner and the index both name it without naming each other.
 */
public enum NameKind {
    TITLE, NUMBER, QUERY, ANCHOR,
    /**
     * The leading words of a title ({@link TitleNames#heads}): weighs {@value NameIndex#HEAD_WEIGHT} of a name, and
     * only where no page has the phrase as a name of another kind.
     */
    HEAD
}
