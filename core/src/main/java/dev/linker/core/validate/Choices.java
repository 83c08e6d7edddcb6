package dev.linker.core.validate;

import dev.linker.core.result.LinkerException;

import java.util.Locale;
import java.util.function.Supplier;

/** A name a user gives for one of a fixed set: the constants of an enum, named in any case. */
public final class Choices {
    private Choices() {
    }

    /**
     * The constant of {@code type} named {@code s} (any case, white space around it ignored).
     *
     * @throws LinkerException with the {@code unknown} message (the door's or setting's wording) when none is
     */
    public static <E extends Enum<E>> E parse(Class<E> type, String s, Supplier<String> unknown) {
        try {
            return Enum.valueOf(type, s.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new LinkerException(unknown.get());
        }
    }
}
