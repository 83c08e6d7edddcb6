package dev.linker.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The CLI is a door: it maps options to the engine and words its own messages. It reaches the HTTP server only to run
 * it ({@code linker serve}); a page, an event or a key name it needs comes from the engine's modules, as the server's
 * does. Read from the sources.
 */
class DoorsTest {
    static final Path SOURCES = Path.of("src/main/java/dev/linker/cli");

    @Test
    void only_the_serve_command_imports_the_server() throws IOException {
        List<String> importers = new ArrayList<>();
        try (Stream<Path> files = Files.list(SOURCES)) {
            for (Path f : files.filter(f -> f.toString().endsWith(".java")).sorted().toList()) {
                if (Files.readString(f).contains("import dev.linker.server.")) {
                    importers.add(f.getFileName().toString());
                }
            }
        }
        assertEquals(List.of("ServeCommand.java"), importers);
    }

    @Test
    void every_command_stays_a_thin_door() throws IOException {
        try (Stream<Path> files = Files.list(SOURCES)) {
            List<Path> commands = files.filter(f -> f.getFileName().toString().endsWith("Command.java")).toList();
            assertTrue(commands.size() >= 10, "commands: " + commands);
            for (Path f : commands) {
                long lines = Files.readAllLines(f).size();
                assertTrue(lines <= 150, f.getFileName() + " has " + lines + " lines: move what is not option mapping "
                        + "or wording into the engine");
            }
        }
    }
}
