package dev.linker.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Issue 11: the file routes never follow a symlink out of the folder they serve, and answer 404 in JSON. */
class StaticFilesStayInTheirFolderTest {
    static final String SECRET = "root:x:0:0:secret";

    @TempDir
    Path dir;

    static void assertRefused(TestServer t, String path) {
        TestServer.Res r = t.send("GET", path, null);
        assertEquals(404, r.status(), path + " → " + r.body());
        assertEquals("not_found", r.json().get("error").get("code").asText(), path);
        assertFalse(r.body().contains(SECRET), path);
    }

    @Test
    void vendor_files_are_served_by_real_path_and_symlinks_out_of_the_folder_are_not_followed() throws IOException {
        Path outside = Files.createDirectories(dir.resolve("outside"));
        Files.writeString(outside.resolve("passwd"), SECRET);
        Path tinymce = Files.createDirectories(dir.resolve("node_modules/tinymce"));
        Files.writeString(tinymce.resolve("tinymce.min.js"), "window.tinymce = {};");
        Files.createSymbolicLink(tinymce.resolve("passwd.js"), outside.resolve("passwd"));
        Files.createSymbolicLink(tinymce.resolve("etc"), outside);
        Files.createSymbolicLink(tinymce.resolve("system"), Path.of("/etc"));
        Files.createSymbolicLink(tinymce.resolve("same.js"), tinymce.resolve("tinymce.min.js"));
        Files.createDirectories(tinymce.resolve("skins"));
        try (TestServer t = TestServer.start(dir.resolve("index"), ServerConfig.defaults()
                .withVendorDir(dir.resolve("node_modules")))) {
            TestServer.Res ok = t.send("GET", "/vendor/tinymce/tinymce.min.js", null);
            assertEquals(200, ok.status(), ok.body());
            assertEquals("window.tinymce = {};", ok.body());
            assertEquals(200, t.send("GET", "/vendor/tinymce/same.js", null).status(),
                    "a symlink that stays inside the folder is fine");
            for (String p : List.of("/vendor/tinymce/passwd.js", "/vendor/tinymce/etc/passwd",
                    "/vendor/tinymce/system/passwd", "/vendor/tinymce/system/hostname", "/vendor/tinymce/skins",
                    "/vendor/tinymce/missing.js", "/vendor/ckeditor5/ckeditor5.js")) {
                assertRefused(t, p);
            }
        }
    }

    @Test
    void a_vendor_folder_that_is_itself_a_symlink_is_served_from_where_it_points() throws IOException {
        // pnpm lays out node_modules/<package> as symlinks into node_modules/.pnpm: the folder given is what counts.
        Path real = Files.createDirectories(dir.resolve("store/tinymce"));
        Files.writeString(real.resolve("tinymce.min.js"), "ok");
        Files.createDirectories(dir.resolve("node_modules"));
        Files.createSymbolicLink(dir.resolve("node_modules/tinymce"), real);
        try (TestServer t = TestServer.start(dir.resolve("index"), ServerConfig.defaults()
                .withVendorDir(dir.resolve("node_modules")))) {
            assertEquals("ok", t.send("GET", "/vendor/tinymce/tinymce.min.js", null).body());
        }
    }

    @Test
    void widget_and_demo_files_served_from_a_classes_folder_do_not_follow_symlinks_or_list_folders()
            throws IOException, URISyntaxException {
        URL widget = LinkerServer.class.getClassLoader().getResource("linker/widget");
        assumeTrue(widget != null && widget.getProtocol().equals("file"), "resources are files (not a jar)");
        Path folder = Path.of(widget.toURI());
        Path secret = Files.writeString(dir.resolve("secret.txt"), SECRET);
        Path link = folder.resolve("zz-symlink-test.js");
        Files.deleteIfExists(link);
        Files.createSymbolicLink(link, secret);
        try (TestServer t = TestServer.start(dir.resolve("index"), ServerConfig.defaults().withWriteKeys(Set.of()))) {
            assertRefused(t, "/widget/zz-symlink-test.js");
            assertRefused(t, "/widget/adapters");
            assertEquals(200, t.send("GET", "/widget/linker-suggestions.js", null).status());
            assertEquals(200, t.send("GET", "/demo/", null).status());
        } finally {
            Files.deleteIfExists(link);
        }
    }
}
