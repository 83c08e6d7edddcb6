package dev.linker.index.suggest;

import dev.linker.core.anchor.Anchor;
import dev.linker.core.anchor.NameIndex;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The anchor stage: for pages a source should link to, in their rank order, each page's best phrase in the source's
 * text by the rules of {@link AnchorChooser}, one link per phrase, where the text may carry a link ({@link SourceText}).
 */
final class Anchoring {
    private final SuggestSettings settings;
    /** Embeds candidate anchor spans (the semantic rule); null: that rule is off. */
    private final Function<List<String>, List<float[]>> spanEmbedder;

    Anchoring(SuggestSettings settings, Function<List<String>, List<float[]>> spanEmbedder) {
        this.settings = settings;
        this.spanEmbedder = spanEmbedder;
    }

    /** {@code ranked} with an anchor each (null where the text has no place for it). */
    List<Suggestion> attach(SiteSnapshot snap, Source src, List<Suggestion> ranked) {
        if (ranked.isEmpty()) {
            return ranked;
        }
        List<String> urls = new ArrayList<>(ranked.size());
        ranked.forEach(sg -> urls.add(sg.url()));
        List<Anchor> anchors = anchors(snap, src, urls);
        List<Suggestion> out = new ArrayList<>(ranked.size());
        for (int i = 0; i < ranked.size(); i++) {
            Suggestion sg = ranked.get(i);
            out.add(new Suggestion(sg.url(), sg.title(), sg.score(), sg.components(), anchors.get(i)));
        }
        return out;
    }

    /** Anchors in the source for {@code targets} (URLs), in their order. */
    List<Anchor> anchors(SiteSnapshot snap, Source src, List<String> targets) {
        SourceText text = SourceText.of(src.text(), src.blocked(), src.tokens());
        // The ranking's scan found every named place already, unless this source was not ranked here (a plan).
        Map<String, List<NameIndex.Mention>> names = src.named().isEmpty() && !src.text().isEmpty()
                ? snap.names().occurrences(text.tokens(), src.hiddenSource(), new HashSet<>(targets)) : src.named();
        List<AnchorChooser.Target> ts = new ArrayList<>(targets.size());
        for (String url : targets) {
            Integer doc = snap.doc(url);
            PageInfo info = doc == null ? null : snap.info(doc);
            String name = info == null ? url : info.cleanTitle();
            ts.add(new AnchorChooser.Target(url, name, doc == null ? Map::of : () -> snap.distinctive(doc, name),
                    doc == null ? null : snap.vector(doc)));
        }
        return new AnchorChooser(text, snap.site(), spanEmbedder, settings.anchorSpans(), src.language())
                .place(ts, names);
    }

    /**
     * Where indexed page {@code doc} would link to a page that is not in the index yet, described by its name and what
     * it is about ({@code aboutVector}: that description embedded, or null), its links, headings and code left alone.
     */
    Anchor placeFor(SiteSnapshot snap, int doc, String targetName, String targetAbout, float[] aboutVector) {
        SourceText text = SourceText.of(snap.body(doc), snap.blocked(doc, false));
        String about = targetName + "\n" + targetAbout;
        AnchorChooser.Target t = new AnchorChooser.Target("", targetName.isBlank() ? targetAbout : targetName,
                () -> PageTerms.distinctive(targetName, about, snap.site()), aboutVector);
        List<NameIndex.Mention> names = new ArrayList<>();
        for (String name : List.of(targetName, targetAbout)) {
            names.addAll(PageTerms.phraseMentions(text.tokens(), name));
        }
        return new AnchorChooser(text, snap.site(), spanEmbedder, settings.anchorSpans(), snap.info(doc).language())
                .place(List.of(t), Map.of("", names)).get(0);
    }
}
