package dev.linker.index.rank;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The rows a ranker learns from: for each source page, its candidates (as the engine ranks them with the weights, its
 * own links hidden) with their features, and which of them the page links.
 */
public final class TrainingSet {
    /**
     * One query's candidates, in the order the weights rank them.
     *
     * @param source the page the query comes from (folds group by it)
     * @param query  the page itself, or a part of it (its opening, as a draft)
     */
    public record Group(String source, String query, List<String> urls, List<float[]> features, boolean[] linked) {
        public int positives() {
            int n = 0;
            for (boolean b : linked) {
                n += b ? 1 : 0;
            }
            return n;
        }
    }

    private final List<Group> groups = new ArrayList<>();

    public void add(String source, List<String> urls, List<float[]> features, Set<String> gold) {
        add(source, source, urls, features, gold);
    }

    public void add(String source, String query, List<String> urls, List<float[]> features, Set<String> gold) {
        boolean[] linked = new boolean[urls.size()];
        for (int i = 0; i < linked.length; i++) {
            linked[i] = gold.contains(urls.get(i));
        }
        groups.add(new Group(source, query, List.copyOf(urls), List.copyOf(features), linked));
    }

    /** A group read elsewhere (a part of the site, Spark's block), after the groups added before it. */
    public void add(Group g) {
        groups.add(g);
    }

    public List<Group> groups() {
        return groups;
    }

    /** Links found among whole pages' candidates (a link the retrievers never return cannot be learned). */
    public int positives() {
        return pages().stream().mapToInt(Group::positives).sum();
    }

    public int rows() {
        return groups.stream().mapToInt(g -> g.urls().size()).sum();
    }

    /** The groups of whole pages (not their openings): what evaluation judges. */
    public List<Group> pages() {
        return groups.stream().filter(g -> g.source().equals(g.query())).toList();
    }

    /** The groups whose source is (or is not) in {@code fold}. */
    public List<Group> select(Map<String, Integer> foldOf, int fold, boolean in) {
        List<Group> out = new ArrayList<>();
        for (Group g : groups) {
            if ((foldOf.get(g.source()) == fold) == in) {
                out.add(g);
            }
        }
        return out;
    }
}
