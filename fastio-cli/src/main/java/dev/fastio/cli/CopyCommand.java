package dev.fastio.cli;

import dev.fastio.copy.CopyOptions;
import dev.fastio.copy.CopyProgress;
import dev.fastio.copy.CopyResult;
import dev.fastio.copy.FileCopy;
import dev.fastio.copy.When;
import dev.fastio.read.Growth;
import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(name = "copy", mixinStandardHelpOptions = true,
        description = {"Copy SRC to DST (into DST/SRC-name if DST is a folder), as fast as the kernel allows.",
                "Atomic by default: the bytes go to a temporary file beside DST, renamed over it at the end, so DST is "
                        + "never half-written and a failure leaves it as it was."})
final class CopyCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "SRC", description = "The file to copy; - reads standard input.") Path src;
    @Parameters(index = "1", paramLabel = "DST") Path dst;
    @Option(names = "--replace", description = "Replace an existing DST (otherwise it is an error).") boolean replace;
    @Option(names = "--no-atomic", description = "Write DST directly, like Files.copy: an existing DST is deleted first, a failure deletes what was written.")
    boolean noAtomic;
    @Option(names = "--attributes", description = "Also copy the modification time and the exact permissions.")
    boolean attributes;
    @Option(names = {"-P", "--no-dereference"}, description = "Copy a symbolic link SRC as a link (default: its target).")
    boolean noDereference;
    @Option(names = "--durable", description = "fsync DST and its folder before returning.") boolean durable;
    @Option(names = "--sparse", paramLabel = "WHEN", converter = WhenConverter.class,
            description = {"Holes, as cp: auto (default: a SRC with holes gets a DST with the same holes), always (every "
                    + "all-zero 4 KiB block becomes a hole), never (holes are written out as zeros)."})
    When sparse = When.AUTO;
    @Option(names = "--reflink", paramLabel = "WHEN", converter = WhenConverter.class,
            description = {"Clone, as cp: auto (default: share SRC's blocks where the filesystem can: XFS, btrfs, "
                    + "bcachefs, ZFS), always (clone or fail), never (DST gets its own blocks). "
                    + "Cloning needs the native layer (on unless -Dfastio.native=false)."})
    When reflink = When.AUTO;
    @Option(names = "--growing",
            description = {"SRC may grow during the copy (a log being written): copy its bytes up to its size when the copy "
                    + "began, once its stamps or a second read show no write changed them, and say on standard error when it grew. A SRC truncated, "
                    + "replaced or rewritten inside those bytes is still an error. Without it, a SRC that changes in any "
                    + "way during the copy is an error."})
    boolean growing;
    @Mixin FileTool.Options tool;
    @Spec CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        boolean fromStdin = src.toString().equals("-");
        src = FileTool.input(src);
        Path target = dst;
        if (Files.isDirectory(dst, LinkOption.NOFOLLOW_LINKS)) {
            if (fromStdin || src.getFileName() == null) { // standard input, or "/": no name to give the copy
                throw new UsageError(Quoted.of(dst.toString()) + " is a folder, and " + (fromStdin ? "standard input" : Quoted.of(src.toString()))
                        + " has no name to give the copy in it: name the destination file");
            }
            target = dst.resolve(src.getFileName());
        }
        long size = Files.isRegularFile(src) ? Files.size(src) : 0;
        CopyOptions o = CopyOptions.defaults().replaceExisting(replace).atomic(!noAtomic).copyAttributes(attributes)
                .followLinks(!noDereference).durable(durable).sparse(sparse).reflink(reflink)
                .growth(growing ? Growth.PREFIX : Growth.REJECT);
        CopyResult r;
        // the bar appears with the first chunk, so a copy refused up front prints nothing but the error
        Progress[] bar = {null};
        if (tool.progress || (size >= FileTool.PROGRESS_MIN_BYTES && Progress.stderrIsTerminal())) {
            String name = target.getFileName().toString();
            CopyProgress[] steps = {null};
            o = o.progress((done, total) -> {
                if (bar[0] == null) {
                    bar[0] = tool.progressFor("copy", Math.max(total, size), spec.commandLine().getErr());
                    steps[0] = FileTool.steps(bar[0], name);
                }
                steps[0].update(done, total);
            });
        }
        try {
            r = FileCopy.copy(src, target, o);
        } catch (FileAlreadyExistsException e) {
            java.nio.file.attribute.BasicFileAttributes there = null;
            try {
                there = Files.readAttributes(target, java.nio.file.attribute.BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
            } catch (IOException gone) {
                // gone again meanwhile: it existed, which is what the message says
            }
            if (there != null && !there.isRegularFile() && !there.isSymbolicLink()) { // --replace would not help: say what would
                throw new java.nio.file.FileSystemException(target.toString(), null, "exists and is not a regular file (a device, FIFO or "
                        + "socket); fastio copies into regular files only (to write into it: cat SRC > DST)");
            }
            throw new FileAlreadyExistsException(target.toString(), null, "already exists (use --replace to replace it)");
        } finally {
            if (bar[0] != null) {
                bar[0].close();
            }
        }
        if (r.sourceGrew()) {
            spec.commandLine().getErr().println(Quoted.of("fastio: " + src + " was growing; copied its first " + r.bytes() + " bytes"));
            spec.commandLine().getErr().flush();
        }
        tool.summary(spec.commandLine().getOut(), String.format(Locale.ROOT, "copied %,d bytes %s -> %s in %s with %s%s", r.bytes(),
                src, target, FileTool.rate(r.bytes(), r.nanos()), r.strategy(), noAtomic ? "" : ", atomic"));
        return 0;
    }

    /** auto, always or never, as cp spells them; anything else is a usage error naming the three. */
    static final class WhenConverter implements ITypeConverter<When> {
        @Override
        public When convert(String value) {
            try {
                return When.parse(value);
            } catch (IllegalArgumentException e) {
                throw new TypeConversionException(e.getMessage());
            }
        }
    }
}
