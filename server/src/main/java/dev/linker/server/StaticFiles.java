package dev.linker.server;

import io.javalin.http.Context;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The server's files: the demo and the widget from the jar ({@code linker/demo}, {@code linker/widget}), the rich
 * editors from {@code --vendor}. Only regular files whose real path lies inside their folder's real path are served;
 * anything else (a symlink out, a folder, a missing file) is a JSON 404.
 */
final class StaticFiles {
    // One character class, no repeated group: a group repeated per segment recursed once per segment in the regex
    // engine, and a path of a few thousand segments overflowed the stack (a 500 with an empty body).
    private static final Pattern SAFE_PATH = Pattern.compile("[A-Za-z0-9._/-]+");
    private static final Map<String, String> TYPES = Map.ofEntries(
            Map.entry("html", "text/html; charset=utf-8"), Map.entry("js", "text/javascript; charset=utf-8"),
            Map.entry("mjs", "text/javascript; charset=utf-8"), Map.entry("css", "text/css; charset=utf-8"),
            Map.entry("json", "application/json"), Map.entry("svg", "image/svg+xml"), Map.entry("png", "image/png"),
            Map.entry("woff", "font/woff"), Map.entry("woff2", "font/woff2"), Map.entry("map", "application/json"),
            Map.entry("txt", "text/plain; charset=utf-8"));

    private final Path vendorDir;

    /** @param vendorDir node_modules with TinyMCE/CKEditor (null: none) */
    StaticFiles(Path vendorDir) {
        this.vendorDir = vendorDir;
    }

    static String safePath(Context ctx) {
        String p = ctx.pathParam("path");
        if (p.isEmpty() || p.endsWith("/")) {
            p = p + "index.html";
        }
        if (!SAFE_PATH.matcher(p).matches() || p.startsWith("/") || p.contains("//") || p.contains("..")) {
            throw notFound(ctx);
        }
        return p;
    }

    private static String type(String name) {
        int dot = name.lastIndexOf('.');
        return TYPES.getOrDefault(dot < 0 ? "" : name.substring(dot + 1).toLowerCase(Locale.ROOT),
                "application/octet-stream");
    }

    /**
     * A file of the jar's {@code root} folder. Run from a build's classes folder the resources are files, so the same
     * containment as {@link #vendor} applies: a symlink placed there does not lead out of it, nor is a folder listed.
     */
    static void resource(Context ctx, String root, String rel) throws IOException {
        ClassLoader loader = StaticFiles.class.getClassLoader();
        java.net.URL url = loader.getResource(root + "/" + rel);
        if (url == null) {
            throw notFound(ctx);
        }
        byte[] bytes;
        if (url.getProtocol().equals("file")) {
            java.net.URL base = loader.getResource(root);
            bytes = Files.readAllBytes(contained(ctx, base == null ? null : fileOf(base), rel));
        } else {
            try (InputStream in = url.openStream()) {
                bytes = in.readAllBytes();
            }
        }
        ctx.contentType(type(rel)).header("Cache-Control", "no-cache").result(bytes);
    }

    private static Path fileOf(java.net.URL url) {
        try {
            return Path.of(url.toURI());
        } catch (java.net.URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    void vendor(Context ctx, Path sub) throws IOException {
        String rel = safePath(ctx);
        if (vendorDir == null) {
            throw new ApiException(404, "not_found", "No editor files configured for " + ctx.path()
                    + " (start the server with --vendor pointing at cms-widget/node_modules)", null);
        }
        Path file = contained(ctx, vendorDir.resolve(sub), rel);
        ctx.contentType(type(file.getFileName().toString())).header("Cache-Control", "max-age=3600")
                .result(Files.readAllBytes(file));
    }

    /**
     * The regular file {@code rel} names under {@code root}, by its real path, which must lie inside the real path of
     * {@code root}: checking the normalized path alone would follow a symlink (file or folder) anywhere on disk.
     */
    private static Path contained(Context ctx, Path root, String rel) {
        try {
            Path realRoot = root.toRealPath();
            Path real = realRoot.resolve(rel).toRealPath();
            if (real.startsWith(realRoot) && Files.isRegularFile(real, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
                return real;
            }
        } catch (IOException | RuntimeException e) {
            // missing, unreadable, or no root: the same answer as for a file that is not there
        }
        throw notFound(ctx);
    }

    private static ApiException notFound(Context ctx) {
        return new ApiException(404, "not_found", "No file at " + ctx.path(), null);
    }
}
