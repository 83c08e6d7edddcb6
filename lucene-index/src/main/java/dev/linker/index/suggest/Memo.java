package dev.linker.index.suggest;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * What a {@link SiteSnapshot} remembers for one index version, one way: a bounded memo. A value is computed on first
 * use and kept while fewer than {@code limit} are kept; past the limit it is computed each time (never evicted: a new
 * index version starts a new snapshot, and with it new memos). Values are pure functions of their key and the
 * snapshot, so two threads computing one at once agree. {@link Once} is the same for a single value.
 */
final class Memo<K, V> {
    private final String name;
    private final int limit;
    private final Map<K, V> values = new ConcurrentHashMap<>();

    /** @param name what is remembered, for the reader of a heap dump or a profile; {@code limit}: how many at most */
    Memo(String name, int limit) {
        this.name = name;
        this.limit = limit;
    }

    V get(K key, Function<? super K, ? extends V> compute) {
        V v = values.get(key);
        if (v == null) {
            v = compute.apply(key);
            if (v != null && values.size() < limit) {
                values.put(key, v);
            }
        }
        return v;
    }

    int size() {
        return values.size();
    }

    @Override
    public String toString() {
        return name + " (" + values.size() + " of at most " + limit + ")";
    }

    /** One value computed on first use, once (it may be null). */
    static final class Once<T> {
        private final Supplier<T> compute;
        private volatile boolean done;
        private T value;

        Once(Supplier<T> compute) {
            this.compute = compute;
        }

        T get() {
            if (!done) {
                synchronized (this) {
                    if (!done) {
                        value = compute.get();
                        done = true;
                    }
                }
            }
            return value;
        }
    }
}
