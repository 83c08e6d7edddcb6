package dev.linker.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.linker.core.result.LinkerException;
import dev.linker.core.score.ScoreComponents;
import dev.linker.core.site.Csv;
import dev.linker.index.suggest.Suggestion;

import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;

/** Writes suggestions as table, json, jsonl or csv; one source at a time, so --all streams. */
final class SuggestionWriter {
    private static final ObjectMapper JSON = new ObjectMapper(dev.linker.core.report.JsonEscapes.factory());
    private final PrintWriter out;
    private final String format;
    private final boolean many;
    private boolean first = true;
    /** Inbound suggestions: each suggestion's URL is a page that should link to this one ("source" in JSON). */
    private String inboundTo;

    SuggestionWriter(PrintWriter out, String format, boolean many) {
        this.out = out;
        this.format = format.toLowerCase(Locale.ROOT);
        this.many = many;
        if (!List.of("table", "json", "jsonl", "csv").contains(this.format)) {
            throw new LinkerException("unknown --format '" + format + "' (known: table, json, jsonl, csv)");
        }
    }

    /** Writes inbound suggestions: the pages that should link to {@code target}, which is {@code null} for a draft. */
    SuggestionWriter inbound(String target) {
        this.inboundTo = target == null ? "" : target;
        return this;
    }

    void begin() {
        if (format.equals("json") && many) {
            out.println("[");
        }
        if (format.equals("csv")) {
            out.println((inboundTo != null ? "target,source" : "source,url") + ",score,anchor,anchor_rule,wording,sentence,start,end,lexical,vector,name,authority,"
                    + "inbound_deficit,link_density,category_distance,serp");
        }
    }

    void write(String source, List<Suggestion> suggestions) {
        switch (format) {
            case "table" -> table(source, suggestions);
            case "json" -> {
                String s = pretty(many ? sourceNode(source, suggestions, true, inboundTo)
                        : list(suggestions, true, inboundTo));
                out.print(many ? (first ? "" : ",\n") + s : s + "\n");
            }
            case "jsonl" -> {
                if (many) {
                    out.println(compact(sourceNode(source, suggestions, false, inboundTo)));
                } else {
                    for (Suggestion sg : suggestions) {
                        out.println(compact(node(sg, true, inboundTo)));
                    }
                }
            }
            default -> {
                for (Suggestion sg : suggestions) {
                    ScoreComponents c = sg.components();
                    out.println(String.join(",", Csv.cell(source == null ? "" : source), Csv.cell(sg.url()), num(sg.score()),
                            Csv.cell(sg.anchor().phrase()), sg.anchor().rule().id(), Csv.cell(sg.anchor().wording()),
                            Csv.cell(sg.anchor().sentence()),
                            Integer.toString(sg.anchor().start()), Integer.toString(sg.anchor().end()),
                            num(c.lexical()), num(c.vector()), num(c.name()), num(c.authority()),
                            num(c.inboundDeficit()), num(c.linkDensity()), num(c.categoryDistance()), num(c.serp())));
                }
            }
        }
        first = false;
        out.flush();
    }

    void end() {
        if (format.equals("json") && many) {
            out.println(first ? "]" : "\n]");
        }
        out.flush();
    }

    private void table(String source, List<Suggestion> suggestions) {
        if (inboundTo != null) {
            String to = many ? source : inboundTo.isEmpty() ? "the draft" : inboundTo;
            out.println((first ? "" : "\n") + "pages that should link to " + to + ":");
        } else if (many || source != null) {
            out.println((first ? "" : "\n") + source);
        }
        if (suggestions.isEmpty()) {
            out.println("  (no suggestions)");
            return;
        }
        int i = 0;
        for (Suggestion sg : suggestions) {
            i++;
            out.printf(Locale.ROOT, "%2d. %.3f  %s%n", i, sg.score(), sg.url());
            if (sg.anchor().inText()) {
                out.printf(Locale.ROOT, "    anchor: \"%s\" (%s)%n", sg.anchor().phrase(), sg.anchor().rule().id());
            } else {
                out.printf(Locale.ROOT, "    anchor: none in the text; add a link worded \"%s\"%s%n",
                        sg.anchor().wording(), sg.anchor().sentence().isEmpty() ? "" : " to this sentence");
            }
            if (!sg.anchor().sentence().isEmpty()) {
                out.printf(Locale.ROOT, "    in: %s%n", abbreviate(sg.anchor().sentence(), 140));
            }
            ScoreComponents c = sg.components();
            out.printf(Locale.ROOT, "    lexical %.2f  vector %.2f  name %.2f  authority %.2f  deficit %.2f  density %.2f"
                    + "  category %.2f%s%n", c.lexical(), c.vector(), c.name(), c.authority(), c.inboundDeficit(),
                    c.linkDensity(), c.categoryDistance(), c.serp() > 0 ? String.format(Locale.ROOT, "  serp %.2f", c.serp()) : "");
        }
    }

    /** One page's suggestions ({@code --all}): it is the source, or, for inbound ones, the target. */
    private static ObjectNode sourceNode(String page, List<Suggestion> suggestions, boolean full, String inboundTo) {
        ObjectNode o = JSON.createObjectNode();
        o.put(inboundTo != null ? "target" : "source", page);
        o.set("suggestions", list(suggestions, full, inboundTo == null ? null : page));
        return o;
    }

    private static ArrayNode list(List<Suggestion> suggestions, boolean full) {
        return list(suggestions, full, null);
    }

    private static ArrayNode list(List<Suggestion> suggestions, boolean full, String inboundTo) {
        ArrayNode a = JSON.createArrayNode();
        for (Suggestion sg : suggestions) {
            a.add(node(sg, full, inboundTo));
        }
        return a;
    }

    /** One suggestion; an inbound one names its {@code source} (the page to edit) and its target ("" for a draft). */
    static ObjectNode node(Suggestion sg, boolean full, String inboundTo) {
        ObjectNode o = JSON.createObjectNode();
        if (inboundTo != null) {
            o.put("source", sg.url());
            o.put("target", inboundTo.isEmpty() ? null : inboundTo);
        } else {
            o.put("url", sg.url());
        }
        o.put("score", round(sg.score()));
        o.put("anchor", sg.anchor().phrase());
        if (full) {
            o.put("title", sg.title());
            o.put("sentence", sg.anchor().sentence());
            o.put("start", sg.anchor().start());
            o.put("end", sg.anchor().end());
            o.put("sentenceStart", sg.anchor().sentenceStart());
            o.put("sentenceEnd", sg.anchor().sentenceEnd());
            o.put("wording", sg.anchor().wording());
            o.put("anchorInText", sg.anchor().inText());
            o.put("anchorRule", sg.anchor().rule().id());
            ScoreComponents c = sg.components();
            ObjectNode comp = o.putObject("components");
            comp.put("lexical", round(c.lexical()));
            comp.put("vector", round(c.vector()));
            comp.put("name", round(c.name()));
            comp.put("authority", round(c.authority()));
            comp.put("inboundDeficit", round(c.inboundDeficit()));
            comp.put("linkDensity", round(c.linkDensity()));
            comp.put("categoryDistance", round(c.categoryDistance()));
            comp.put("serp", round(c.serp()));
        }
        return o;
    }

    private static double round(double d) {
        return Math.round(d * 10000) / 10000.0;
    }

    private static String num(double d) {
        return String.format(Locale.ROOT, "%.4f", d);
    }

    private static String abbreviate(String s, int max) {
        String t = s.replaceAll("\\s+", " ");
        return t.length() <= max ? t : t.substring(0, max - 1) + "…";
    }

    private static String pretty(Object node) {
        try {
            return JSON.writerWithDefaultPrettyPrinter().writeValueAsString(node);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String compact(Object node) {
        try {
            return JSON.writeValueAsString(node);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
