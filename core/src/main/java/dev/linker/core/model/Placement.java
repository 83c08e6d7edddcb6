package dev.linker.core.model;

/** Where on the page a link sits; only {@link #CONTENT} links carry editorial weight. */
public enum Placement {
    CONTENT, NAV, HEADER, FOOTER, ASIDE, BREADCRUMB;

    public boolean isContent() {
        return this == CONTENT;
    }

    public String id() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
