package dev.linker.core.anchor;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.ToIntFunction;
import java.util.function.UnaryOperator;

/**
 * Every name every page goes by, keyed by its normalised phrase: titles and H1s (template stripped, see
 * {@link TitleNames}), Search Console queries, and the anchor texts other pages already use for it. Finding the
 * names a text mentions is a hash lookup per token n-gram, so it scales with the text, not with the site.
 *
 * <p>A name's weight is its rarity (summed inverse document frequency of its words) divided by the number of pages
 * that share it: "Free Space Map" names one page strongly, "Introduction" names twenty pages weakly.
 */
public final class NameIndex {
    /** Names longer than this are not matched (titles that long are sentences, not names). */
    public static final int MAX_TOKENS = 16;
    /**
     * A mention counts fully at a rarity of this many times ln(N): about three words that each occur on a handful
     * of pages. Scaling by ln(N) keeps weights comparable between a 10-page and a 1M-page site.
     */
    static final double FULL_WEIGHT_PER_LOG_N = 2.125;

    /** A title head's weight, as a share of what the phrase would weigh as a whole name. */
    static final double HEAD_WEIGHT = 0.5;

    /**
     * A head that more pages share names none of them in particular: it places no link. (A catalogue's "Product page"
     * heads 100,000 titles; a text that says it would otherwise hold a place for each of them.)
     */
    static final int MAX_HEAD_OWNERS = 1000;

    /**
     * Names by phrase, and every proper prefix of a name ("free", "free space" of "free space map") with no owners
     * unless it is a name too: one lookup per word tells whether it is a name and whether a longer one may follow.
     */
    private static final class Node {
        List<NameOwner> owners; // null for a prefix that is no name: most prefix nodes, kept small
        Map<String, NameOwner> byTarget; // the owners by page once there are many ("product page" of 100,000 products)
        boolean prefix;

        /** The owner that is {@code target}, or null. */
        NameOwner owner(String target) {
            if (byTarget != null) {
                return byTarget.get(target);
            }
            for (NameOwner x : owners) {
                if (x.target.equals(target)) {
                    return x;
                }
            }
            return null;
        }

        void add(NameOwner o) {
            owners.add(o);
            if (byTarget != null) {
                byTarget.put(o.target, o);
            } else if (owners.size() > 16) {
                byTarget = new HashMap<>();
                for (NameOwner x : owners) {
                    byTarget.put(x.target, x);
                }
            }
        }
    }

    private final Map<String, Node> byPhrase = new HashMap<>();
    private int names;
    private final Map<String, Double> rarity = new ConcurrentHashMap<>();
    private ToIntFunction<String> docFreq = t -> 1;
    private int docCount = 1;
    private double fullWeight = 1.0;
    private int maxTokens = 1;

    /** Document frequencies for rarity; {@code docFreq} is called with normalised terms (see {@link Tokens}). */
    public synchronized NameIndex withStatistics(ToIntFunction<String> docFreq, int docCount) {
        this.docFreq = docFreq;
        this.docCount = Math.max(1, docCount);
        this.fullWeight = Math.max(1.0, FULL_WEIGHT_PER_LOG_N * Math.log(this.docCount));
        rarity.clear();
        return this;
    }

    /**
     * Adds a name. {@code fromSource} is the page whose link text taught it (ANCHOR), null for the target's own
     * names.
     */
    public void add(String target, String name, NameKind kind, String fromSource) {
        add(new Page(target).name(name, kind, fromSource));
    }

    /** Adds the title/H1 names of a page. */
    public void addTitle(String target, String title, String h1, UnaryOperator<String> strip) {
        add(new Page(target).title(title, h1, strip));
    }

    /**
     * Confirms a title's head by the page's address: where the last part of the address says what the head says
     * ("/blog/cold-brew.html" and the title "Cold brew concentrate"), the site names its page by those words, and the
     * head counts as a whole name, for ranking too. An address alone names nothing (slugs such as "go-brand" are often
     * plain words in prose).
     */
    public void addSlug(String target, String url) {
        add(new Page(target).slug(url));
    }

    /**
     * A page's names as {@link #add(String, String, NameKind, String)}, {@link #addTitle} and {@link #addSlug} take
     * them, read and tokenized once. The snapshot of a site being written is built again after each batch, while all
     * but the batch's pages name themselves as before: deriving and tokenizing their titles was most of a reload's
     * time. {@link #add(Page)} adds them in the order they were recorded, as those calls in that order would.
     */
    public static final class Page {
        private static final byte SLUG = -1;
        private static final byte CAPITALS = 0x40;
        private final String target;
        private String[] phrases = new String[4];
        private byte[] kinds = new byte[4]; // the NameKind ordinal, | CAPITALS; SLUG for an address's phrase
        private String[] sources; // null while every name is the page's own
        private int size;

        public Page(String target) {
            this.target = target;
        }

        /** A name of the page ({@code fromSource}: the page whose link text taught it, null for its own). */
        public Page name(String name, NameKind kind, String fromSource) {
            List<String> terms = Tokens.terms(name);
            if (terms.isEmpty() || terms.size() > MAX_TOKENS) {
                return this;
            }
            boolean capitals = kind == NameKind.TITLE && fromSource == null && terms.size() == 1
                    && Tokens.capitals(name.strip());
            return record(String.join(" ", terms), (byte) (kind.ordinal() | (capitals ? CAPITALS : 0)), fromSource);
        }

        /** The names of the page's title and H1, the site's template stripped by {@code strip}. */
        public Page title(String title, String h1, UnaryOperator<String> strip) {
            for (TitleNames.Name n : TitleNames.names(title, h1, strip)) {
                name(n.text(), n.number() ? NameKind.NUMBER : NameKind.TITLE, null);
            }
            for (String head : TitleNames.heads(title, strip)) {
                name(head, NameKind.HEAD, null);
            }
            return this;
        }

        /** The page's address, which may confirm a head of its title (see {@link #addSlug}). */
        public Page slug(String url) {
            String slug = TitleNames.slug(url);
            List<String> terms = slug == null ? List.of() : Tokens.terms(slug);
            // a one-word slug is too often a plain word
            return terms.size() < 2 ? this : record(String.join(" ", terms), SLUG, null);
        }

        private Page record(String phrase, byte kind, String source) {
            if (size == phrases.length) {
                phrases = Arrays.copyOf(phrases, size * 2);
                kinds = Arrays.copyOf(kinds, size * 2);
                sources = sources == null ? null : Arrays.copyOf(sources, size * 2);
            }
            if (source != null && sources == null) {
                sources = new String[phrases.length];
            }
            phrases[size] = phrase;
            kinds[size] = kind;
            if (sources != null) {
                sources[size] = source;
            }
            size++;
            return this;
        }
    }

    private static final NameKind[] KINDS = NameKind.values();

    /** Adds the names {@code page} recorded. */
    public synchronized void add(Page page) {
        for (int i = 0; i < page.size; i++) {
            byte k = page.kinds[i];
            if (k == Page.SLUG) {
                confirmHead(page.target, page.phrases[i]);
            } else {
                add(page.target, page.phrases[i], KINDS[k & ~Page.CAPITALS], page.sources == null ? null
                        : page.sources[i], (k & Page.CAPITALS) != 0);
            }
        }
    }

    private void add(String target, String phrase, NameKind kind, String fromSource, boolean capitals) {
        Node node = byPhrase.computeIfAbsent(phrase, k -> new Node());
        if (node.owners == null) {
            node.owners = new ArrayList<>(1);
            names++;
        }
        NameOwner o = node.owner(target);
        if (o == null) {
            o = new NameOwner(target, kind);
            node.add(o);
        }
        o.learn(kind, fromSource);
        if (fromSource == null) {
            boolean named = o.own;
            o.own = true;
            if (kind != NameKind.ANCHOR && !(kind == NameKind.HEAD && named)) { // a head never demotes a whole name
                o.kind = kind;
            }
            if (capitals) {
                o.capitals = true;
            }
        } else if (o.firstSource == null) {
            o.firstSource = fromSource;
        } else if (!o.firstSource.equals(fromSource)) {
            o.manySources = true;
        }
        int words = 1;
        for (int space = phrase.indexOf(' '); space >= 0; space = phrase.indexOf(' ', space + 1)) {
            byPhrase.computeIfAbsent(phrase.substring(0, space), k -> new Node()).prefix = true;
            words++;
        }
        maxTokens = Math.max(maxTokens, words);
    }

    /** A head of {@code target}'s title that its address repeats counts as a whole name. */
    private void confirmHead(String target, String phrase) {
        Node node = byPhrase.get(phrase);
        if (node == null || node.owners == null) {
            return;
        }
        NameOwner o = node.owner(target);
        if (o != null && o.kind == NameKind.HEAD) {
            o.kind = NameKind.TITLE;
        }
    }

    public int size() {
        return names;
    }

    /** One name of {@code target} found in a text: token span, character span, weight in [0, 1]. */
    public record Mention(String target, String phrase, NameKind kind, int startChar, int endChar, double weight) {
    }

    /**
     * The best mention of every page the text names. {@code hiddenSource} drops anchor names learned only from that
     * page's own links (so evaluation does not read the answer from the links it hides); null keeps all.
     */
    public Map<String, Mention> mentions(String text, String hiddenSource) {
        return mentions(Tokens.tokenize(text), hiddenSource);
    }

    /** As {@link #mentions(String, String)} for a text already tokenized with {@link Tokens#tokenize}. */
    public Map<String, Mention> mentions(List<Tokens.Token> toks, String hiddenSource) {
        return mentions(toks, hiddenSource, null);
    }

    /**
     * As {@link #mentions(List, String)}, also adding to {@code every} (when not null) each place a page is named, in
     * text order, with the weight of the name found there: where its anchor can go — one scan for ranking and
     * placing.
     */
    public Map<String, Mention> mentions(List<Tokens.Token> toks, String hiddenSource,
                                         Map<String, List<Mention>> every) {
        Map<String, Mention> best = new HashMap<>();
        Map<String, Double> heaviest = new HashMap<>();
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < toks.size(); i++) {
            sb.setLength(0);
            boolean longer = true;
            for (int len = 1; longer && len <= maxTokens && i + len <= toks.size(); len++) {
                String phrase;
                if (len == 1) {
                    phrase = toks.get(i).term(); // no copy: most scans end at the first word, its hash already known
                    sb.append(phrase);
                } else {
                    phrase = sb.append(' ').append(toks.get(i + len - 1).term()).toString();
                }
                Node node = byPhrase.get(phrase);
                longer = node != null && node.prefix; // else no longer name starts this way
                List<NameOwner> owners = node == null || node.owners == null ? List.of() : node.owners;
                int valid = 0;
                int heads = 0;
                for (NameOwner o : owners) {
                    if (o.validWithout(hiddenSource)) {
                        if (o.kindWithout(hiddenSource) == NameKind.HEAD) {
                            heads++;
                        } else {
                            valid++;
                        }
                    }
                }
                // A whole name of some page: heads of others give way (and do not share its weight).
                boolean whole = valid > 0;
                valid = whole ? valid : heads;
                if (valid == 0 || !whole && heads > MAX_HEAD_OWNERS) {
                    continue;
                }
                double wName = Math.min(1.0, rarity(phrase) / valid / fullWeight);
                boolean upper = toks.get(i).upper();
                for (NameOwner o : owners) {
                    if (!o.validWithout(hiddenSource) || len == 1 && o.capitals && !upper
                            || whole && o.kindWithout(hiddenSource) == NameKind.HEAD) {
                        continue;
                    }
                    NameKind kind = o.kindWithout(hiddenSource);
                    double w = kind == NameKind.HEAD ? HEAD_WEIGHT * wName : wName;
                    if (kind == NameKind.HEAD) { // where a link can go, not evidence for ranking
                        if (every != null) {
                            every.computeIfAbsent(o.target, k -> new ArrayList<>()).add(new Mention(o.target, phrase,
                                    kind, toks.get(i).start(), toks.get(i + len - 1).end(), w));
                        }
                        continue;
                    }
                    heaviest.merge(o.target, w, Math::max);
                    if (every != null) {
                        every.computeIfAbsent(o.target, k -> new ArrayList<>()).add(new Mention(o.target, phrase,
                                kind, toks.get(i).start(), toks.get(i + len - 1).end(), w));
                    }
                    Mention m = best.get(o.target);
                    // The anchor: words beat a bare "Section 7.3" (a better link text), then the heavier name;
                    // at equal weight the earlier mention stays, where a reader meets the name first.
                    boolean words = kind != NameKind.NUMBER;
                    boolean mWords = m != null && m.kind() != NameKind.NUMBER;
                    if (m == null || words && !mWords || words == mWords && w > m.weight()) {
                        best.put(o.target, new Mention(o.target, phrase, kind, toks.get(i).start(),
                                toks.get(i + len - 1).end(), w));
                    }
                }
            }
        }
        if (every != null) { // a head inside a whole name of the same page ("free space" of "free space map") is that
            for (List<Mention> list : every.values()) {
                dropHeadsInsideNames(list);
            }
        }
        // The score is the strongest evidence, whichever phrase is shown as the anchor.
        best.replaceAll((t, m) -> new Mention(m.target(), m.phrase(), m.kind(), m.startChar(), m.endChar(),
                heaviest.get(t)));
        return best;
    }

    /**
     * Removes from one page's mentions each head that overlaps a whole name of that page, in O(n log n): a page that
     * shares its head with thousands of others (a catalogue's "shirt") is named by it hundreds of times in a text.
     */
    private static void dropHeadsInsideNames(List<Mention> list) {
        int whole = 0;
        for (Mention m : list) {
            whole += m.kind() == NameKind.HEAD ? 0 : 1;
        }
        if (whole == 0 || whole == list.size()) {
            return;
        }
        long[] spans = new long[whole]; // start << 32 | end, sorted by start
        int k = 0;
        for (Mention m : list) {
            if (m.kind() != NameKind.HEAD) {
                spans[k++] = (long) m.startChar() << 32 | m.endChar();
            }
        }
        java.util.Arrays.sort(spans);
        int[] starts = new int[whole];
        int[] maxEnd = new int[whole]; // the furthest end among the names that start at or before this one
        for (int j = 0; j < whole; j++) {
            starts[j] = (int) (spans[j] >>> 32);
            maxEnd[j] = Math.max(j == 0 ? Integer.MIN_VALUE : maxEnd[j - 1], (int) spans[j]);
        }
        list.removeIf(h -> {
            if (h.kind() != NameKind.HEAD) {
                return false;
            }
            // The names that start before the head ends; one of them overlaps it when it ends after the head starts.
            int before = upperBound(starts, h.endChar() - 1);
            return before > 0 && maxEnd[before - 1] > h.startChar();
        });
    }

    /** How many of the sorted {@code values} are at most {@code key}. */
    private static int upperBound(int[] values, int key) {
        int lo = 0;
        int hi = values.length;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (values[mid] <= key) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    /**
     * Every place the text names one of {@code targets}, each with the weight of the name found there, in text
     * order: where an anchor can go. (The same names and validity as {@link #mentions}.)
     */
    public Map<String, List<Mention>> occurrences(List<Tokens.Token> toks, String hiddenSource,
                                                  java.util.Set<String> targets) {
        Map<String, List<Mention>> every = new HashMap<>();
        if (!targets.isEmpty()) {
            mentions(toks, hiddenSource, every);
            every.keySet().retainAll(targets);
        }
        return every;
    }

    /** The pages the rarities are computed over. */
    public int docCount() {
        return docCount;
    }

    /** The rarity (summed ln N/df of its words) at which a name counts fully: about three rare words. */
    public double fullWeight() {
        return fullWeight;
    }

    /** Summed IDF of the phrase's terms, ln(N / df), computed once per phrase. */
    public double rarity(String phrase) {
        return rarity.computeIfAbsent(phrase, p -> {
            double r = 0;
            for (String t : p.split(" ")) {
                int df = Math.max(1, docFreq.applyAsInt(t));
                r += Math.log((double) docCount / Math.min(df, docCount));
            }
            return r;
        });
    }
}
