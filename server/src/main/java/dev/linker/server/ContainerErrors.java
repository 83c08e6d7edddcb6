package dev.linker.server;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.linker.index.PageLimits;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.handler.ErrorHandler;
import org.eclipse.jetty.util.Callback;

import java.nio.ByteBuffer;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Errors Jetty answers before a request reaches Javalin (a request line or headers too long, a malformed request,
 * a body too slow) in the API's shape, {@code {"error":{"code","message","field"}}}, instead of Jetty's HTML page.
 */
final class ContainerErrors extends ErrorHandler {
    private static final ObjectMapper JSON = new ObjectMapper();
    private final int requestHeaderBytes;

    ContainerErrors(int requestHeaderBytes) {
        this.requestHeaderBytes = requestHeaderBytes;
    }

    @Override
    public boolean errorPageForMethod(String method) {
        return true; // Jetty's default writes bodies for GET, POST and HEAD only; a PUT deserves the same answer
    }

    @Override
    protected void generateResponse(Request request, Response response, int code, String message, Throwable cause,
                                    Callback callback) {
        response.getHeaders().put(HttpHeader.CONTENT_TYPE, "application/json");
        response.getHeaders().put(HttpHeader.CACHE_CONTROL, "no-store");
        response.write(true, ByteBuffer.wrap(body(code, message)), callback);
    }

    private byte[] body(int code, String jettyMessage) {
        String reason = jettyMessage == null || jettyMessage.isBlank() ? "" : " (" + jettyMessage + ")";
        Map<String, Object> err = new LinkedHashMap<>();
        switch (code) {
            case 414 -> {
                err.put("code", "uri_too_long");
                err.put("message", "The request line is longer than this server accepts (" + requestHeaderBytes
                        + " bytes); URLs are limited to " + PageLimits.MAX_URL_CHARS + " characters");
            }
            case 431 -> {
                err.put("code", "headers_too_large");
                err.put("message", "The request headers are larger than this server accepts (" + requestHeaderBytes
                        + " bytes)");
            }
            case 408 -> {
                err.put("code", "timeout");
                err.put("message", "The request was not received in time" + reason
                        + "; send the body at once, not a trickle");
            }
            case 413 -> {
                err.put("code", "too_large");
                err.put("message", "The request is too large" + reason);
            }
            default -> {
                err.put("code", code >= 500 ? "internal" : "http_" + code);
                err.put("message", code >= 500 ? "Internal error; the server log has the details."
                        : "The request was refused" + reason);
            }
        }
        err.put("field", null);
        try {
            return JSON.writeValueAsBytes(Map.of("error", err));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
