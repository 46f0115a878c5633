package dev.fastio.cli;

import dev.fastio.array.ArrayFiles;
import dev.fastio.array.Tail;
import dev.fastio.copy.AtomicWrite;
import dev.fastio.ipv4.Ipv4Encoding;
import dev.fastio.ipv4.Ipv4Files;
import dev.fastio.ipv4.Ipv4ParseResult;
import dev.fastio.ipv4.Ipv4Parser;
import dev.fastio.ipv4.MalformedLine;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicLong;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

@Command(name = "ips", mixinStandardHelpOptions = true,
        description = "Convert IPv4 address lists between text (one dotted quad per line) and binary (4 bytes each).",
        subcommands = {IpsCommand.Pack.class, IpsCommand.Unpack.class})
final class IpsCommand {
    static ByteOrder order(String s) {
        return switch (s.toLowerCase(Locale.ROOT)) {
            case "big" -> ByteOrder.BIG_ENDIAN;
            case "little" -> ByteOrder.LITTLE_ENDIAN;
            default -> throw new UsageError("--order must be big or little, not '" + s + "'");
        };
    }

    static Ipv4Encoding encoding(String s) {
        return switch (s.toLowerCase(Locale.ROOT)) {
            case "natural" -> Ipv4Encoding.NATURAL;
            case "signed" -> Ipv4Encoding.SIGNED_SORTABLE;
            default -> throw new UsageError("--encoding must be natural or signed, not '" + s + "'");
        };
    }

    /** Writes OUT atomically with IN's permissions; an OUT that appeared since the check is left as it is. */
    static void write(Path out, boolean force, java.util.Set<java.nio.file.attribute.PosixFilePermission> mode,
            AtomicWrite.Writer writer) throws IOException {
        try {
            AtomicWrite.write(out, writer, false, force, mode);
        } catch (java.nio.file.FileAlreadyExistsException e) {
            throw FileTool.alreadyExists(out, "--force");
        }
    }

    @Command(name = "pack", mixinStandardHelpOptions = true,
            description = {"Parse IN.txt (strict unless --lenient) and write OUT.bin atomically.",
                    "OUT.bin gets the permissions of IN.txt, as gzip -d gives its output those of its input."})
    static final class Pack implements java.util.concurrent.Callable<Integer> {
        @Parameters(index = "0", paramLabel = "IN.txt", description = "The list; - reads standard input.") Path in;
        @Parameters(index = "1", paramLabel = "OUT.bin") Path out;
        @Option(names = "--order", defaultValue = "big", description = "big (DataOutputStream's, default) or little.") String order;
        @Option(names = "--encoding", defaultValue = "natural",
                description = "natural (a<<24|b<<16|c<<8|d, default) or signed (article 001's natural ^ 0x80000000).") String encoding;
        @Option(names = "--lenient", description = "Skip malformed lines (counted and shown) instead of failing.") boolean lenient;
        @Option(names = {"-f", "--force"}, description = "Replace an existing OUT.bin (a regular file or a link; the link itself).")
        boolean force;
        @Mixin FileTool.Options tool;
        @Spec CommandSpec spec;

        @Override
        public Integer call() throws IOException {
            PrintWriter console = spec.commandLine().getOut();
            ByteOrder o = order(order);
            Ipv4Encoding e = encoding(encoding);
            in = FileTool.input(in);
            FileTool.checkOutput(in, out, force, "--force");
            long size = Files.size(in); // for the progress bar only: 0 for pipes and procfs, which have no bar
            long start = System.nanoTime();
            Ipv4ParseResult r;
            AtomicLong parsed = new AtomicLong(); // the bytes parsed, whatever the size said
            try (Progress progress = tool.progressFor("parse", size, spec.commandLine().getErr())) {
                Ipv4Parser parser = Ipv4Parser.strict().withLenient(lenient).withEncoding(e);
                if (progress != null) {
                    parser = parser.withProgress(n -> {
                        synchronized (progress) {
                            progress.step(n);
                            if (parsed.addAndGet(n) % (64L << 20) < n) {
                                progress.message(in.getFileName().toString());
                            }
                        }
                    });
                } else {
                    parser = parser.withProgress(parsed::addAndGet);
                }
                r = parser.parse(in);
            }
            int[] ips = r.addresses();
            write(out, force, FileTool.permissionsOf(in), file -> ArrayFiles.writeInts(file, ips, o));
            long nanos = System.nanoTime() - start;
            tool.summary(console, String.format(Locale.ROOT, "packed %,d address%s: %,d text bytes -> %,d binary bytes in %s",
                    ips.length, ips.length == 1 ? "" : "es", parsed.get(), 4L * ips.length, FileTool.rate(parsed.get(), nanos)));
            if (r.malformedLines() > 0) {
                console.println(Quoted.of(String.format(Locale.ROOT, "skipped %,d malformed line%s; first: %s", r.malformedLines(),
                        r.malformedLines() == 1 ? "" : "s",
                        String.join("; ", r.firstMalformed().stream().map(MalformedLine::toString).toList()))));
            }
            return 0;
        }
    }

    @Command(name = "unpack", mixinStandardHelpOptions = true,
            description = {"Read IN.bin (4 bytes per address) and write OUT.txt atomically, one address per line.",
                    "OUT.txt gets the permissions of IN.bin, as gzip -d gives its output those of its input."})
    static final class Unpack implements java.util.concurrent.Callable<Integer> {
        @Parameters(index = "0", paramLabel = "IN.bin", description = "The addresses; - reads standard input.") Path in;
        @Parameters(index = "1", paramLabel = "OUT.txt") Path out;
        @Option(names = "--order", defaultValue = "big", description = "big (default) or little.") String order;
        @Option(names = "--encoding", defaultValue = "natural", description = "natural (default) or signed.") String encoding;
        @Option(names = {"-f", "--force"}, description = "Replace an existing OUT.txt (a regular file or a link; the link itself).")
        boolean force;
        @Option(names = "--ignore-tail", description = "Ignore 1 to 3 trailing bytes after the last whole address (default: an error).")
        boolean ignoreTail;
        @Mixin FileTool.Options tool;
        @Spec CommandSpec spec;

        @Override
        public Integer call() throws IOException {
            ByteOrder o = order(order);
            Ipv4Encoding e = encoding(encoding);
            in = FileTool.input(in);
            FileTool.checkOutput(in, out, force, "--force");
            long start = System.nanoTime();
            int[] ips;
            try {
                ips = ArrayFiles.readInts(in, o, ignoreTail ? Tail.IGNORE : Tail.REJECT);
            } catch (IOException x) {
                String m = x.getMessage() == null ? "" : x.getMessage();
                int library = m.lastIndexOf("; pass Tail.IGNORE"); // the library's option; the CLI's is --ignore-tail
                if (library >= 0) {
                    throw new UserError(m.substring(0, library) + "; pass --ignore-tail to read the whole addresses", x);
                }
                throw x;
            }
            write(out, force, FileTool.permissionsOf(in), file -> Ipv4Files.write(file, ips, e));
            long nanos = System.nanoTime() - start;
            long textBytes = Files.size(out);
            tool.summary(spec.commandLine().getOut(), String.format(Locale.ROOT, "unpacked %,d address%s: %,d binary bytes -> %,d text bytes in %s",
                    ips.length, ips.length == 1 ? "" : "es", 4L * ips.length, textBytes, FileTool.rate(textBytes, nanos)));
            return 0;
        }
    }
}
