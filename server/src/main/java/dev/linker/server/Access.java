package dev.linker.server;

import io.javalin.http.Context;
import io.javalin.http.Handler;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Set;

/**
 * Who may call the API: bearer keys for writes (and for reads when read keys are set), compared in constant time,
 * and the CORS origins allowed to call it from a CMS page.
 */
final class Access {
    private final ServerConfig.Callers callers;

    Access(ServerConfig.Callers callers) {
        this.callers = callers;
    }

    private boolean originAllowed(String origin) {
        return origin != null && (callers.corsOrigins().contains("*") || callers.corsOrigins().contains(origin));
    }

    void cors(Context ctx) {
        String origin = ctx.header("Origin");
        if (originAllowed(origin)) {
            ctx.header("Access-Control-Allow-Origin", origin);
            ctx.header("Vary", "Origin");
        }
    }

    void preflight(Context ctx) {
        String origin = ctx.header("Origin");
        if (!originAllowed(origin)) {
            throw new ApiException(403, "origin_not_allowed", "Origin " + origin
                    + " is not in this server's CORS allow-list (" + ServerConfig.ENV_CORS + ")", "Origin");
        }
        ctx.header("Access-Control-Allow-Methods", "GET, POST, PUT, DELETE");
        ctx.header("Access-Control-Allow-Headers", "Content-Type, Authorization");
        ctx.header("Access-Control-Max-Age", "600");
        ctx.status(204);
    }

    Handler read(Handler h) {
        return ctx -> {
            if (!callers.readKeys().isEmpty()) {
                requireKey(ctx, callers.readKeys(), true);
            }
            h.handle(ctx);
        };
    }

    Handler write(Handler h) {
        return ctx -> {
            if (callers.writeKeys().isEmpty()) {
                throw new ApiException(401, "no_api_keys", "This server accepts no writes: no API keys are configured ("
                        + ServerConfig.ENV_WRITE_KEYS + ")", "Authorization");
            }
            requireKey(ctx, callers.writeKeys(), false);
            h.handle(ctx);
        };
    }

    /** What the request's key may do, for {@code GET /api/v1/access}: read and write, each true or false. */
    java.util.Map<String, Boolean> grants(Context ctx) {
        byte[] given = bearer(ctx);
        boolean write = given != null && matches(given, callers.writeKeys());
        boolean read = callers.readKeys().isEmpty() || write || given != null && matches(given, callers.readKeys());
        return java.util.Map.of("read", read, "write", write);
    }

    private void requireKey(Context ctx, Set<String> keys, boolean alsoWriteKeys) {
        byte[] given = bearer(ctx);
        if (given == null) {
            ctx.header("WWW-Authenticate", "Bearer");
            throw new ApiException(401, "unauthorized", "An API key is required: Authorization: Bearer <key>",
                    "Authorization");
        }
        boolean ok = matches(given, keys) || alsoWriteKeys && matches(given, callers.writeKeys());
        if (!ok) {
            ctx.header("WWW-Authenticate", "Bearer error=\"invalid_token\"");
            throw new ApiException(401, "unauthorized", "The API key is not valid for " + ctx.method() + " "
                    + ctx.path(), "Authorization");
        }
    }

    /** The key of the request's {@code Authorization: Bearer <key>} header, as bytes; null when it has none. */
    private static byte[] bearer(Context ctx) {
        String auth = ctx.header("Authorization");
        return auth != null && auth.regionMatches(true, 0, "Bearer ", 0, 7)
                ? auth.substring(7).strip().getBytes(StandardCharsets.UTF_8) : null;
    }

    private static boolean matches(byte[] given, Set<String> keys) {
        boolean ok = false;
        for (String k : keys) { // constant-time compare, and no early exit that would time which key matched
            ok |= MessageDigest.isEqual(given, k.getBytes(StandardCharsets.UTF_8));
        }
        return ok;
    }
}
