package dev.linker.core.config;

import com.fasterxml.jackson.databind.JsonNode;
import dev.linker.core.check.CheckSettings;
import dev.linker.core.result.LinkerException;
import dev.linker.core.result.Severity;
import dev.linker.core.validate.Ranges;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/** Typed access to the values of a config file, with errors that name the file and key. */
record ConfigFileReader(Path file) {
    private LinkerException bad(String key, String expected, JsonNode n) {
        return new LinkerException("config file '" + file + "': key '" + key + "' must be " + expected
                + ", not " + (n.isTextual() ? "'" + n.asText() + "'" : n.toString()));
    }

    <T> T wrap(String key, java.util.function.Supplier<T> s) {
        try {
            return s.get();
        } catch (LinkerException e) {
            throw new LinkerException("config file '" + file + "': key '" + key + "': " + e.getMessage());
        }
    }

    String text(String key, JsonNode n) {
        if (!n.isValueNode() || n.isNull()) {
            throw bad(key, "a text value", n);
        }
        return n.asText();
    }

    boolean bool(String key, JsonNode n) {
        if (!n.isBoolean()) {
            throw bad(key, "true or false", n);
        }
        return n.asBoolean();
    }

    double number(String key, JsonNode n) {
        if (!n.isNumber()) {
            throw bad(key, "a number", n);
        }
        return n.asDouble();
    }

    double number(String key, JsonNode n, Ranges.Range range) {
        double d = number(key, n);
        try {
            return Ranges.check(key, d, range);
        } catch (LinkerException e) {
            throw new LinkerException("config file '" + file + "': " + e.getMessage());
        }
    }

    List<String> list(String key, JsonNode n) {
        List<String> out = new ArrayList<>();
        if (n.isTextual()) {
            for (String s : n.asText().split(",")) {
                if (!s.isBlank()) {
                    out.add(s.strip());
                }
            }
            return out;
        }
        if (!n.isArray()) {
            throw bad(key, "a list", n);
        }
        for (JsonNode x : n) {
            out.add(text(key, x));
        }
        return out;
    }

    /** {@code sources: content} (published at the root), a list of folders, or a mapping folder → URL prefix. */
    Map<Path, String> sources(String key, JsonNode n, Path dir) {
        Map<Path, String> out = new LinkedHashMap<>();
        if (n.isObject()) {
            for (Iterator<Map.Entry<String, JsonNode>> it = n.fields(); it.hasNext(); ) {
                var e = it.next();
                out.put(dir.resolve(e.getKey()), text(key + "." + e.getKey(), e.getValue()));
            }
            return out;
        }
        for (String folder : list(key, n)) {
            out.put(dir.resolve(folder), "/");
        }
        return out;
    }

    Map<String, CheckSettings> checks(JsonNode n) {
        if (!n.isObject()) {
            throw bad("checks", "a mapping of check id to settings", n);
        }
        Map<String, CheckSettings> out = new TreeMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = n.fields(); it.hasNext(); ) {
            var e = it.next();
            String id = e.getKey();
            JsonNode s = e.getValue();
            String key = "checks." + id;
            if (s.isBoolean()) {
                out.put(id, new CheckSettings(s.asBoolean(), null, Map.of()));
                continue;
            }
            if (s.isTextual()) { // "orphan: warning" or "orphan: off"
                String t = s.asText().strip().toLowerCase(Locale.ROOT);
                if (t.equals("off") || t.equals("false")) {
                    out.put(id, new CheckSettings(false, null, Map.of()));
                } else {
                    out.put(id, new CheckSettings(true, wrap(key, () -> Severity.parse(t)), Map.of()));
                }
                continue;
            }
            if (!s.isObject()) {
                throw bad(key, "a mapping (enabled, severity, options), a severity, or off", s);
            }
            Boolean enabled = null;
            Severity severity = null;
            Map<String, Object> options = new LinkedHashMap<>();
            for (Iterator<Map.Entry<String, JsonNode>> f = s.fields(); f.hasNext(); ) {
                var o = f.next();
                switch (o.getKey()) {
                    case "enabled" -> enabled = bool(key + ".enabled", o.getValue());
                    case "severity" -> severity = wrap(key + ".severity", () -> Severity.parse(o.getValue().asText()));
                    default -> options.put(o.getKey(), plain(o.getValue()));
                }
            }
            out.put(id, new CheckSettings(enabled, severity, options));
        }
        return out;
    }

    private static Object plain(JsonNode v) {
        if (v.isInt() || v.isLong()) {
            return v.asLong();
        }
        if (v.isNumber()) {
            return v.asDouble();
        }
        if (v.isBoolean()) {
            return v.asBoolean();
        }
        if (v.isArray()) {
            List<Object> l = new ArrayList<>();
            v.forEach(x -> l.add(plain(x)));
            return l;
        }
        return v.asText();
    }
}
