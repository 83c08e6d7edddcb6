package dev.linker.server;

import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;

import java.io.IOException;
import java.util.Collections;
import java.util.Enumeration;

/**
 * Hides {@code X-HTTP-Method-Override} from Javalin, which would otherwise route a POST carrying it as a PUT or
 * DELETE (past CORS preflights and method-based rules); Javalin 7 has no setting for it. A request is handled with
 * the method it was sent with.
 */
final class NoMethodOverride implements Filter {
    static final String HEADER = "X-HTTP-Method-Override";

    @Override
    public void doFilter(ServletRequest request, ServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        if (request instanceof HttpServletRequest http && http.getHeader(HEADER) != null) {
            request = new HttpServletRequestWrapper(http) {
                @Override
                public String getHeader(String name) {
                    return HEADER.equalsIgnoreCase(name) ? null : super.getHeader(name);
                }

                @Override
                public Enumeration<String> getHeaders(String name) {
                    return HEADER.equalsIgnoreCase(name) ? Collections.emptyEnumeration() : super.getHeaders(name);
                }

                @Override
                public Enumeration<String> getHeaderNames() {
                    return Collections.enumeration(Collections.list(super.getHeaderNames()).stream()
                            .filter(n -> !HEADER.equalsIgnoreCase(n)).toList());
                }
            };
        }
        chain.doFilter(request, response);
    }
}
