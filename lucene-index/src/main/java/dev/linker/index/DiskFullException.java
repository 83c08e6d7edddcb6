package dev.linker.index;

import dev.linker.core.result.LinkerException;

import java.nio.file.FileSystemException;
import java.util.Locale;

/**
 * The disk under the index is full. Nothing committed is lost: the index stays as its last commit, and what the failed
 * call was writing is not kept. Writes work again once there is space (the server reopens its writer; no restart).
 * A usage error for the CLI (exit 2); the server answers writes 507 while reads go on.
 */
public final class DiskFullException extends LinkerException {
    public DiskFullException(String where, Throwable cause) {
        super("no space left on device for the index at " + where + ": free some space and try again (nothing "
                + "committed was lost; what this call was writing was not kept)", cause);
    }

    /** Whether {@code e}, or anything that caused it, says the device is out of space. */
    public static boolean isDiskFull(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (says(t.getMessage()) || (t instanceof FileSystemException f && says(f.getReason()))) {
                return true;
            }
            for (Throwable s : t.getSuppressed()) {
                if (says(s.getMessage())) {
                    return true;
                }
            }
        }
        return false;
    }

    private static boolean says(String message) {
        if (message == null) {
            return false;
        }
        String m = message.toLowerCase(Locale.ROOT);
        // Linux and macOS (ENOSPC, EDQUOT), Windows (ERROR_DISK_FULL, ERROR_HANDLE_DISK_FULL)
        return m.contains("no space left on device") || m.contains("disk quota exceeded")
                || m.contains("not enough space on the disk") || m.contains("disk is full");
    }
}
