package dev.linker.core;

import java.net.URISyntaxException;
import java.nio.file.Path;

/** Fixture sites under src/test/resources/sites/. */
public final class Sites {
    private Sites() {
    }

    public static Path dir(String name) {
        try {
            return Path.of(Sites.class.getResource("/sites/" + name).toURI());
        } catch (URISyntaxException | NullPointerException e) {
            throw new IllegalStateException("no fixture site " + name, e);
        }
    }
}
