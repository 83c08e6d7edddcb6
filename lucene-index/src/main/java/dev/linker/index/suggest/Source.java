package dev.linker.index.suggest;

import dev.linker.core.anchor.NameIndex;
import dev.linker.core.anchor.Tokens;
import dev.linker.core.model.TextRegion;
import dev.linker.core.score.CategoryPath;
import dev.linker.index.Fields;
import dev.linker.index.PageIndex;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * What a ranking is asked for: an indexed page, a draft or a query, with what it already links to and what evaluation
 * hides of it. Shared by the stages (retrieval, ranking, anchors) with {@link Candidate} and {@link SiteSnapshot}.
 * Built by the factories below only ({@link #page}, {@link #draft}, {@link #opening}, {@link #text}).
 *
 * @param hiddenSource     names learned only from this page's links are ignored (null: none hidden)
 * @param inboundDiscount  targets whose inbound count includes a hidden link from the source
 * @param authorityView    pages' authority as the source sees it: without its hidden links' part
 */
record Source(String url, String title, String text, List<int[]> blocked, float[] vector, Set<String> links,
              String category, String safety, String hiddenSource, Set<String> inboundDiscount, int linkCount,
              int words, List<Tokens.Token> tokenized, int day, String language,
              Map<String, List<NameIndex.Mention>> named, HiddenLinkAuthority.View authorityView) {

    /**
     * An indexed page: {@code heading} its title and H1, {@code blocked} where its text may carry no new link. With
     * {@code hideOwnLinks} its links are invisible (evaluation): not filtered out, not names, not inbound counts.
     */
    static Source page(String url, String heading, String body, List<int[]> blocked, float[] vector, PageInfo info,
                       boolean hideOwnLinks) {
        return of(url, heading, body, blocked, vector, hideOwnLinks ? Set.of() : info.allLinks(), info.category(),
                info.safety(), hideOwnLinks ? url : null, hideOwnLinks ? info.links() : Set.of(), info.links().size(),
                info.words(), tokenize(body, info.language()), info.day(), info.language());
    }

    /**
     * A draft (or a query) that links to {@code links} ({@link SiteSnapshot#linkedFrom}) already, in {@code language}
     * ({@link SiteSnapshot#language}).
     */
    static Source draft(Draft d, float[] vector, Set<String> links, String language) {
        String category = d.category() != null ? d.category() : d.url() != null ? CategoryPath.fromUrl(d.url()) : null;
        List<Tokens.Token> tokens = tokenize(d.text(), language);
        return of(d.url(), d.title(), d.text(), d.blocked(), vector, links, category, d.safety(), null, Set.of(),
                d.links().size(), tokens.size(), tokens, PageIndex.day(d.published()), language);
    }

    /** Only a page's text, for placing anchors in it (a plan's donor). */
    static Source text(String url, String body, List<int[]> blocked) {
        return of(url, "", body, blocked, null, Set.of(), null, "", null, Set.of(), 0, 0, null, Fields.UNDATED, "");
    }

    private static Source of(String url, String title, String text, List<int[]> blocked, float[] vector,
                             Set<String> links, String category, String safety, String hiddenSource,
                             Set<String> inboundDiscount, int linkCount, int words, List<Tokens.Token> tokenized,
                             int day, String language) {
        return new Source(url, title, text, blocked, vector, links, category, safety, hiddenSource, inboundDiscount,
                linkCount, words, tokenized, day, language, new HashMap<>(), HiddenLinkAuthority.View.NONE);
    }

    /**
     * This page cut to its title and opening — about {@code words} words, to the end of the block they end in — with
     * no address or date, embedded anew by {@code embed}: what a draft of it looks like while it is written. What it
     * hides stays hidden.
     */
    Source opening(int words, Function<String, float[]> embed) {
        List<Tokens.Token> all = tokens();
        int cut = text.length();
        if (all.size() > words) {
            int nl = text.indexOf('\n', all.get(words - 1).end());
            cut = nl < 0 ? text.length() : nl;
        }
        String head = text.substring(0, cut);
        List<Tokens.Token> kept = new ArrayList<>();
        for (Tokens.Token t : all) {
            if (t.end() <= cut) {
                kept.add(t);
            }
        }
        List<int[]> inHead = new ArrayList<>();
        for (int[] b : blocked) {
            if (b[0] < cut) {
                inHead.add(new int[] {b[0], Math.min(b[1], cut)});
            }
        }
        return of(null, title, head, inHead, embed.apply(title + "\n" + head), links, category, safety, hiddenSource,
                inboundDiscount, linkCount, kept.size(), kept, Fields.UNDATED, language).withAuthority(authorityView);
    }

    /**
     * Where a page's own text may not carry a new link: its headings, code and existing links — but not the links an
     * evaluation hides, whose phrases are exactly where the author put them.
     */
    static List<int[]> blocked(List<TextRegion> regions, boolean hideLinks) {
        List<int[]> out = new ArrayList<>(regions.size());
        for (TextRegion r : regions) {
            if (!(hideLinks && r.kind() == TextRegion.Kind.LINK)) {
                out.add(new int[] {r.start(), r.end()});
            }
        }
        return out;
    }

    /** This source with its links' part of the targets' authority taken out (see {@link HiddenLinkAuthority}). */
    Source withAuthority(HiddenLinkAuthority.View view) {
        return new Source(url, title, text, blocked, vector, links, category, safety, hiddenSource,
                inboundDiscount, linkCount, words, tokenized, day, language, named, view);
    }

    /** A page's authority as this source sees it. */
    double authority(int doc, PageInfo page) {
        return authorityView.authority(doc, page.authority());
    }

    /** The text's tokens: those the caller computed already, else now. */
    List<Tokens.Token> tokens() {
        return tokenized != null ? tokenized : tokenize(text, language);
    }

    /** The words of {@code text} read in {@code language} (the page's, or the draft's). */
    private static List<Tokens.Token> tokenize(String text, String language) {
        try (Tokens.Reading ignored = Tokens.readingAs(language)) {
            return Tokens.tokenize(text);
        }
    }
}
