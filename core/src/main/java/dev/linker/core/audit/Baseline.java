package dev.linker.core.audit;

import dev.linker.core.result.LinkerException;
import dev.linker.core.result.Finding;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Known findings a site has accepted for now, so a large site can adopt the audit gradually: only new findings
 * count. Matched by {@link Finding#fingerprint()} (check, page, target, anchor — not line numbers), as a multiset:
 * a page that gains a second identical broken link gets a new finding.
 */
public final class Baseline {
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private final Map<String, Integer> counts;

    private Baseline(Map<String, Integer> counts) {
        this.counts = counts;
    }

    public static Baseline read(Path file) {
        if (!Files.isRegularFile(file)) {
            throw new LinkerException("baseline file '" + file + "' does not exist (create it with "
                    + LinkerException.setting("writeBaseline", file.toString()) + ")");
        }
        JsonNode root;
        try {
            root = JSON.readTree(file.toFile());
        } catch (IOException e) {
            throw new LinkerException("baseline file '" + file + "' is not valid JSON: " + e.getMessage());
        }
        if (root == null || !root.path("findings").isArray()) {
            throw new LinkerException("baseline file '" + file + "' has no 'findings' list; write one with "
                    + LinkerException.setting("writeBaseline", null));
        }
        Map<String, Integer> counts = new HashMap<>();
        for (JsonNode f : root.get("findings")) {
            String fp = f.path("fingerprint").asText("");
            if (fp.isEmpty()) {
                throw new LinkerException("baseline file '" + file + "': an entry has no 'fingerprint'");
            }
            counts.merge(fp, 1, Integer::sum);
        }
        return new Baseline(counts);
    }

    /** Splits findings into new ones (returned) and baselined ones (counted in {@code suppressed[0]}). */
    public List<Finding> filter(List<Finding> findings, int[] suppressed) {
        Map<String, Integer> left = new HashMap<>(counts);
        List<Finding> fresh = new ArrayList<>();
        for (Finding f : findings) {
            Integer n = left.get(f.fingerprint());
            if (n != null && n > 0) {
                left.put(f.fingerprint(), n - 1);
                suppressed[0]++;
            } else {
                fresh.add(f);
            }
        }
        return fresh;
    }

    /** Writes a baseline of these findings, sorted so it diffs well under version control. */
    public static void write(Path file, List<Finding> findings) {
        ObjectNode root = JSON.createObjectNode();
        root.put("linkerBaseline", 1);
        ArrayNode arr = root.putArray("findings");
        findings.stream().sorted(Comparator.comparing(Finding::fingerprint)).forEach(f -> {
            ObjectNode o = arr.addObject();
            o.put("check", f.checkId());
            o.put("page", f.pageUrl());
            if (f.targetUrl() != null) {
                o.put("target", f.targetUrl());
            }
            if (f.anchor() != null) {
                o.put("anchor", f.anchor());
            }
            o.put("fingerprint", f.fingerprint());
        });
        try {
            Path parent = file.toAbsolutePath().getParent();
            if (parent != null) {
                Files.createDirectories(parent);
            }
            // Not createTempFile (owner-only permissions): the baseline is committed and shared.
            Path tmp = parent.resolve("." + file.getFileName() + "." + ProcessHandle.current().pid() + ".tmp");
            JSON.writeValue(tmp.toFile(), root);
            Files.move(tmp, file, java.nio.file.StandardCopyOption.REPLACE_EXISTING, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new LinkerException("cannot write baseline file '" + file + "': " + e.getMessage(), e);
        }
    }
}
