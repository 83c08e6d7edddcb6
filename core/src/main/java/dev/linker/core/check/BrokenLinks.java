package dev.linker.core.check;

import dev.linker.core.model.Link;
import dev.linker.core.model.Page;
import dev.linker.core.model.Site;

import java.util.Set;

/** What "broken" means, shared by the broken-link check and the summary's count. */
public final class BrokenLinks {
    /** Fragments browsers handle without an id. */
    private static final Set<String> IMPLICIT = Set.of("", "top");

    private BrokenLinks() {
    }

    /** An internal link to no page, no file and no redirect. */
    public static boolean missingTarget(Site site, Link l) {
        String t = l.targetUrl();
        return t != null && !site.contains(t) && !site.files().contains(t) && !site.redirects().containsKey(t);
    }

    /** A link to an existing, parsed page whose #fragment is not an id there. */
    public static boolean missingFragment(Site site, Link l, Set<String> unparsed) {
        String f = l.fragment();
        if (l.targetUrl() == null || f == null || IMPLICIT.contains(f) || unparsed.contains(l.targetUrl())) {
            return false;
        }
        Page target = site.page(l.targetUrl());
        return target != null && target.redirectTo() == null && !target.sectionHeadings().containsKey(f);
    }
}
