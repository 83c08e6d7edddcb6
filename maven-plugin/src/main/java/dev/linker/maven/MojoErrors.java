package dev.linker.maven;

import dev.linker.core.result.LinkerException;
import org.apache.maven.plugin.MojoExecutionException;

/** How the plugin words what went wrong: Maven's exceptions, Maven's spelling of settings, Maven's heap. */
final class MojoErrors {
    /** Let go when memory runs out, so the out-of-memory message can be made. */
    private static volatile byte[] reserve;

    private MojoErrors() {
    }

    /**
     * Sets memory aside for {@link #outOfMemory}, before the work that may run out of it: made only once the heap is
     * full (this class first loaded in a {@code catch}), it would itself be what fails.
     */
    static void reserveMemory() {
        if (reserve == null) {
            reserve = new byte[1 << 20];
        }
    }

    /** A user error from the engine, its settings spelled as the plugin's properties ({@code -Dlinker.baseline=…}). */
    static MojoExecutionException of(LinkerException e) {
        return new MojoExecutionException("Linker: " + e.message(MojoErrors::property), e);
    }

    /** A bug, not a user error: keep the cause so -e shows where. */
    static MojoExecutionException unexpected(RuntimeException e) {
        return new MojoExecutionException("Linker: unexpected error (" + e
                + "); rerun with -e and -Dlinker.verbose=true and report it", e);
    }

    /**
     * An error of the build, not findings: one line with what to do (Maven's heap is MAVEN_OPTS). The reserve gives the
     * message room even while the heap still holds what filled it.
     */
    static MojoExecutionException outOfMemory() {
        reserve = null;
        // The exception is made under the same retries as its message: a thread of the failed audit still running can
        // take the reserve first, and an OutOfMemoryError thrown here would reach Maven as a bare "Java heap space".
        for (int attempt = 0; ; attempt++) {
            try {
                return new MojoExecutionException(outOfMemoryMessage());
            } catch (OutOfMemoryError again) {
                if (attempt == 20) {
                    throw again;
                }
                pause();
            }
        }
    }

    /**
     * "Linker: out of memory …", made while other threads of the failed audit may still be running out of memory
     * themselves: retried after they have stopped, and never more than a few small strings.
     */
    static String outOfMemoryMessage() {
        for (int attempt = 0; ; attempt++) {
            try {
                System.gc();
                long max = Runtime.getRuntime().maxMemory();
                return "Linker: out of memory with a heap of " + (max >> 20) + " MB: give Maven more heap, e.g."
                        + " MAVEN_OPTS=-Xmx" + Math.max(4, 2 * ((max >> 30) + 1)) + "g mvn verify";
            } catch (OutOfMemoryError again) {
                if (attempt == 20) {
                    return "Linker: out of memory: give Maven more heap with MAVEN_OPTS=-Xmx4g";
                }
                pause();
            }
        }
    }

    /** A tenth of a second for the other threads of a failed audit to stop and let their memory go. */
    private static void pause() {
        try {
            Thread.sleep(100);
        } catch (InterruptedException i) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * A setting named in an error ({@link LinkerException#setting}) as this door's property:
     * {@code -Dlinker.writeBaseline=FILE}; the report folder is {@code linker.outputDirectory} here.
     */
    static String property(String key, String value) {
        String name = key.equals("output") ? "outputDirectory" : key;
        return "-Dlinker." + name + (value == null ? "" : "=" + value);
    }
}
