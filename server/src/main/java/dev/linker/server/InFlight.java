package dev.linker.server;

import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;

import java.io.IOException;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Counts the requests being handled, each until its answer has been written out (flushed to the client), not only
 * until its handler returned: a stop waits for this count, so no answer is cut off by the server stopping, nor by the
 * process exiting right after.
 */
final class InFlight implements Filter {
    private final AtomicInteger count = new AtomicInteger();

    int count() {
        return count.get();
    }

    @Override
    public void doFilter(ServletRequest request, ServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        count.incrementAndGet();
        try {
            chain.doFilter(request, response);
            try {
                response.flushBuffer();
            } catch (IOException gone) {
                // the client went away: nothing left to deliver
            }
        } finally {
            count.decrementAndGet();
        }
    }
}
