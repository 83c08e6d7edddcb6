package dev.linker.core.validate;

import java.util.Collection;

/** "Did you mean …?" for mistyped keys and ids. */
public final class Suggest {
    private Suggest() {
    }

    /** " — did you mean 'x'?" for the closest candidate within a small edit distance, else "". */
    public static String didYouMean(String typed, Collection<String> candidates) {
        String best = null;
        int bestD = Integer.MAX_VALUE;
        for (String c : candidates) {
            int d = distance(typed.toLowerCase(), c.toLowerCase());
            if (d < bestD) {
                bestD = d;
                best = c;
            }
        }
        return best != null && bestD <= Math.max(2, typed.length() / 3) ? " — did you mean '" + best + "'?" : "";
    }

    static int distance(String a, String b) {
        int[] prev = new int[b.length() + 1];
        int[] cur = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            prev[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            cur[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                cur[j] = Math.min(Math.min(cur[j - 1] + 1, prev[j] + 1), prev[j - 1] + cost);
            }
            int[] t = prev;
            prev = cur;
            cur = t;
        }
        return prev[b.length()];
    }
}
