package dev.linker.cli;

import org.eclipse.jgit.api.Git;
import org.eclipse.jgit.lib.PersonIdent;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Runs the GitHub Action's script (action/linker-action.sh) as the runner would: GITHUB_* variables, inputs as
 * INPUT_* variables, a real git repository with a base branch and a pull-request branch, the packaged CLI jar.
 * The pull request retitles beans.html (links elsewhere still say the old title), removes the only link to
 * storage.html (now an orphan) and adds a broken link; storage.html's old broken link is not the PR's doing.
 */
class ActionScriptIT {
    private static final Path SCRIPT = Path.of("..", "action", "linker-action.sh").toAbsolutePath().normalize();

    @TempDir
    Path tmp;
    Path repo;
    Path output;
    Path summary;

    @BeforeEach
    void pullRequestRepository() throws Exception {
        repo = tmp.resolve("repo");
        output = tmp.resolve("github_output");
        summary = tmp.resolve("step_summary");
        Files.createFile(output);
        Files.createFile(summary);
        Path site = repo.resolve("site");
        Path fixture = Path.of(ActionScriptIT.class.getResource("/sites/pr").toURI());
        Files.createDirectories(site);
        try (Stream<Path> s = Files.list(fixture)) {
            for (Path p : s.toList()) {
                Files.copy(p, site.resolve(p.getFileName().toString()));
            }
        }
        try (Git git = Git.init().setDirectory(repo.toFile()).setInitialBranch("main").call()) {
            commit(git, "base", Instant.parse("2024-01-10T09:00:00Z"));
            git.checkout().setCreateBranch(true).setName("pr").call();
            edit(site.resolve("beans.html"), "Choosing beans", "Picking a roast");
            edit(site.resolve("brewing.html"), " and <a href=\"/storage.html\">Storing coffee</a>",
                    " and <a href=\"/kettles.html\">Kettles</a>");
            commit(git, "retitle beans, drop the storage link", Instant.parse("2024-03-05T09:00:00Z"));
        }
    }

    private static void edit(Path p, String from, String to) throws IOException {
        String s = Files.readString(p);
        assertTrue(s.contains(from), p + " contains " + from);
        Files.writeString(p, s.replace(from, to));
    }

    private static void commit(Git git, String message, Instant when) throws Exception {
        git.add().addFilepattern(".").call();
        PersonIdent who = new PersonIdent(new PersonIdent("Test", "test@example.com"), when, ZoneOffset.UTC);
        git.commit().setMessage(message).setAuthor(who).setCommitter(who).setSign(false).call();
    }

    private record Run(int code, String stdout, String stderr) {
    }

    private Run action(Map<String, String> inputs) throws Exception {
        Path jar = Path.of(System.getProperty("linker.jar", "target/linker.jar"));
        assertTrue(Files.isRegularFile(jar), "the CLI jar is packaged before integration tests: " + jar);
        ProcessBuilder pb = new ProcessBuilder("bash", SCRIPT.toString()).directory(tmp.toFile());
        Map<String, String> env = pb.environment();
        env.keySet().removeIf(k -> k.startsWith("GITHUB_") || k.startsWith("INPUT_"));
        env.putAll(Map.of("GITHUB_ACTIONS", "true", "CI", "true", "GITHUB_EVENT_NAME", "pull_request",
                "GITHUB_BASE_REF", "main", "GITHUB_WORKSPACE", repo.toString(), "GITHUB_OUTPUT", output.toString(),
                "GITHUB_STEP_SUMMARY", summary.toString(), "RUNNER_TEMP", tmp.toString(),
                "LINKER_JAR", jar.toAbsolutePath().toString(), "JAVA_HOME", System.getProperty("java.home")));
        env.put("INPUT_SITE_DIR", "site");
        env.putAll(inputs);
        Path out = tmp.resolve("stdout");
        Path err = tmp.resolve("stderr");
        Process p = pb.redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        assertTrue(p.waitFor(90, TimeUnit.SECONDS), "the action finished");
        return new Run(p.exitValue(), Files.readString(out), Files.readString(err));
    }

    private Map<String, String> outputs() throws IOException {
        Map<String, String> m = new HashMap<>();
        for (String line : Files.readAllLines(output, StandardCharsets.UTF_8)) {
            int eq = line.indexOf('=');
            m.put(line.substring(0, eq), line.substring(eq + 1));
        }
        return m;
    }

    @Test
    void a_pull_request_gets_annotations_for_what_it_caused_a_summary_outputs_and_a_failing_exit() throws Exception {
        Run r = action(Map.of("INPUT_FAIL_ON", "error", "INPUT_SARIF", tmp.resolve("out/linker.sarif").toString()));
        assertEquals(1, r.code(), r.stderr());
        List<String> annotations = r.stdout().lines().filter(l -> l.startsWith("::")).toList();
        // Errors first: the new broken link at its line, the orphan the PR caused.
        assertTrue(annotations.get(0).startsWith("::error file=site/brewing.html,line=8,col="), annotations.toString());
        assertTrue(annotations.get(0).contains("title=broken-link::"), annotations.toString());
        assertTrue(annotations.get(1).startsWith("::error file=site/storage.html,title=orphan::"), annotations.toString());
        assertTrue(annotations.contains("::warning file=site/index.html,line=8,col=72,title=stale-anchor::anchor says "
                + "'Choosing beans'; the page has been 'Picking a roast' since 2024-03-05"), annotations.toString());
        assertTrue(annotations.stream().anyMatch(a -> a.startsWith("::warning file=site/brewing.html,line=8")
                && a.contains("title=stale-anchor::anchor says 'Choosing beans'")), annotations.toString());
        // storage.html's broken link predates the PR: not reported.
        assertTrue(annotations.stream().noneMatch(a -> a.contains("grinders.html")), annotations.toString());

        Map<String, String> out = outputs();
        assertEquals("1", out.get("exit_code"));
        assertEquals(String.valueOf(annotations.size()), out.get("findings"));
        String md = Files.readString(summary);
        assertTrue(md.contains("Picking a roast"), md);
        assertTrue(md.contains("orphan"), md);
        assertTrue(md.length() < 1 << 20);
        assertTrue(Files.readString(tmp.resolve("out/linker.sarif")).contains("\"version\": \"2.1.0\""));
        assertTrue(r.stderr().contains("changed-only: 2 changed files"), r.stderr());
    }

    @Test
    void fail_on_never_reports_the_same_findings_and_passes() throws Exception {
        Run r = action(Map.of("INPUT_FAIL_ON", "never"));
        assertEquals(0, r.code(), r.stderr());
        assertEquals("0", outputs().get("exit_code"));
        assertTrue(Integer.parseInt(outputs().get("findings")) >= 4);
        assertTrue(r.stdout().contains("title=orphan::"));
    }

    @Test
    void a_push_audits_the_whole_site_including_old_problems() throws Exception {
        Run r = action(Map.of("GITHUB_EVENT_NAME", "push"));
        assertEquals(1, r.code(), r.stderr());
        assertTrue(r.stdout().contains("grinders.html"), "the old broken link is reported on a push: " + r.stdout());
    }

    @Test
    void a_base_branch_missing_from_the_clone_fails_with_code_2_and_says_what_to_do() throws Exception {
        Run r = action(Map.of("GITHUB_BASE_REF", "release", "INPUT_FAIL_ON", "never"));
        assertEquals(2, r.code(), r.stderr());
        assertEquals("2", outputs().get("exit_code"));
        assertTrue(r.stdout().contains("::error title=Linker::the audit did not run (exit code 2)"), r.stdout());
        assertTrue(r.stderr().contains("fetch-depth: 0"), r.stderr());
        assertTrue(Files.readString(summary).contains("The audit did not run"));
    }

    @Test
    void a_missing_site_folder_is_a_clear_error() throws Exception {
        Run r = action(Map.of("INPUT_SITE_DIR", "public"));
        assertEquals(2, r.code());
        assertTrue(r.stdout().contains("::error title=Linker::site-dir 'public' does not exist"), r.stdout());
    }

}
