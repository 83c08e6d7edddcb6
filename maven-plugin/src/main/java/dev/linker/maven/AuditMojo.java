package dev.linker.maven;

import dev.linker.core.report.AuditResult;
import dev.linker.core.audit.Auditor;
import dev.linker.core.result.ExitCode;
import dev.linker.core.result.FailOn;
import dev.linker.core.result.LinkerException;
import dev.linker.core.config.AuditConfig;
import dev.linker.core.report.ReportWriter;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Audits the internal links of a built site: orphans, broken links, reciprocal loops, click depth, stale anchors,
 * missing brief links. Writes {@code report.<ext>} per format under the {@code outputDirectory} parameter and fails
 * the build when findings reach {@code failOn}.
 *
 * <p>Precedence: built-in defaults &lt; the config file &lt; values set in the pom or with {@code -D}.
 * Parameters therefore have no Maven default value: a Maven default would always win over the file.
 */
@Mojo(name = "audit", defaultPhase = LifecyclePhase.VERIFY, threadSafe = true)
public class AuditMojo extends AuditParameters {
    static final String DEFAULT_SITE = "site";
    static final String DEFAULT_OUTPUT = "linker";
    static final List<String> DEFAULT_FORMATS = List.of("text", "json", "html", "sarif");

    @Override
    public void execute() throws MojoExecutionException, MojoFailureException {
        if (skip) {
            getLog().info("Linker audit skipped (linker.skip=true)");
            return;
        }
        AuditConfig cfg = buildConfig();
        Path site = cfg.input().siteDir();
        if (site == null || !Files.isDirectory(site)) {
            throw new MojoExecutionException("Linker: site directory " + (site == null ? "(none)" : display(site))
                    + " does not exist. Build the site first, or point the audit at the folder of built HTML with"
                    + " <siteDirectory>…</siteDirectory> in the plugin configuration or -Dlinker.siteDirectory=path");
        }
        getLog().info("Linker: auditing " + display(site));
        AuditResult result;
        Map<String, Path> written = new LinkedHashMap<>();
        MojoErrors.reserveMemory();
        try {
            result = Auditor.run(cfg);
            AuditLog.summary(getLog(), result);
            // Always a folder in the plugin (report.<ext> per format), so it is made before the core writer runs.
            Path output = cfg.reporting().output();
            Files.createDirectories(output);
            for (Path f : ReportWriter.write(result, cfg.reporting().formats(), output, new StringBuilder())) {
                String name = f.getFileName().toString();
                written.put(name.substring(name.lastIndexOf('.') + 1), f);
            }
        } catch (LinkerException e) {
            throw MojoErrors.of(e);
        } catch (IOException e) {
            throw new MojoExecutionException("Linker: cannot create the report folder "
                    + display(cfg.reporting().output()) + ": " + e.getMessage(), e);
        } catch (RuntimeException e) {
            throw MojoErrors.unexpected(e);
        } catch (OutOfMemoryError e) {
            throw MojoErrors.outOfMemory();
        }
        written.values().forEach(file -> getLog().info("Linker report: " + display(file)));
        if (result.exitCode() == ExitCode.FINDINGS) {
            throw new MojoFailureException(AuditLog.failure(result, written, this::display));
        }
    }

    /**
     * Maps the parameters onto the core builder, which finds {@code linker.yml} (or another default name) in the
     * project folder as the CLI does in its working folder. Only values set in the pom or with -D are explicit;
     * Maven's own defaults (target/site, four formats, target/linker) go in as door defaults, below the config file.
     */
    AuditConfig buildConfig() throws MojoExecutionException {
        AuditConfig.Builder b = AuditConfig.builder().workingDir(basedir.toPath())
                .configFile(config == null ? null : config.toPath())
                .siteDir(siteDirectory == null ? null : siteDirectory.toPath())
                .defaultSiteDir(buildDirectory.toPath().resolve(DEFAULT_SITE))
                .baseUrl(blankToNull(baseUrl)).entry(blankToNull(entry))
                .contentSelector(blankToNull(contentSelector)).boilerplateSelector(blankToNull(boilerplateSelector))
                .baseline(baseline == null ? null : baseline.toPath())
                .writeBaseline(writeBaseline == null ? null : writeBaseline.toPath())
                .formats(normalizeList(formats)).defaultFormats(DEFAULT_FORMATS)
                .output(outputDirectory == null ? null : outputDirectory.toPath())
                .briefsDir(briefsDirectory == null ? null : briefsDirectory.toPath())
                .ignorePages(normalizeList(ignorePages)).git(git).verbose(verbose);
        try {
            b.failOn(blankToNull(failOn) == null ? null : FailOn.parse(failOn));
        } catch (LinkerException e) {
            throw new MojoExecutionException("Linker: failOn (linker.failOn) must be error, warning or never, not '"
                    + failOn + "'");
        }
        try {
            AuditConfig c = b.build();
            // Neither pom nor file chose an output: core's default is standard output, the plugin's is a folder.
            return c.reporting().output() != null ? c
                    : b.output(buildDirectory.toPath().resolve(DEFAULT_OUTPUT)).build();
        } catch (LinkerException e) {
            throw MojoErrors.of(e);
        } catch (RuntimeException e) {
            throw MojoErrors.unexpected(e);
        }
    }
}
