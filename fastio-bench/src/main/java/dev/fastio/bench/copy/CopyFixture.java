package dev.fastio.bench.copy;

import dev.fastio.bench.data.DataDir;
import dev.fastio.bench.data.DataSets;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;
import org.openjdk.jmh.infra.BenchmarkParams;

/**
 * Where a copy benchmark reads and writes. {@code file} names a data set file by kind and size
 * ({@code text-5120}, {@code binary-52428800}); {@code dest} is {@code same} (a folder beside the
 * data, one filesystem) or {@code shm} ({@code /dev/shm}, a tmpfs: a second filesystem, as
 * article 003 copies between two disks).
 */
final class CopyFixture {
    static final Path SHM = Path.of("/dev/shm");

    final Path source;
    final Path outDir;
    final Path target;
    final long size;

    CopyFixture(String file, String dest, String method) throws IOException {
        int dash = file.indexOf('-');
        String kind = file.substring(0, dash);
        size = Long.parseLong(file.substring(dash + 1));
        source = DataDir.require(kind.equals("text") ? DataSets.textName(size) : DataSets.binaryName(size));
        Path base = switch (dest) {
            case "same" -> DataDir.get();
            case "shm" -> {
                if (!Files.isDirectory(SHM)) {
                    throw new IllegalStateException("dest=shm needs /dev/shm (a tmpfs); it is not here");
                }
                yield SHM;
            }
            default -> throw new IllegalArgumentException("dest must be same or shm: " + dest);
        };
        outDir = Files.createDirectories(base.resolve("copy-out-" + ProcessHandle.current().pid()));
        target = outDir.resolve(method + "-" + source.getFileName());
    }

    /** The fixture of the running benchmark method: its destination file is named after the method. */
    static CopyFixture of(String file, String dest, BenchmarkParams params) throws IOException {
        String benchmark = params.getBenchmark();
        return new CopyFixture(file, dest, benchmark.substring(benchmark.lastIndexOf('.') + 1));
    }

    /** Removed before each copy, outside the timing: the benchmarks measure copying to a new file. */
    void removeTarget() throws IOException {
        Files.deleteIfExists(target);
    }

    void delete() throws IOException {
        try (Stream<Path> s = Files.walk(outDir)) {
            for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }

    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    private static final Path STAT = Path.of("/proc/self/stat");

    /** CPU time of this thread (user + system, so in-kernel copying counts), in nanoseconds. */
    static long threadCpuNanos() {
        return THREADS.getCurrentThreadCpuTime();
    }

    /** cutime + cstime of /proc/self/stat: CPU of waited-for children (the {@code cp} runs), 10 ms ticks. */
    static long childrenCpuNanos() {
        try {
            String stat = Files.readString(STAT);
            String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            // f[0] is field 3 (state); cutime and cstime are fields 16 and 17
            return (Long.parseLong(f[13]) + Long.parseLong(f[14])) * 10_000_000L;
        } catch (IOException | RuntimeException e) {
            return 0;
        }
    }
}
