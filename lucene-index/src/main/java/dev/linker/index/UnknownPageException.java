package dev.linker.index;

import dev.linker.core.result.LinkerException;

/** An event or request named a page the index does not hold; {@link #field()} says which input named it. */
public final class UnknownPageException extends LinkerException {
    private final String field;
    private final String url;

    public UnknownPageException(String field, String url) {
        super("no page with url " + PageLimits.abbreviate(url));
        this.field = field;
        this.url = url;
    }

    public String field() {
        return field;
    }

    public String url() {
        return url;
    }
}
