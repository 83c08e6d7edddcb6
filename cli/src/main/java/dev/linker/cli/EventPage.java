package dev.linker.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.linker.core.model.Page;
import dev.linker.core.result.LinkerException;
import dev.linker.core.site.ReadOptions;
import dev.linker.core.site.SiteReader;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/** The page of {@code linker event --page FILE} as the API's page object, whatever the file. */
final class EventPage {
    private static final ObjectMapper JSON = new ObjectMapper();

    private EventPage() {
    }

    /**
     * A JSON file as it is (its url from {@code --url} when it has none), or an HTML file read as {@code linker index}
     * reads a site's pages.
     */
    static ObjectNode read(Path page, String url, ReadOptions html) {
        if (!Files.isRegularFile(page)) {
            throw new LinkerException("--page " + page + ": no such file");
        }
        String name = page.getFileName().toString().toLowerCase(Locale.ROOT);
        if (name.endsWith(".json")) {
            JsonNode node;
            try {
                node = JSON.readTree(page.toFile());
            } catch (IOException e) {
                String msg = String.valueOf(e.getMessage());
                int cut = msg.indexOf("\n at [Source");
                throw new LinkerException("--page " + page + ": not valid JSON: "
                        + (cut > 0 ? msg.substring(0, cut) : msg).replaceAll("\\s+", " ").strip());
            }
            if (node == null || !node.isObject()) {
                throw new LinkerException("--page " + page + ": a JSON object (a page: url, title, text …) is expected");
            }
            ObjectNode o = (ObjectNode) node;
            if (!o.hasNonNull("url")) {
                o.put("url", url);
            }
            return o;
        }
        if (!name.endsWith(".html") && !name.endsWith(".htm")) {
            throw new LinkerException("--page " + page + ": give a .json page or an .html file");
        }
        Page p = SiteReader.readFile(page, url, html);
        return JSON.createObjectNode().put("url", url).put("title", p.title()).put("h1", p.h1()).put("text", p.text());
    }
}
