package dev.linker.server;

/** A request the API refuses: becomes {@code {"error":{"code","message","field"}}} with {@code status}. */
public final class ApiException extends RuntimeException {
    private final int status;
    private final String code;
    private final String field;

    public ApiException(int status, String code, String message, String field) {
        super(message);
        this.status = status;
        this.code = code;
        this.field = field;
    }

    public static ApiException badField(String field, String message) {
        return new ApiException(400, "invalid_field", message, field);
    }

    public int status() {
        return status;
    }

    public String code() {
        return code;
    }

    public String field() {
        return field;
    }
}
