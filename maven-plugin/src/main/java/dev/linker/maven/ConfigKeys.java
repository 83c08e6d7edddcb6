package dev.linker.maven;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;

import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.Locale;
import java.util.Set;

/**
 * The top-level keys a config file sets. The plugin needs them because its own defaults (target/site …) must sit
 * below the file, yet the core builder only layers explicit values over the file.
 */
final class ConfigKeys {
    private ConfigKeys() {
    }

    /** Keys of the file's top-level mapping; empty when there is no file or it does not parse (core reports that). */
    static Set<String> of(Path file) {
        Set<String> keys = new LinkedHashSet<>();
        if (file == null) {
            return keys;
        }
        boolean json = file.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".json");
        ObjectMapper mapper = json ? new ObjectMapper() : new ObjectMapper(new YAMLFactory());
        try {
            JsonNode root = mapper.readTree(file.toFile());
            if (root != null && root.isObject()) {
                root.fieldNames().forEachRemaining(keys::add);
            }
        } catch (IOException | RuntimeException e) {
            // Left to AuditConfig.build(), whose message names the file and the line.
        }
        return keys;
    }
}
