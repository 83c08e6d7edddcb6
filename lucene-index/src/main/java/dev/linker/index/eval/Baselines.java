package dev.linker.index.eval;

import dev.linker.core.model.PageKind;
import dev.linker.index.Fields;
import dev.linker.index.PageIndex;
import dev.linker.index.Status;
import dev.linker.index.suggest.SuggestSettings;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The two lexical baselines of the shared corpora's READMEs, computed under exactly the protocol of
 * {@link Evaluator}: the same sources and gold links, the same candidates (live pages but the source; no hubs unless
 * the settings allow them; with the as-of setting only pages published by the source's date, undated ones kept; the
 * settings' exclusions). So the ratio of Linker to a baseline compares like with like.
 *
 * <ul>
 *   <li><b>TF-IDF cosine</b> over title + text, as scikit-learn's {@code TfidfVectorizer(stop_words="english",
 *       sublinear_tf=True)}: words of two or more letters, digits or underscores, lower-cased, its 318 English stop
 *       words dropped; tf = 1 + ln(count); idf = ln((1 + n) / (1 + df)) + 1; unit-length vectors. This reproduces
 *       the READMEs' figures exactly (PostgreSQL 0.433, Go blog 0.479, as of the post's date 0.584).</li>
 *   <li><b>BM25</b> with the source's whole title + text as the query: the same words, stop words kept; Okapi BM25
 *       with k1 = 1.5, b = 0.75 and idf = ln((n − df + 0.5) / (df + 0.5)), negative ones raised to a quarter of the
 *       mean idf (the {@code rank_bm25} package); a word repeated in the query saturates as in Robertson's
 *       formula, (k3 + 1)·qtf / (k3 + qtf) with k3 = 3. The READMEs do not say how they weight query words; this
 *       variant gives Go blog 0.409 and 0.595 as of the post's date, as they do, and PostgreSQL 0.403 for 0.411.</li>
 * </ul>
 *
 * Statistics (document frequencies, lengths) come from the candidate pages, held in memory: one pass per source over
 * the postings of its words — fine for evaluating sites of up to some 100,000 pages.
 */
public final class Baselines {
    static final double K1 = 1.5;
    static final double B = 0.75;
    static final double K3 = 3;
    static final double EPSILON = 0.25;
    static final Set<String> STOP_WORDS = stopWords();

    private Baselines() {
    }

    /** Both baselines' metrics over the same gold links. */
    public record Result(Metrics tfidf, Metrics bm25) {
    }

    /** Each source's ranked URLs (at most max(10, k)) by either baseline. */
    record Rankings(Map<String, List<String>> tfidf, Map<String, List<String>> bm25) {
    }

    public static Result run(PageIndex index, Map<String, Set<String>> gold, SuggestSettings settings, int k,
                             Consumer<String> progress) {
        Rankings r = rank(index, gold, settings, k, progress);
        return new Result(Evaluator.score(r.tfidf(), gold, k), Evaluator.score(r.bm25(), gold, k));
    }

    private record Page(String url, int day, List<String> words) {
    }

    static Rankings rank(PageIndex index, Map<String, Set<String>> gold, SuggestSettings settings, int k,
                         Consumer<String> progress) {
        List<Page> pages = load(index, gold, settings);
        // Sorted by URL, and sorts below are stable: equal scores rank by URL, as Linker's do.
        pages.sort((a, b) -> a.url().compareTo(b.url()));
        Postings withStop = new Postings(pages, false);
        Postings noStop = new Postings(pages, true);
        double[] tfidfNorm = noStop.tfidfNorms();
        Map<String, Integer> byUrl = new HashMap<>();
        for (int i = 0; i < pages.size(); i++) {
            byUrl.put(pages.get(i).url(), i);
        }
        int depth = Math.max(10, k);
        Map<String, List<String>> tfidf = new LinkedHashMap<>();
        Map<String, List<String>> bm25 = new LinkedHashMap<>();
        int n = 0;
        for (String source : gold.keySet()) {
            Integer si = byUrl.get(source);
            if (si == null) {
                continue; // not a live page: all misses, as it would be for Linker
            }
            Page src = pages.get(si);
            boolean[] allowed = new boolean[pages.size()];
            for (int i = 0; i < pages.size(); i++) {
                Page p = pages.get(i);
                // Every page loaded is a candidate (sources are live content pages, see Evaluator.gold).
                allowed[i] = i != si && !excluded(p.url(), settings.targets().excludes())
                        && !(settings.targets().asOfSourceDate() && src.day() != Fields.UNDATED && p.day() > src.day());
            }
            tfidf.put(source, top(noStop.cosines(si, tfidfNorm), allowed, pages, depth));
            bm25.put(source, top(withStop.bm25(si), allowed, pages, depth));
            if (progress != null && ++n % 200 == 0) {
                progress.accept(n + "/" + gold.size() + " pages ranked by the baselines");
            }
        }
        return new Rankings(tfidf, bm25);
    }

    /** Candidates (live, hubs only when allowed) and sources, with their words. */
    private static List<Page> load(PageIndex index, Map<String, Set<String>> gold, SuggestSettings settings) {
        List<Page> pages = new ArrayList<>();
        index.forEachStored(FIELDS, d -> {
            String url = d.get(Fields.URL);
            boolean candidate = Status.LIVE.id().equals(d.get(Fields.STATUS))
                    && (settings.targets().hubTargets() || !PageKind.parse(d.get(Fields.KIND)).isHub());
            if (!candidate && !gold.containsKey(url)) {
                return;
            }
            String published = d.get(Fields.PUBLISHED);
            pages.add(new Page(url, published == null ? Fields.UNDATED : PageIndex.day(LocalDate.parse(published)),
                    words(nz(d.get(Fields.TITLE)) + "\n" + nz(d.get(Fields.BODY)))));
        });
        return pages;
    }

    private static final Set<String> FIELDS = Set.of(Fields.URL, Fields.TITLE, Fields.BODY, Fields.STATUS,
            Fields.KIND, Fields.PUBLISHED);

    /** Term counts of every page and the postings to score one page against all the others at once. */
    private static final class Postings {
        final int[][] terms;
        final int[][] counts;
        final int[] lengths;
        final int[] df;
        final int[][] postingPages;
        final int[][] postingCounts;
        final int n;

        Postings(List<Page> pages, boolean dropStopWords) {
            n = pages.size();
            terms = new int[n][];
            counts = new int[n][];
            lengths = new int[n];
            Map<String, Integer> vocabulary = new HashMap<>();
            for (int i = 0; i < n; i++) {
                Map<Integer, Integer> c = new LinkedHashMap<>();
                for (String w : pages.get(i).words()) {
                    if (dropStopWords && STOP_WORDS.contains(w)) {
                        continue;
                    }
                    c.merge(vocabulary.computeIfAbsent(w, x -> vocabulary.size()), 1, Integer::sum);
                    lengths[i]++;
                }
                terms[i] = c.keySet().stream().mapToInt(Integer::intValue).toArray();
                counts[i] = c.values().stream().mapToInt(Integer::intValue).toArray();
            }
            df = new int[vocabulary.size()];
            for (int[] t : terms) {
                for (int x : t) {
                    df[x]++;
                }
            }
            postingPages = new int[df.length][];
            postingCounts = new int[df.length][];
            for (int t = 0; t < df.length; t++) {
                postingPages[t] = new int[df[t]];
                postingCounts[t] = new int[df[t]];
            }
            int[] fill = new int[df.length];
            for (int i = 0; i < n; i++) {
                for (int j = 0; j < terms[i].length; j++) {
                    int t = terms[i][j];
                    postingPages[t][fill[t]] = i;
                    postingCounts[t][fill[t]++] = counts[i][j];
                }
            }
        }

        double tfidfIdf(int t) {
            return Math.log((1.0 + n) / (1.0 + df[t])) + 1;
        }

        static double sublinear(int count) {
            return 1 + Math.log(count);
        }

        double[] tfidfNorms() {
            double[] norm = new double[n];
            for (int i = 0; i < n; i++) {
                double sq = 0;
                for (int j = 0; j < terms[i].length; j++) {
                    double w = sublinear(counts[i][j]) * tfidfIdf(terms[i][j]);
                    sq += w * w;
                }
                norm[i] = Math.sqrt(sq);
            }
            return norm;
        }

        double[] cosines(int si, double[] norm) {
            double[] out = new double[n];
            if (norm[si] == 0) {
                return out;
            }
            for (int j = 0; j < terms[si].length; j++) {
                int t = terms[si][j];
                double idf = tfidfIdf(t);
                double q = sublinear(counts[si][j]) * idf;
                for (int p = 0; p < postingPages[t].length; p++) {
                    out[postingPages[t][p]] += q * sublinear(postingCounts[t][p]) * idf;
                }
            }
            for (int i = 0; i < n; i++) {
                out[i] = norm[i] == 0 ? 0 : out[i] / (norm[si] * norm[i]);
            }
            return out;
        }

        private double[] bm25Idf;
        private double[] lengthNorm;

        double[] bm25(int si) {
            if (bm25Idf == null) {
                double total = 0;
                for (int l : lengths) {
                    total += l;
                }
                double avg = n == 0 || total == 0 ? 1 : total / n;
                lengthNorm = new double[n];
                for (int i = 0; i < n; i++) {
                    lengthNorm[i] = K1 * (1 - B + B * lengths[i] / avg);
                }
                double sum = 0;
                bm25Idf = new double[df.length];
                for (int t = 0; t < df.length; t++) {
                    bm25Idf[t] = Math.log(n - df[t] + 0.5) - Math.log(df[t] + 0.5);
                    sum += bm25Idf[t];
                }
                double floor = df.length == 0 ? 0 : EPSILON * sum / df.length;
                for (int t = 0; t < df.length; t++) {
                    bm25Idf[t] = bm25Idf[t] < 0 ? floor : bm25Idf[t];
                }
            }
            double[] out = new double[n];
            for (int j = 0; j < terms[si].length; j++) {
                int t = terms[si][j];
                double qtf = counts[si][j];
                double w = bm25Idf[t] * (K3 + 1) * qtf / (K3 + qtf);
                for (int p = 0; p < postingPages[t].length; p++) {
                    int i = postingPages[t][p];
                    double tf = postingCounts[t][p];
                    out[i] += w * tf * (K1 + 1) / (tf + lengthNorm[i]);
                }
            }
            return out;
        }
    }

    private static List<String> top(double[] scores, boolean[] allowed, List<Page> pages, int depth) {
        List<Integer> kept = new ArrayList<>();
        for (int i = 0; i < scores.length; i++) {
            if (allowed[i] && scores[i] > 0) {
                kept.add(i);
            }
        }
        kept.sort((a, b) -> Double.compare(scores[b], scores[a]));
        List<String> out = new ArrayList<>(Math.min(depth, kept.size()));
        for (int i = 0; i < Math.min(depth, kept.size()); i++) {
            out.add(pages.get(kept.get(i)).url());
        }
        return out;
    }

    /** Words as scikit-learn's default token pattern finds them ({@code \b\w\w+\b}), lower-cased. */
    static List<String> words(String text) {
        List<String> out = new ArrayList<>();
        Matcher m = WORD.matcher(text);
        while (m.find()) {
            out.add(m.group().toLowerCase(Locale.ROOT));
        }
        return out;
    }

    private static final Pattern WORD = Pattern.compile("\\b\\w\\w+\\b", Pattern.UNICODE_CHARACTER_CLASS);

    private static Set<String> stopWords() {
        Set<String> out = new HashSet<>();
        try (InputStream in = Baselines.class.getResourceAsStream("english-stop-words.txt")) {
            if (in == null) {
                throw new IllegalStateException("english-stop-words.txt is missing from the jar");
            }
            BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
            for (String line = r.readLine(); line != null; line = r.readLine()) {
                if (!line.startsWith("#")) {
                    out.addAll(Arrays.asList(line.strip().split("\\s+")));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        out.remove("");
        return Set.copyOf(out);
    }

    private static boolean excluded(String url, List<Pattern> excludes) {
        for (Pattern p : excludes) {
            if (p.matcher(url).find()) {
                return true;
            }
        }
        return false;
    }

    private static String nz(String s) {
        return s == null ? "" : s;
    }
}
