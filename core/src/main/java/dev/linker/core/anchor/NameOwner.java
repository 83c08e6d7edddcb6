package dev.linker.core.anchor;

import dev.linker.core.anchor.NameIndex.Kind;

/** One page that a phrase of the {@link NameIndex} names, and where that name was learned. */
final class NameOwner {
    final String target;
    Kind kind;
    boolean own;
    /**
     * A one-word name written in capitals ("CLUSTER", "VACUUM": a command, an acronym) names the page only where
     * the text writes it so too: "our 2 TB cluster" is not the CLUSTER command.
     */
    boolean capitals;
    String firstSource;
    boolean manySources;
    /**
     * The one page whose anchors made this title head a whole name, or null: without that page's links (when
     * evaluation hides them) the phrase is a head again, as it was before that page used it.
     */
    String promotedBy;

    NameOwner(String target, Kind kind) {
        this.target = target;
        this.kind = kind;
    }

    /** True when the name holds without the links of {@code hiddenSource}. */
    boolean validWithout(String hiddenSource) {
        return own || manySources || hiddenSource == null || !hiddenSource.equals(firstSource);
    }

    /** The kind of name this is without the links of {@code hiddenSource}. */
    Kind kindWithout(String hiddenSource) {
        return promotedBy != null && promotedBy.equals(hiddenSource) ? Kind.HEAD : kind;
    }

    /** Records that the page names it as {@code added}, learned from {@code fromSource}'s links (null: its own). */
    void learn(Kind added, String fromSource) {
        if (kind == Kind.HEAD && added != Kind.HEAD) {
            kind = added; // a head that is also a whole name (an H1, an anchor other pages use) is that name
            promotedBy = fromSource;
        } else if (promotedBy != null && (fromSource == null ? added != Kind.HEAD : !fromSource.equals(promotedBy))) {
            promotedBy = null; // a second page, or the page itself, names it so too
        }
    }
}
