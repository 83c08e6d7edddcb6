package dev.linker.core.anchor;

/** One page that a phrase of the {@link NameIndex} names, and where that name was learned. */
final class NameOwner {
    final String target;
    NameKind kind;
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

    NameOwner(String target, NameKind kind) {
        this.target = target;
        this.kind = kind;
    }

    /** True when the name holds without the links of {@code hiddenSource}. */
    boolean validWithout(String hiddenSource) {
        return own || manySources || hiddenSource == null || !hiddenSource.equals(firstSource);
    }

    /** The kind of name this is without the links of {@code hiddenSource}. */
    NameKind kindWithout(String hiddenSource) {
        return promotedBy != null && promotedBy.equals(hiddenSource) ? NameKind.HEAD : kind;
    }

    /** Records that the page names it as {@code added}, learned from {@code fromSource}'s links (null: its own). */
    void learn(NameKind added, String fromSource) {
        if (kind == NameKind.HEAD && added != NameKind.HEAD) {
            kind = added; // a head that is also a whole name (an H1, an anchor other pages use) is that name
            promotedBy = fromSource;
        } else if (promotedBy != null
                && (fromSource == null ? added != NameKind.HEAD : !fromSource.equals(promotedBy))) {
            promotedBy = null; // a second page, or the page itself, names it so too
        }
    }
}
