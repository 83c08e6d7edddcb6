package dev.linker.core.model;

/** One breadcrumb step; {@code url} is a page key when the crumb links inside the site, else null. */
public record Crumb(String name, String url) {
}
