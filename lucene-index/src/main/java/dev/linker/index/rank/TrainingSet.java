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
    /** One source's candidates, in the order the weights rank them. */
    public record Group(String source, List<String> urls, List<float[]> features, boolean[] linked) {
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
        boolean[] linked = new boolean[urls.size()];
        for (int i = 0; i < linked.length; i++) {
            linked[i] = gold.contains(urls.get(i));
        }
        groups.add(new Group(source, List.copyOf(urls), List.copyOf(features), linked));
    }

    public List<Group> groups() {
        return groups;
    }

    /** Links found among the candidates (a link the retrievers never return cannot be learned). */
    public int positives() {
        return groups.stream().mapToInt(Group::positives).sum();
    }

    public int rows() {
        return groups.stream().mapToInt(g -> g.urls().size()).sum();
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
