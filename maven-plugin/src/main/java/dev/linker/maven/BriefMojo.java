package dev.linker.maven;

import dev.linker.core.audit.LinkerException;
import dev.linker.index.PageIndex;
import dev.linker.index.PageRecord;
import dev.linker.index.SourceLoader;
import dev.linker.index.brief.BriefBuilder;
import dev.linker.index.brief.BriefFormat;
import dev.linker.index.brief.ContentBrief;
import dev.linker.index.embed.Embedder;
import dev.linker.index.embed.Embedders;
import dev.linker.index.suggest.SuggestSettings;
import dev.linker.index.suggest.Suggester;
import org.apache.maven.plugin.AbstractMojo;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * {@code mvn linker:brief -Dlinker.query="…"}: writes a content brief for a new article (the CLI's {@code linker
 * brief}). The index is {@code linker.index}; when {@code linker.siteDirectory} is given it is (re)indexed first —
 * only changed pages are embedded again. The brief goes to {@code briefs/<slug>.md}, where {@code linker:audit}
 * with {@code linker.briefsDirectory} enforces it.
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
        Path indexDir = index.toPath();
        try {
            if (siteDirectory != null) {
                if (!siteDirectory.isDirectory()) {
                    throw new MojoExecutionException("Linker: linker.siteDirectory " + siteDirectory + " is not a folder");
                }
                List<PageRecord> records = SourceLoader.of(siteDirectory.toPath()).withHtml(null, null, null, null).records();
                try (Embedder e = Embedders.createDefault(); PageIndex idx = PageIndex.open(indexDir, e, PageIndex.Options.DEFAULT)) {
                    getLog().info("Linker: indexed " + siteDirectory + ": " + idx.sync(records, true, null));
                }
            } else if (!Files.isDirectory(indexDir)) {
                throw new MojoExecutionException("Linker: no index at " + indexDir + "; set linker.siteDirectory to index a built"
                        + " site first, or linker.index to an index made with 'linker index'");
            }
            ContentBrief b;
            try (Embedder e = Embedders.createDefault(); PageIndex idx = PageIndex.openReadOnly(indexDir, e)) {
                b = new BriefBuilder(idx, new Suggester(idx, SuggestSettings.DEFAULT)).build(query, title, url, limit);
            }
            Path out = briefFile != null ? briefFile.toPath()
                    : basedir.toPath().resolve("briefs").resolve(slug(b) + ".md");
            Files.createDirectories(out.toAbsolutePath().getParent());
            Files.writeString(out, BriefFormat.markdown(b, requireAnchors), StandardCharsets.UTF_8);
            getLog().info("Linker: brief for '" + query + "' written to " + out + " (" + b.linkTo().size()
                    + " links to carry, " + b.linkFrom().size() + " pages that should link to it)");
        } catch (LinkerException e) {
            throw new MojoExecutionException("Linker: " + e.getMessage(), e);
        } catch (IOException e) {
            throw new MojoExecutionException("Linker: cannot write the brief: " + e.getMessage(), e);
        }
    }

    private static String slug(ContentBrief b) {
        String base = b.url() != null ? b.url().replaceAll("\\.html?$", "").replaceAll("/+$", "")
                .replaceAll(".*/", "") : "";
        if (base.isBlank()) {
            base = dev.linker.core.anchor.AnchorText.normalize(b.title().isEmpty() ? b.query() : b.title()).replace(' ', '-');
        }
        return base;
    }
}
