package dev.linker.core.config;

/**
 * Which findings a run reports: all, or only those a change is responsible for (pull requests).
 *
 * @param changedOnly     report only findings on pages built from changed files, plus site-wide findings the change
 *                        causes
 * @param since           base ref the change is compared with ({@code --since}), or null
 * @param pullRequestBase the pull request's base branch ({@code GITHUB_BASE_REF}), used when {@code since} is null
 * @param uncommitted     count uncommitted changes of the work tree as changed too
 */
public record ChangeScope(boolean changedOnly, String since, String pullRequestBase, boolean uncommitted) {
    public static final ChangeScope ALL = new ChangeScope(false, null, null, false);
}
