package dev.fastio.report.page;

import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * The page as it is written: appends chain as a StringBuilder's do; a write error comes out
 * as an {@link UncheckedIOException}, which {@code HtmlReport} turns back into the
 * {@link IOException} it was.
 */
final class Page {
    private final java.io.Writer out;

    Page(java.io.Writer out) {
        this.out = out;
    }

    Page append(CharSequence s) {
        try {
            out.append(s);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return this;
    }

    Page append(char c) {
        try {
            out.append(c);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return this;
    }

    Page append(long n) {
        return append(Long.toString(n));
    }

    java.io.Writer writer() {
        return out;
    }
}
