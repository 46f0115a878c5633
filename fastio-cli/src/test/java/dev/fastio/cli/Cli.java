package dev.fastio.cli;

import java.io.PrintWriter;
import java.io.StringWriter;

/** Runs the CLI in-process and captures what it prints. */
record Cli(int exit, String out, String err) {
    static Cli run(String... args) {
        return runWithBinaryOut(new java.io.ByteArrayOutputStream(), args);
    }

    /** Runs the CLI with {@code binaryOut} as the standard output that bytes go to ({@code gunzip -c}). */
    static Cli runWithBinaryOut(java.io.OutputStream binaryOut, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int exit = Main.run(args, binaryOut, new PrintWriter(out, true), new PrintWriter(err, true));
        return new Cli(exit, out.toString(), err.toString());
    }
}
