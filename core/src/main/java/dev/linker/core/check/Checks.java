package dev.linker.core.check;

import dev.linker.core.anchor.TitleTemplate;
import dev.linker.core.result.Finding;
import dev.linker.core.result.LinkerException;
import dev.linker.core.result.Severity;
import dev.linker.core.validate.Ranges;
import dev.linker.core.validate.Suggest;
import dev.linker.core.graph.LinkGraph;
import dev.linker.core.history.SiteHistory;
import dev.linker.core.model.Page;
import dev.linker.core.model.Site;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The registry of checks, and running them with their settings. */
public final class Checks {
    private Checks() {
    }

    public static final List<Check> ALL = List.of(
            new OrphanCheck(false), new OrphanCheck(true), new UnreachableCheck(), new DeepPageCheck(),
            new BrokenLinkCheck(), new RedirectLinkCheck(), new StaleAnchorCheck(), new GenericAnchorCheck(),
            new ReciprocalCheck(), new NoindexTargetCheck(), new NofollowInternalCheck(), new TooManyLinksCheck(),
            new UnreadablePageCheck(), new BriefMissingLinkCheck(), new BriefUnpublishedCheck());

    public static Map<String, Check> byId() {
        Map<String, Check> m = new LinkedHashMap<>();
        ALL.forEach(c -> m.put(c.id(), c));
        return m;
    }

    public static Check get(String id) {
        return byId().get(id);
    }

    /** Rejects unknown check ids and options, naming where they came from. */
    public static void validate(Map<String, CheckSettings> settings, String origin) {
        Map<String, Check> known = byId();
        settings.forEach((id, s) -> {
            Check c = known.get(id);
            if (c == null) {
                throw new LinkerException(origin + ": unknown check '" + id + "'" + Suggest.didYouMean(id, known.keySet())
                        + " (checks: " + String.join(", ", known.keySet()) + ")");
            }
            for (String opt : s.options().keySet()) {
                if (!c.defaultOptions().containsKey(opt)) {
                    String valid = c.defaultOptions().isEmpty() ? "it has none besides enabled and severity"
                            : "valid: enabled, severity, " + String.join(", ", c.defaultOptions().keySet());
                    throw new LinkerException(origin + ": check '" + id + "' has no option '" + opt + "'"
                            + Suggest.didYouMean(opt, c.defaultOptions().keySet()) + " (" + valid + ")");
                }
                checkValue(id, opt, c.defaultOptions().get(opt), s.options().get(opt), origin);
            }
        });
    }

    /** An option's value has the type of its default, and a number is within its range ({@link Ranges}). */
    private static void checkValue(String id, String opt, Object defaultValue, Object value, String origin) {
        String key = "checks." + id + "." + opt;
        String shown = value instanceof String ? "'" + value + "'" : String.valueOf(value);
        try {
            if (defaultValue instanceof Number) {
                Ranges.check(key, value, Ranges.CHECK_OPTIONS.get(id + "." + opt));
            } else if (defaultValue instanceof Boolean && !(value instanceof Boolean)) {
                throw new LinkerException(key + ": must be true or false, not " + shown);
            } else if (defaultValue instanceof List && !(value instanceof List || value instanceof String)) {
                throw new LinkerException(key + ": must be a list, not " + shown);
            }
        } catch (LinkerException e) {
            throw new LinkerException(origin + ": " + e.getMessage());
        }
    }

    /** Runs every enabled check; findings in check order, each check's in its own order. */
    public static List<Finding> run(Site site, LinkGraph graph, Map<String, CheckSettings> settings) {
        return run(site, graph, settings, SiteHistory.NONE);
    }

    /** Runs every enabled check with evidence from git history. */
    public static List<Finding> run(Site site, LinkGraph graph, Map<String, CheckSettings> settings, SiteHistory history) {
        return run(site, graph, settings, history, List.of());
    }

    /** Runs every enabled check with evidence from git history and the content briefs to enforce. */
    public static List<Finding> run(Site site, LinkGraph graph, Map<String, CheckSettings> settings, SiteHistory history,
                                    List<dev.linker.core.brief.Brief> briefs) {
        TitleTemplate template = TitleTemplate.detect(site.pages().values().stream().map(Page::title).toList());
        List<Finding> out = new ArrayList<>();
        Map<String, String> texts = new java.util.HashMap<>();
        for (Check c : ALL) {
            CheckSettings s = settings.getOrDefault(c.id(), new CheckSettings(null, null, Map.of()));
            if (Boolean.FALSE.equals(s.enabled())) {
                continue;
            }
            Map<String, Object> opts = new LinkedHashMap<>(c.defaultOptions());
            opts.putAll(s.options());
            Severity sev = s.severity() != null ? s.severity() : c.defaultSeverity();
            c.run(new CheckContext(site, graph, template, c.id(), sev, opts, out, history, briefs, texts));
        }
        return out;
    }
}
