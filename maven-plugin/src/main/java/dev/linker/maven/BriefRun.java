package dev.linker.maven;

import dev.linker.index.IndexSettings;
import dev.linker.core.result.LinkerException;
import dev.linker.index.PageIndex;
import dev.linker.index.PageRecord;
import dev.linker.index.SourceLoader;
import dev.linker.index.brief.BriefBuilder;
import dev.linker.index.brief.BriefFormat;
import dev.linker.index.brief.ContentBrief;
import dev.linker.core.embed.Embedder;
import dev.linker.core.embed.EmbedderSettings;
import dev.linker.core.embed.Embedders;
import dev.linker.index.suggest.SuggestSettings;
import dev.linker.index.suggest.Suggester;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.logging.Log;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** The work of {@link BriefMojo}, apart so that no class of the index (Java 21) loads before the version check. */
final class BriefRun {
    private BriefRun() {
    }

    /**
     * The index a brief reads: its folder, the built site to (re)index into it first (or null), and the embedder to
     * index with ({@code local} or {@code static}; null: the index's own, else local).
     */
    record Index(File folder, File siteDirectory, String embedder) {
    }

    static void run(String query, String title, String url, Index index, int limit,
                    boolean requireAnchors, File briefFile, File basedir, Log log) throws MojoExecutionException {
        Path indexDir = index.folder().toPath();
        File siteDirectory = index.siteDirectory();
        try {
            if (siteDirectory != null) {
                if (!siteDirectory.isDirectory()) {
                    throw new MojoExecutionException("Linker: linker.siteDirectory " + siteDirectory + " is not a folder");
                }
                List<PageRecord> records = SourceLoader.of(siteDirectory.toPath()).withHtml(null, null, null, null).records();
                try (Embedder e = embedder(index); PageIndex idx = PageIndex.open(indexDir, e, IndexSettings.DEFAULT)) {
                    log.info("Linker: indexed " + siteDirectory + " with " + e.id() + ": "
                            + idx.sync(records, true, null));
                }
            } else if (!Files.isDirectory(indexDir)) {
                throw new MojoExecutionException("Linker: no index at " + indexDir + "; set linker.siteDirectory to index a built"
                        + " site first, or linker.index to an index made with 'linker index'");
            }
            ContentBrief b;
            try (Embedder e = embedder(index); PageIndex idx = PageIndex.openReadOnly(indexDir, e)) {
                b = new BriefBuilder(new Suggester(idx, SuggestSettings.DEFAULT)).build(query, title, url, limit);
            }
            Path out = briefFile != null ? briefFile.toPath()
                    : basedir.toPath().resolve("briefs").resolve(slug(b) + ".md");
            Files.createDirectories(out.toAbsolutePath().getParent());
            Files.writeString(out, BriefFormat.markdown(b, requireAnchors), StandardCharsets.UTF_8);
            log.info("Linker: brief for '" + query + "' written to " + out + " (" + b.linkTo().size()
                    + " links to carry, " + b.linkFrom().size() + " pages that should link to it)");
        } catch (LinkerException e) {
            throw MojoErrors.of(e);
        } catch (IOException e) {
            throw new MojoExecutionException("Linker: cannot write the brief: " + e.getMessage(), e);
        }
    }

    /**
     * The embedder named by {@code linker.embedder}, else the one the index was built with when it is bundled (the
     * local model or the static embedder), else the local model.
     */
    private static Embedder embedder(Index index) throws MojoExecutionException {
        Path dir = index.folder().toPath();
        if (index.embedder() != null && !index.embedder().isBlank()) {
            EmbedderSettings.Type type;
            try {
                type = EmbedderSettings.Type.parse(index.embedder());
            } catch (IllegalArgumentException e) {
                throw new MojoExecutionException("Linker: linker.embedder " + e.getMessage());
            }
            if (type == EmbedderSettings.Type.OPENAI) {
                throw new MojoExecutionException("Linker: linker.embedder openai is not offered by linker:brief (it"
                        + " needs an endpoint and a key); use local or static, or 'linker brief' with"
                        + " --embedder openai");
            }
            return Embedders.create(EmbedderSettings.of(type.toString(), null, null, 0));
        }
        String recorded = Files.isDirectory(dir) ? PageIndex.recordedEmbedder(dir) : null;
        Embedder bundled = Embedders.bundled(recorded, 0);
        if (bundled == null) {
            throw new MojoExecutionException("Linker: the index at " + dir + " was built with the embedder " + recorded
                    + ", which needs an endpoint; write the brief with 'linker brief' and its --embedder options");
        }
        return bundled;
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
