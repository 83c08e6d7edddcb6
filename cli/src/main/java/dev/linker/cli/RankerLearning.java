package dev.linker.cli;

import dev.linker.index.PageIndex;
import dev.linker.index.eval.Learning;
import dev.linker.index.rank.LearnedRanker;
import dev.linker.index.rank.Trainer;

/** What index, tune and eval --drafts share: learn from the site's links into the index, and say which ranker ranks. */
final class RankerLearning {
    private RankerLearning() {
    }

    /**
     * Learns from the index's links (an unchanged site keeps what it learned) and keeps the result in the index;
     * returns it, or null when XGBoost cannot run here (said on stderr: the index keeps what it had).
     */
    static LearnedRanker learn(PageIndex index, ProgressOptions log) {
        LearnedRanker before = index.ranker();
        try {
            LearnedRanker r = Learning.train(index, before, log.progress());
            if (r != before) {
                index.setRanker(r);
            }
            return r;
        } catch (Trainer.TrainingException e) {
            log.err().println("linker: no ranker could be learned here (" + e.getMessage() + "); suggestions rank "
                    + "with " + (before != null && before.used() ? "the ranker learned before" : "the weights")
                    + ". On macOS, XGBoost needs OpenMP: brew install libomp");
            return null;
        }
    }
}
