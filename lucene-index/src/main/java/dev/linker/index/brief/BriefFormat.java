package dev.linker.index.brief;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;

import java.util.Locale;

/**
 * Writes briefs. The Markdown form starts with the front matter that {@code linker audit --briefs DIR} reads
 * ({@code dev.linker.core.brief.Briefs}), so a brief saved under briefs/ is enforced once the article is published.
 */
public final class BriefFormat {
    /** The front matter: every string quoted, list items indented under their key, as a person writes it. */
    private static final YAMLMapper YAML = YAMLMapper.builder()
            .disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER).disable(YAMLGenerator.Feature.MINIMIZE_QUOTES)
            .enable(YAMLGenerator.Feature.INDENT_ARRAYS_WITH_INDICATOR).build();

    private BriefFormat() {
    }

    /** @param requireAnchors whether the required links must use the suggested anchors (else any anchor passes) */
    public static String markdown(ContentBrief b, boolean requireAnchors) {
        ObjectNode fm = YAML.createObjectNode();
        if (b.url() != null) {
            fm.put("url", b.url());
        } else {
            fm.put("slug", slug(b.title().isEmpty() ? b.query() : b.title()));
        }
        fm.put("query", b.query());
        if (!b.title().isEmpty()) {
            fm.put("title", b.title());
        }
        ArrayNode required = fm.putArray("requiredLinks");
        for (ContentBrief.LinkTo l : b.linkTo()) {
            ObjectNode link = required.addObject().put("url", l.url());
            if (requireAnchors) {
                link.put("anchor", l.anchor());
            }
        }
        StringBuilder sb = new StringBuilder("---\n");
        try {
            sb.append(YAML.writeValueAsString(fm));
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
        sb.append("---\n\n");
        sb.append("# Brief: ").append(b.title().isEmpty() ? b.query() : b.title()).append("\n\n");
        sb.append("Target query: **").append(md(b.query())).append("**");
        if (b.url() != null) {
            sb.append(" · planned URL: `").append(b.url()).append('`');
        }
        sb.append("\n\n## Link to these pages\n\n");
        if (b.linkTo().isEmpty()) {
            sb.append("No page of the index is related to this query.\n");
        } else {
            sb.append("| page | anchor | why | score |\n|---|---|---|---|\n");
            for (ContentBrief.LinkTo l : b.linkTo()) {
                sb.append("| [").append(md(l.title())).append("](").append(l.url()).append(") | ").append(md(l.anchor()))
                        .append(" | ").append(md(l.why())).append(" | ").append(fmt(l.score())).append(" |\n");
            }
        }
        sb.append("\n## Pages that should link to this article\n\n");
        if (b.linkFrom().isEmpty()) {
            sb.append("No existing page is related to this query yet.\n");
        } else {
            sb.append("Add the link in the sentence shown: on the words in bold, or, where no words fit, worded as"
                    + " said.\n\n| page | sentence | score |\n|---|---|---|\n");
            for (ContentBrief.LinkFrom l : b.linkFrom()) {
                String s = md(l.sentence());
                String a = md(l.anchor());
                int i = l.anchorInText() ? s.indexOf(a) : -1;
                String shown = i >= 0 ? s.substring(0, i) + "**" + a + "**" + s.substring(i + a.length())
                        : s + " — add a link worded “" + a + "”";
                sb.append("| [").append(md(l.title())).append("](").append(l.url()).append(") | ").append(shown)
                        .append(" | ").append(fmt(l.score())).append(" |\n");
            }
        }
        return sb.toString();
    }

    public static String json(ContentBrief b) {
        ObjectMapper m = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
        ObjectNode root = m.createObjectNode();
        root.put("query", b.query());
        root.put("title", b.title());
        root.put("url", b.url());
        ArrayNode to = root.putArray("linkTo");
        b.linkTo().forEach(l -> to.addObject().put("url", l.url()).put("title", l.title()).put("anchor", l.anchor())
                .put("why", l.why()).put("score", l.score()));
        ArrayNode from = root.putArray("linkFrom");
        b.linkFrom().forEach(l -> from.addObject().put("url", l.url()).put("title", l.title()).put("anchor", l.anchor())
                .put("anchorInText", l.anchorInText()).put("sentence", l.sentence()).put("score", l.score()));
        try {
            return m.writeValueAsString(root) + "\n";
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    static String slug(String s) {
        return dev.linker.core.anchor.AnchorText.normalize(s).replace(' ', '-');
    }

    private static String md(String s) {
        return s.replace("|", "\\|").replace("\n", " ");
    }

    private static String fmt(double d) {
        return String.format(Locale.ROOT, "%.3f", d);
    }
}
