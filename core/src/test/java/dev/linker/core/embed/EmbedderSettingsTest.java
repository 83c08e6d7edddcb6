package dev.linker.core.embed;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

class EmbedderSettingsTest {

    @Test
    void openai_settings_get_sensible_defaults() {
        EmbedderSettings s = EmbedderSettings.openAi(null, null);
        assertEquals(EmbedderSettings.Type.OPENAI, s.type());
        assertEquals("https://api.openai.com/v1", s.url());
        assertEquals("text-embedding-3-small", s.model());
        assertEquals(64, s.requests().batchSize());
        assertEquals(Duration.ofSeconds(60), s.requests().timeout());
        assertEquals(4, s.requests().maxRetries());
    }

    @Test
    void the_key_comes_from_settings_then_linker_env_then_openai_env() {
        Map<String, String> env = Map.of("LINKER_EMBEDDINGS_API_KEY", "linker-key", "OPENAI_API_KEY", "openai-key");
        EmbedderSettings s = EmbedderSettings.openAi(null, null);
        assertEquals("configured", s.withApiKey("configured").resolveApiKey(env));
        assertEquals("linker-key", s.resolveApiKey(env));
        assertEquals("openai-key", s.withApiKey(" ").resolveApiKey(Map.of("OPENAI_API_KEY", "openai-key")));
        assertNull(s.resolveApiKey(Map.of()));
    }

    @Test
    void to_string_never_shows_the_key() {
        String text = EmbedderSettings.openAi(null, null).withApiKey("sk-very-secret").toString();
        assertFalse(text.contains("sk-very-secret"), text);
        assertTrue(text.contains("apiKey=***"), text);
    }

    @Test
    void impossible_values_are_rejected_naming_the_setting() {
        assertTrue(assertThrows(IllegalArgumentException.class, () -> EmbedderSettings.openAi(null, null)
                .withRequests(r -> r.withBatchSize(-1))).getMessage().contains("batchSize"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> EmbedderSettings.openAi(null, null)
                .withRequests(r -> r.withTimeout(Duration.ZERO))).getMessage().contains("timeout"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> EmbedderSettings.openAi("ftp://x", null))
                .getMessage().contains("ftp://x"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> new EmbedderSettings(
                EmbedderSettings.Type.LOCAL, null, "bge-small", null, 0, null, 0)).getMessage().contains("bge-small"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> EmbedderSettings.local().withDimensions(512))
                .getMessage().contains("384"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> EmbedderSettings.local().withThreads(-1))
                .getMessage().contains("threads"));
    }

    @Test
    void threads_default_to_all_cores_and_reach_the_local_embedder() {
        assertEquals(0, EmbedderSettings.local().threads());
        assertEquals(Runtime.getRuntime().availableProcessors(), EmbedderSettings.local().resolvedThreads());
        try (Embedder three = Embedders.create(EmbedderSettings.local().withThreads(3))) {
            assertEquals(3, three.threads());
            assertEquals(1, three.withThreads(1).threads());
        }
    }

    @Test
    void types_parse_in_any_case_and_unknown_ones_list_the_valid_values() {
        assertEquals(EmbedderSettings.Type.OPENAI, EmbedderSettings.Type.parse(" OpenAI "));
        assertEquals(EmbedderSettings.Type.LOCAL, EmbedderSettings.Type.parse("local"));
        assertEquals(EmbedderSettings.Type.STATIC, EmbedderSettings.Type.parse("Static"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> EmbedderSettings.Type.parse("huggingface"));
        assertTrue(e.getMessage().contains("huggingface") && e.getMessage().contains("local, static or openai"),
                e.getMessage());
    }

    @Test
    void a_door_naming_an_unknown_type_is_refused_rather_than_sent_to_an_endpoint() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> EmbedderSettings.of("statik", null, null, 0));
        assertTrue(e.getMessage().contains("'statik'"), e.getMessage());
        assertEquals(EmbedderSettings.Type.STATIC, EmbedderSettings.of("static", null, null, 0).type());
        assertEquals(EmbedderSettings.Type.OPENAI, EmbedderSettings.of("openai", null, "m", 0).type());
    }

    @Test
    void the_static_embedder_takes_no_model_of_its_own_and_only_its_own_length() {
        IllegalArgumentException model = assertThrows(IllegalArgumentException.class,
                () -> EmbedderSettings.of("static", null, "text-embedding-3-small", 0));
        assertTrue(model.getMessage().contains("text-embedding-3-small"), model.getMessage());
        IllegalArgumentException dims = assertThrows(IllegalArgumentException.class,
                () -> EmbedderSettings.of("static", null, null, 384));
        assertTrue(dims.getMessage().contains("384") && dims.getMessage().contains("256"), dims.getMessage());
    }

    @Test
    void embedders_create_the_kind_the_settings_name() {
        try (Embedder local = Embedders.create(EmbedderSettings.local())) {
            assertInstanceOf(LocalMiniLmEmbedder.class, local);
            assertEquals(Runtime.getRuntime().availableProcessors(), local.threads());
        }
        try (Embedder remote = Embedders.create(EmbedderSettings.openAi("http://127.0.0.1:9/v1", "m")
                .withDimensions(8))) {
            assertInstanceOf(OpenAiEmbedder.class, remote);
            assertEquals("openai:m@8", remote.id());
        }
        try (Embedder table = Embedders.create(EmbedderSettings.of("static", null, null, 0))) {
            assertInstanceOf(StaticEmbedder.class, table);
            assertEquals(StaticEmbedder.ID, table.id());
        }
    }

    @Test
    void an_index_recorded_with_a_bundled_embedder_gets_it_back_and_one_from_an_endpoint_gets_none() {
        assertInstanceOf(StaticEmbedder.class, Embedders.bundled(StaticEmbedder.ID, 0));
        try (Embedder none = Embedders.bundled(null, 1);
             Embedder local = Embedders.bundled(LocalMiniLmEmbedder.ID, 1)) {
            assertInstanceOf(LocalMiniLmEmbedder.class, none);
            assertInstanceOf(LocalMiniLmEmbedder.class, local);
        }
        assertNull(Embedders.bundled("openai:text-embedding-3-small", 0));
    }
}
