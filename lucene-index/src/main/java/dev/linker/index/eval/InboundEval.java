package dev.linker.index.eval;

import dev.linker.core.anchor.Anchor;
import dev.linker.index.PageIndex;
import dev.linker.index.PageRecord;
import dev.linker.index.suggest.Inbound;
import dev.linker.index.suggest.Suggester;
import dev.linker.index.suggest.Suggestion;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Consumer;

/**
 * How well inbound suggestions find the pages that link to a page: for every page with inbound content links (the
 * gold links of {@link Evaluator#gold}, turned round), each of its real sources' link to it is hidden while that
 * source is scored ({@link Inbound.Options#hideInbound}), and the sources suggested are compared with the real ones.
 * The anchors of suggested real sources are compared with the text their authors gave those links.
 *
 * @param metrics   recall@5, precision@5, nDCG@10 and MRR of the real sources among those suggested
 * @param recallAt10 recall of the real sources among the first 10 suggested
 * @param anchors   suggested real sources with a known author anchor
 * @param inSentence share of all suggestions whose phrase is in the sentence given with it
 * @param f1        mean token F1 of the suggested phrase with the author's anchor
 * @param titleF1   the same for the target's title as the anchor
 */
public record InboundEval(Metrics metrics, double recallAt10, int anchors, double inSentence, double f1,
                          double titleF1) {

    /** Every page's real sources: {@code gold} (source to targets) turned round, in target order. */
    public static Map<String, Set<String>> sources(Map<String, Set<String>> gold) {
        Map<String, Set<String>> out = new TreeMap<>();
        for (Map.Entry<String, Set<String>> e : gold.entrySet()) {
            for (String target : e.getValue()) {
                out.computeIfAbsent(target, t -> new java.util.TreeSet<>()).add(e.getKey());
            }
        }
        return out;
    }

    /** Ranks the sources of every target of {@code sources} ({@link #sources}) with {@code o}, hiding their links. */
    public static InboundEval run(Suggester suggester, Map<String, Set<String>> sources, Inbound.Options o, int k,
                                  Consumer<String> progress) {
        PageIndex index = suggester.index();
        Inbound.Options hidden = o.hidingInbound();
        Map<String, List<String>> ranked = new HashMap<>();
        int suggested = 0;
        int inSentence = 0;
        int anchors = 0;
        double f1 = 0;
        double titleF1 = 0;
        int done = 0;
        for (Map.Entry<String, Set<String>> e : sources.entrySet()) {
            String target = e.getKey();
            List<Suggestion> got = suggester.inbound(target, hidden);
            List<String> urls = new ArrayList<>();
            PageRecord t = index.get(target);
            for (int i = 0; i < got.size(); i++) {
                Suggestion s = got.get(i);
                urls.add(s.url());
                Anchor a = s.anchor();
                suggested++;
                if (a.inText() && a.sentence().contains(a.phrase())) {
                    inSentence++;
                }
                List<String> authors = i < 5 && e.getValue().contains(s.url()) && t != null
                        ? authors(t, s.url()) : List.of();
                if (authors.isEmpty()) {
                    continue;
                }
                anchors++;
                double best = 0;
                double bestTitle = 0;
                for (String author : authors) {
                    best = Math.max(best, AnchorAgreement.f1(a.text(), author));
                    bestTitle = Math.max(bestTitle, AnchorAgreement.f1(a.wording(), author));
                }
                f1 += best;
                titleF1 += bestTitle;
            }
            ranked.put(target, urls);
            if (progress != null && ++done % 200 == 0) {
                progress.accept(done + "/" + sources.size() + " pages' inbound sources ranked");
            }
        }
        return new InboundEval(Evaluator.score(ranked, sources, k), recall(ranked, sources, 10), anchors,
                suggested == 0 ? 0 : (double) inSentence / suggested, anchors == 0 ? 0 : f1 / anchors,
                anchors == 0 ? 0 : titleF1 / anchors);
    }

    /** The anchor texts {@code source} gives its links to the page {@code target}. */
    private static List<String> authors(PageRecord target, String source) {
        List<String> out = new ArrayList<>();
        for (String[] name : target.names()) {
            if (name[0].equals(source)) {
                out.add(name[1]);
            }
        }
        return out;
    }

    /** Mean share of each target's real sources among its first {@code depth} suggested. */
    static double recall(Map<String, List<String>> ranked, Map<String, Set<String>> gold, int depth) {
        double sum = 0;
        for (Map.Entry<String, Set<String>> e : gold.entrySet()) {
            List<String> r = ranked.getOrDefault(e.getKey(), List.of());
            int hits = 0;
            for (int i = 0; i < Math.min(depth, r.size()); i++) {
                hits += e.getValue().contains(r.get(i)) ? 1 : 0;
            }
            sum += (double) hits / e.getValue().size();
        }
        return gold.isEmpty() ? 0 : sum / gold.size();
    }
}
