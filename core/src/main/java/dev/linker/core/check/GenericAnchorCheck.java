package dev.linker.core.check;

import dev.linker.core.anchor.AnchorText;
import dev.linker.core.result.Severity;
import dev.linker.core.model.Link;
import dev.linker.core.model.Page;

import java.util.HashSet;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/** "Click here", "read more" and empty anchors: they tell neither reader nor search engine what the target is. */
final class GenericAnchorCheck extends BaseCheck {
    GenericAnchorCheck() {
        super("generic-anchor", "Internal link whose anchor text is generic (\"click here\", \"read more\" …) or empty",
                Severity.WARNING,
                Map.of("extraPhrases", java.util.List.of(), "contentOnly", true));
    }

    /** "CONTINUE", "VIEW": a keyword or identifier in code-like capitals, not prose. */
    private static boolean isIdentifier(String anchor) {
        return anchor.length() > 1 && anchor.equals(anchor.toUpperCase(Locale.ROOT)) && !anchor.equals(anchor.toLowerCase(Locale.ROOT));
    }

    /** "view" linking to /sql-createview.html names its target after all. */
    private static boolean namesTarget(CheckContext ctx, Link l) {
        Page t = ctx.site().page(l.targetUrl());
        if (t == null) {
            return false;
        }
        Set<String> names = AnchorText.stems(t.title() + " " + t.h1() + " " + t.url().replaceAll("[/._-]", " "));
        return AnchorText.words(l.anchorText()).stream().anyMatch(w -> names.contains(AnchorText.stem(w)));
    }

    @Override
    public void run(CheckContext ctx) {
        Set<String> extra = new HashSet<>();
        ctx.listOption("extraPhrases").forEach(s -> extra.add(s.toLowerCase(Locale.ROOT).strip()));
        boolean contentOnly = ctx.boolOption("contentOnly");
        AnchorMemo<Boolean> generic = new AnchorMemo<>((anchor, lang) -> AnchorText.isGeneric(anchor, lang, extra));
        for (Page page : ctx.site().pages().values()) {
            for (Link l : page.links()) {
                if (l.targetUrl() == null || l.targetUrl().equals(page.url())) {
                    continue;
                }
                if (l.anchorText().isBlank()) {
                    ctx.link(l, "link to " + l.targetUrl() + " has no text: give it words, or an image alt text, that name the target");
                } else if ((!contentOnly || l.content()) && generic.get(l.anchorText(), page.lang())
                        && !isIdentifier(l.anchorText()) && !namesTarget(ctx, l)) {
                    ctx.link(l, "anchor '" + l.anchorText() + "' is generic: use words that name " + l.targetUrl());
                }
            }
        }
    }
}
