package dev.linker.core.score;

/**
 * The parts of one suggestion's score, each in [0, 1], reported with every suggestion so a user can see why; grouped
 * as the texts' {@link Similarity}, the source's {@link Mention} of the target, the target's {@link Standing} and the
 * {@link Penalties}, and read through the same accessors as each part.
 *
 * @param serp 1/rank of the target in the optional SERP results for the source (0 when absent)
 * @param time how close in time the two pages were published: e^(−days apart / {@value #TIME_SCALE_DAYS}), 0 when
 *             either has no date — on a blog, posts of the same season answer each other (series, follow-ups, this
 *             year's survey after last year's); in either direction, so it favours neither older nor newer pages
 */
public record ScoreComponents(Similarity similarity, Mention mention, Standing standing, Penalties penalties,
                              double serp, double time) implements ScoreParts {

    /** Days apart at which {@link #time} falls to 1/e: about a year and a half. */
    public static final double TIME_SCALE_DAYS = 540;

    public double total(ScoreWeights w) {
        return w.lexical() * lexical() + w.vector() * vector() + w.name() * name() + w.authority() * authority()
                + w.inboundDeficit() * inboundDeficit() - w.linkDensity() * linkDensity()
                - w.categoryDistance() * categoryDistance() + w.serp() * serp + w.title() * title() + w.time() * time;
    }

    /** The time component of two publication days (epoch days), either {@code Integer.MIN_VALUE} when unknown. */
    public static double time(int day, int otherDay) {
        if (day == Integer.MIN_VALUE || otherDay == Integer.MIN_VALUE) {
            return 0;
        }
        return Math.exp(-Math.abs((double) day - otherDay) / TIME_SCALE_DAYS);
    }

    /** Inbound deficit from a count: 1/(1 + inbound/3), so the first few links matter most. */
    public static double deficit(int inbound) {
        return 1.0 / (1.0 + Math.max(0, inbound) / 3.0);
    }

    /** Content links per 100 words of the source, capped at 1 (one link every 100 words is already dense). */
    public static double density(int contentLinks, int words) {
        if (words <= 0) {
            return contentLinks > 0 ? 1 : 0;
        }
        return Math.min(1.0, contentLinks * 100.0 / words);
    }
}
