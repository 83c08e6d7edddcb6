package dev.linker.server;

import dev.linker.index.PageRecord;
import dev.linker.index.SourceLoader;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The bundled example site ({@code examples/site} of the repository, packed in the jar as
 * {@code linker/example/site/}): what a bare {@code linker serve} indexes so the demo editor works offline. It is read
 * as any built site is (the same reader and records as {@code linker index examples/site}), from a temporary copy.
 */
final class ExampleSite {
    static final String RESOURCE = "linker/example/site";

    private ExampleSite() {
    }

    /** The example site's pages as index records. */
    static List<PageRecord> records() throws IOException {
        URL marker = ExampleSite.class.getClassLoader().getResource(RESOURCE + "/index.html");
        if (marker == null) {
            throw new IOException("the bundled example site (" + RESOURCE + ") is missing from the classpath");
        }
        URI uri;
        try {
            uri = marker.toURI();
        } catch (URISyntaxException e) {
            throw new IOException("bad resource URL " + marker, e);
        }
        Path copy = Files.createTempDirectory("linker-example-site");
        try {
            if ("jar".equals(uri.getScheme())) {
                try (FileSystem jar = FileSystems.newFileSystem(uri, Map.of())) {
                    copyTree(jar.getPath("/" + RESOURCE), copy);
                }
            } else {
                copyTree(Path.of(uri).getParent(), copy);
            }
            return SourceLoader.of(copy).records();
        } finally {
            dev.linker.core.site.FolderFiles.deleteTemporary(copy);
        }
    }

    private static void copyTree(Path from, Path to) throws IOException {
        try (Stream<Path> s = Files.walk(from)) {
            s.forEach(p -> {
                Path target = to.resolve(from.relativize(p).toString());
                try {
                    if (Files.isDirectory(p)) {
                        Files.createDirectories(target);
                    } else {
                        Files.copy(p, target);
                    }
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        }
    }
}
