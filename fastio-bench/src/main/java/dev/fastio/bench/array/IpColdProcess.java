package dev.fastio.bench.array;

import dev.fastio.bench.ipv4.IpParseBenchmark;
import java.io.IOException;
import java.util.Locale;

/**
 * Article 001's real case as a whole process: a fresh JVM with default flags runs one method of
 * {@link IpLoadBenchmark} or {@link IpParseBenchmark} once and prints how long it took. Unlike
 * {@link IpLoadColdBenchmark}, nothing else has run in the JVM first (JMH's harness warms up parts
 * of the JDK, such as the lambda machinery, before a single-shot measurement). Run it in a loop
 * that alternates the methods (docs/PERFORMANCE.md, "Parts on plain threads, not a parallel
 * stream", has the loop and its figures):
 *
 * <pre>java -cp fastio-cli/target/fastio.jar dev.fastio.bench.array.IpColdProcess load|parse METHOD [LINES]</pre>
 */
public final class IpColdProcess {
    private IpColdProcess() {}

    /**
     * No lambda or method reference runs before the timed call: the set-up they trigger is part of
     * what this measures. (The benchmarks' setUp builds the file name with string concatenation,
     * outside the timing, as any real task would before loading a file.)
     */
    public static void main(String[] args) throws IOException {
        if (args.length < 2 || !(args[0].equals("load") || args[0].equals("parse"))) {
            System.err.println("usage: IpColdProcess load|parse METHOD [LINES]");
            System.exit(2);
        }
        int lines = args.length > 2 ? Integer.parseInt(args[2]) : 26_000_000;
        long start;
        Object result;
        if (args[0].equals("load")) {
            IpLoadBenchmark b = new IpLoadBenchmark();
            b.lines = lines;
            b.setUp();
            start = System.nanoTime();
            result = switch (args[1]) {
                case "fastio" -> b.fastio();
                case "nioDirect64k" -> b.nioDirect64k();
                case "dataInputStreamBuffered64k" -> b.dataInputStreamBuffered64k();
                default -> throw new IllegalArgumentException("no load method " + args[1]);
            };
        } else {
            IpParseBenchmark b = new IpParseBenchmark();
            b.lines = lines;
            b.setUp();
            start = System.nanoTime();
            result = switch (args[1]) {
                case "fastio" -> b.fastio(new dev.fastio.bench.data.KernelRan());
                case "articleReadLineSplit" -> b.articleReadLineSplit();
                default -> throw new IllegalArgumentException("no parse method " + args[1]);
            };
        }
        double ms = (System.nanoTime() - start) / 1e6;
        int[] a = (int[]) result;
        System.out.println(String.format(Locale.ROOT, "%s %s %.1f ms (%d ints)", args[0], args[1], ms, a.length));
    }
}
