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
 * <p>Its parts are grouped: the {@link Body} (words and where no link may go), what it {@link Linking links} to and
 * what is hidden of that, and its {@link PageFacts facts}; the stages read them through the accessors below.
 *
 * @param named          names found in the text per target, remembered by retrieval for the anchors
 * @param authorityView  pages' authority as the source sees it: without its hidden links' part
 */
record Source(String url, Body body, float[] vector, Linking linking, PageFacts facts,
              Map<String, List<NameIndex.Mention>> named, HiddenLinkAuthority.View authorityView)
        implements PageFacts.Held {

    /**
     * The source's words: {@code title} its title and H1, {@code text} its text, {@code blocked} where the text may
     * carry no new link, {@code tokenized} its tokens when computed already (null: computed when asked).
     */
    record Body(String title, String text, List<int[]> blocked, List<Tokens.Token> tokenized) {
    }

    /**
     * What the source links to ({@code links}, filtered out of its suggestions), and what evaluation hides of it.
     *
     * @param hiddenSource     names learned only from this page's links are ignored (null: none hidden)
     * @param inboundDiscount  targets whose inbound count includes a hidden link from the source
     * @param linkCount        how many links it has (hidden or not), for link density
     */
    record Linking(Set<String> links, String hiddenSource, Set<String> inboundDiscount, int linkCount) {
        static final Linking NONE = new Linking(Set.of(), null, Set.of(), 0);
    }

    /**
     * An indexed page: {@code heading} its title and H1, {@code blocked} where its text may carry no new link. With
     * {@code hideOwnLinks} its links are invisible (evaluation): not filtered out, not names, not inbound counts.
     */
    static Source page(String url, String heading, String body, List<int[]> blocked, float[] vector, PageInfo info,
                       boolean hideOwnLinks) {
        return of(url, new Body(heading, body, blocked, tokenize(body, info.language())), vector,
                new Linking(hideOwnLinks ? Set.of() : info.allLinks(), hideOwnLinks ? url : null,
                        hideOwnLinks ? info.links() : Set.of(), info.links().size()),
                info.facts());
    }

    /**
     * A draft (or a query) that links to {@code links} ({@link SiteSnapshot#linkedFrom}) already, in {@code language}
     * ({@link SiteSnapshot#language}).
     */
    static Source draft(Draft d, float[] vector, Set<String> links, String language) {
        String category = d.category() != null ? d.category() : d.url() != null ? CategoryPath.fromUrl(d.url()) : null;
        List<Tokens.Token> tokens = tokenize(d.text(), language);
        return of(d.url(), new Body(d.title(), d.text(), d.blocked(), tokens), vector,
                new Linking(links, null, Set.of(), d.links().size()),
                new PageFacts(category, d.safety(), tokens.size(), PageIndex.day(d.published()), language));
    }

    /** Only a page's text, for placing anchors in it (a plan's donor). */
    static Source text(String url, String body, List<int[]> blocked) {
        return of(url, new Body("", body, blocked, null), null, Linking.NONE,
                new PageFacts(null, "", 0, Fields.UNDATED, ""));
    }

    private static Source of(String url, Body body, float[] vector, Linking linking, PageFacts facts) {
        return new Source(url, body, vector, linking, facts, new HashMap<>(), HiddenLinkAuthority.View.NONE);
    }

    String title() {
        return body.title();
    }

    String text() {
        return body.text();
    }

    List<int[]> blocked() {
        return body.blocked();
    }

    Set<String> links() {
        return linking.links();
    }

    String hiddenSource() {
        return linking.hiddenSource();
    }

    Set<String> inboundDiscount() {
        return linking.inboundDiscount();
    }

    int linkCount() {
        return linking.linkCount();
    }

    /**
     * This page cut to its title and opening — about {@code words} words, to the end of the block they end in — with
     * no address or date, embedded anew by {@code embed}: what a draft of it looks like while it is written. What it
     * hides stays hidden.
     */
    Source opening(int words, Function<String, float[]> embed) {
        String text = text();
        String title = title();
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
        for (int[] b : blocked()) {
            if (b[0] < cut) {
                inHead.add(new int[] {b[0], Math.min(b[1], cut)});
            }
        }
        return of(null, new Body(title, head, inHead, kept), embed.apply(title + "\n" + head), linking,
                facts.cut(kept.size())).withAuthority(authorityView);
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
        return new Source(url, body, vector, linking, facts, named, view);
    }

    /** A page's authority as this source sees it. */
    double authority(int doc, PageInfo page) {
        return authorityView.authority(doc, page.authority());
    }

    /** The text's tokens: those the caller computed already, else now. */
    List<Tokens.Token> tokens() {
        return body.tokenized() != null ? body.tokenized() : tokenize(body.text(), facts.language());
    }

    /** The words of {@code text} read in {@code language} (the page's, or the draft's). */
    private static List<Tokens.Token> tokenize(String text, String language) {
        try (Tokens.Reading ignored = Tokens.readingAs(language)) {
            return Tokens.tokenize(text);
        }
    }
}
