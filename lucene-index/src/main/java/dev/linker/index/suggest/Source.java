package dev.linker.index.suggest;

import dev.linker.core.anchor.NameIndex;
import dev.linker.core.anchor.Tokens;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What a ranking is asked for: an indexed page, a draft or a query, with what it already links to and what evaluation
 * hides of it. Shared by the stages (retrieval, ranking, anchors) with {@link Candidate} and {@link SiteSnapshot}.
 *
 * @param hiddenSource     names learned only from this page's links are ignored (null: none hidden)
 * @param inboundDiscount  targets whose inbound count includes a hidden link from the source
 * @param authorityView    pages' authority as the source sees it: without its hidden links' part
 */
record Source(String url, String title, String text, List<int[]> blocked, float[] vector, Set<String> links,
              String category, String safety, String hiddenSource, Set<String> inboundDiscount, int linkCount,
              int words, List<Tokens.Token> tokenized, int day, Map<String, List<NameIndex.Mention>> named,
              HiddenLinkAuthority.View authorityView) {
    /** A source to rank: where its text names pages is filled in by the ranking's scan. */
    Source(String url, String title, String text, List<int[]> blocked, float[] vector, Set<String> links,
           String category, String safety, String hiddenSource, Set<String> inboundDiscount, int linkCount,
           int words, List<Tokens.Token> tokenized, int day) {
        this(url, title, text, blocked, vector, links, category, safety, hiddenSource, inboundDiscount, linkCount,
                words, tokenized, day, new HashMap<>(), HiddenLinkAuthority.View.NONE);
    }

    /** This source with its links' part of the targets' authority taken out (see {@link HiddenLinkAuthority}). */
    Source withAuthority(HiddenLinkAuthority.View view) {
        return new Source(url, title, text, blocked, vector, links, category, safety, hiddenSource,
                inboundDiscount, linkCount, words, tokenized, day, named, view);
    }

    /** A page's authority as this source sees it. */
    double authority(int doc, PageInfo page) {
        return authorityView.authority(doc, page.authority());
    }

    /** The text's tokens: those the caller computed already, else now. */
    List<Tokens.Token> tokens() {
        return tokenized != null ? tokenized : Tokens.tokenize(text);
    }
}

