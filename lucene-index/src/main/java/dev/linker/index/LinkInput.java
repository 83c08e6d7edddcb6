package dev.linker.index;

/**
 * A link of a page's content as the CMS rendered it ({@link PageInput#links()}): {@code href} as written (absolute on
 * the site's origin, root-relative or relative to the page; others leave the site and are ignored), {@code anchor}
 * its text. Checked and resolved by {@link WrittenLinks}.
 */
public record LinkInput(String href, String anchor) {
}
