package dev.linker.index;

/** A page's stored fields as {@link PageIndex#forEachStored} hands them over; no Lucene type leaves the index. */
public interface StoredPage {
    /** The field's (first) value, or null. */
    String get(String field);

    /** All values of a many-valued field. */
    String[] getAll(String field);
}
