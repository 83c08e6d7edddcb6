package dev.linker.index.suggest;

import dev.linker.core.model.PageMeta;
import dev.linker.core.score.CategoryPath;
import dev.linker.index.Fields;
import dev.linker.index.Status;

import java.util.Set;
import java.util.regex.Pattern;

/**
 * Which pages a source may link to: live pages other than itself and those it links to already, not excluded, not of a
 * safety class its own forbids, within the category bound, among the wanted targets (a plan's acceptors), no hub
 * unless hubs are targets, none published after the date a ranking is bound to, and none in another language (pages of
 * unknown language agree with any, see {@link PageMeta#languagesAgree}). Retrievers may return any page;
 * the ranking keeps only these.
 */
final class TargetFilter {
    private final SuggestSettings settings;
    private final Source src;
    private final String bound;
    private final Set<String> only;
    private final int asOf;

    /**
     * @param only when not null, only these URLs are targets
     * @param asOf the last publication day a target may have ({@link Fields#UNDATED}: no bound)
     */
    TargetFilter(SuggestSettings settings, Source src, Set<String> only, int asOf) {
        this.settings = settings;
        this.src = src;
        this.bound = settings.categoryLevels() >= 0 && src.category() != null
                ? CategoryPath.up(src.category(), settings.categoryLevels()) : null;
        this.only = only;
        this.asOf = asOf;
    }

    boolean accepts(PageInfo t) {
        return t != null && t.status() == Status.LIVE && !t.url().equals(src.url()) && !src.links().contains(t.url())
                && !excluded(t.url()) && !forbidden(src.safety(), t.safety())
                && (bound == null || t.category().startsWith(bound))
                && (only == null || only.contains(t.url()))
                && (!t.hub() || settings.hubTargets()) && (asOf == Fields.UNDATED || t.day() <= asOf)
                && PageMeta.languagesAgree(src.language(), t.language());
    }

    private boolean excluded(String url) {
        for (Pattern p : settings.excludes()) {
            if (p.matcher(url).find()) {
                return true;
            }
        }
        return false;
    }

    private boolean forbidden(String sourceSafety, String targetSafety) {
        Set<String> no = settings.forbiddenSafety().get(sourceSafety == null ? "" : sourceSafety);
        return no != null && no.contains(targetSafety == null ? "" : targetSafety);
    }
}
