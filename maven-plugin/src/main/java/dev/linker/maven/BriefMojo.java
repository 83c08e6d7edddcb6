package dev.linker.maven;

import org.apache.maven.plugin.AbstractMojo;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;

import java.io.File;

/**
 * {@code mvn linker:brief -Dlinker.query="…"}: writes a content brief for a new article (the CLI's {@code linker
 * brief}). The index is {@code linker.index}; when {@code linker.siteDirectory} is given it is (re)indexed first —
 * only changed pages are embedded again. The brief goes to {@code briefs/<slug>.md}, where {@code linker:audit}
 * with {@code linker.briefsDirectory} enforces it. Needs Java 21 (the index is Lucene 10); this class checks that
 * before {@link BriefRun} loads any class of the index, so on Java 17 the goal fails with one line saying so.
 */
@Mojo(name = "brief", requiresProject = false, threadSafe = true)
public class BriefMojo extends AbstractMojo {
    /** The main search query the article targets. */
    @Parameter(property = "linker.query", required = true)
    private String query;

    /** Planned title. */
    @Parameter(property = "linker.title")
    private String title;

    /** Planned URL or page key. */
    @Parameter(property = "linker.url")
    private String url;

    /** Index folder (built by {@code linker index}, or here from {@code siteDirectory}). */
    @Parameter(property = "linker.index", defaultValue = "${project.build.directory}/linker/index")
    private File index;

    /** Built site to (re)index before writing the brief; optional when the index exists. */
    @Parameter(property = "linker.siteDirectory")
    private File siteDirectory;

    /**
     * The embedder: {@code local} (the bundled model) or {@code static} (a vector a word piece derived from it, for
     * catalogues). Default: the one the index was built with, else local.
     */
    @Parameter(property = "linker.embedder")
    private String embedder;

    /** Links each way. */
    @Parameter(property = "linker.limit", defaultValue = "5")
    private int limit;

    /** Required links must use the suggested anchors. */
    @Parameter(property = "linker.requireAnchors", defaultValue = "false")
    private boolean requireAnchors;

    /** Where to write the brief (default: briefs/&lt;slug&gt;.md in the project folder). */
    @Parameter(property = "linker.briefFile")
    private File briefFile;

    @Parameter(defaultValue = "${basedir}", readonly = true)
    private File basedir;

    @Override
    public void execute() throws MojoExecutionException {
        Runtime.Version v = Runtime.version();
        if (v.feature() < 21) {
            throw new MojoExecutionException("linker:brief needs Java 21 or newer (this Maven runs on Java " + v
                    + "); run Maven with JAVA_HOME pointing at a JDK 21+. linker:audit works on Java 17.");
        }
        BriefRun.run(query, title, url, new BriefRun.Index(index, siteDirectory, embedder), limit, requireAnchors,
                briefFile, basedir, getLog());
    }
}
