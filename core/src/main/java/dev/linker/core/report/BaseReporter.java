package dev.linker.core.report;

/** A reporter's format id and file extension, declared once, and the options it renders with. */
abstract class BaseReporter implements Reporter {
    private final String format;
    private final String extension;
    final ReportOptions options;

    BaseReporter(String format, String extension, ReportOptions options) {
        this.format = format;
        this.extension = extension;
        this.options = options;
    }

    @Override
    public final String format() {
        return format;
    }

    @Override
    public final String extension() {
        return extension;
    }
}
