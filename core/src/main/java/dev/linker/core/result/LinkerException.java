package dev.linker.core.result;

import java.util.function.BiFunction;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A problem the user can fix (bad input, bad config); its message names the file or key and is shown without a
 * stack trace. Anything else escaping a door is a bug ({@link ExitCode#UNEXPECTED}).
 *
 * <p>Where the fix is a setting, the message names it as {@link #setting(String, String)} writes it, by its config
 * key ({@code writeBaseline}), and each door spells it its own way when it shows the message ({@link #message}): the
 * CLI as {@code --write-baseline FILE}, the Maven plugin as {@code -Dlinker.writeBaseline=FILE}.
 */
public class LinkerException extends RuntimeException {
    private static final Pattern SETTING = Pattern.compile("\\{([a-zA-Z]+)(?: ([^{}]*))?}");

    public LinkerException(String message) {
        super(message);
    }

    public LinkerException(String message, Throwable cause) {
        super(message, cause);
    }

    /** A setting in a message: its config key, and the value to give it (null: none in particular). */
    public static String setting(String key, String value) {
        return "{" + key + (value == null ? "" : " " + value) + "}";
    }

    /** The message with each setting spelled by {@code spell} (config key, value or null). */
    public String message(BiFunction<String, String, String> spell) {
        return spell(getMessage(), spell);
    }

    /** {@code text} with each setting in it spelled by {@code spell}. */
    public static String spell(String text, BiFunction<String, String, String> spell) {
        if (text == null || text.indexOf('{') < 0) {
            return text;
        }
        Matcher m = SETTING.matcher(text);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            m.appendReplacement(out, Matcher.quoteReplacement(spell.apply(m.group(1), m.group(2))));
        }
        m.appendTail(out);
        return out.toString();
    }
}
