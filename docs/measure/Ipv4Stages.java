import dev.fastio.internal.ipv4.ChannelLineSource;
import dev.fastio.internal.ipv4.LineKernel;
import dev.fastio.internal.ipv4.LineKernels;
import dev.fastio.internal.ipv4.ParallelLineParser;
import dev.fastio.ipv4.Ipv4Encoding;
import dev.fastio.ipv4.Ipv4Parser;
import java.nio.file.Path;
import jdk.incubator.vector.ByteVector;
import jdk.incubator.vector.VectorOperators;

/**
 * Where the one-thread IPv4 parse spends its time, stage by stage, in one JVM (best of ROUNDS
 * after as many rounds of warm-up, each a whole parse of FILE on one thread):
 * <ul>
 *   <li>read: the parser's positional reads of 256 KiB blocks into a heap array, nothing else;</li>
 *   <li>line ends: the parser with a "kernel" that only finds where each line ends (one 16-byte
 *       load and compare), 4 chains: the loop, the reads and the output array, no parse;</li>
 *   <li>the parser with the vector kernel on 2 and 4 chains (its default), and with the scalar
 *       kernel on 2 (its default) and 4.</li>
 * </ul>
 * Run from the repository, after a build, on JDK 25:
 * <pre>
 * java --add-modules jdk.incubator.vector -cp fastio-cli/target/fastio-tool.jar docs/measure/Ipv4Stages.java fastio-data/ipv4-26000000.txt 5
 * </pre>
 * With {@code first} after the rounds it prints instead the first ROUNDS whole parses of a fresh
 * JVM ({@code Ipv4Parser.strict().parse}, all cores), the first one cold: run it with and without
 * {@code -Dfastio.ipv4.kernel=scalar} to see what the vector kernel's warm-up costs (the program
 * itself needs the module to compile).
 */
public class Ipv4Stages {
    interface Stage {
        long run(Path file) throws Exception;
    }

    public static void main(String[] args) throws Exception {
        Path file = Path.of(args[0]);
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 5;
        if (args.length > 2 && args[2].equals("first")) {
            for (int r = 0; r < rounds; r++) {
                long t = System.nanoTime();
                int n = Ipv4Parser.strict().parse(file).addresses().length;
                System.out.printf("parse %d: %.1f ms (%d addresses, kernel %s)%n", r + 1, (System.nanoTime() - t) / 1e6, n,
                        LineKernels.chosen().name());
            }
            return;
        }
        LineKernel vector = LineKernels.named("vector").orElseThrow(() -> new IllegalStateException(
                "no vector kernel here: run on JDK 25 with --add-modules jdk.incubator.vector")).line();
        LineKernel scalar = LineKernels.named("scalar").orElseThrow().line();
        time("read (256 KiB blocks into a heap array)", rounds, Ipv4Stages::read, file);
        time("line ends only, 4 chains", rounds, f -> parse(f, lineEnds()), file);
        time("vector kernel, 2 chains", rounds, f -> parse(f, withChains(vector, 2)), file);
        time("vector kernel, 4 chains (its default)", rounds, f -> parse(f, vector), file);
        time("scalar kernel, 2 chains (its default)", rounds, f -> parse(f, scalar), file);
        time("scalar kernel, 4 chains", rounds, f -> parse(f, withChains(scalar, 4)), file);
    }

    private static void time(String what, int rounds, Stage stage, Path file) throws Exception {
        long best = Long.MAX_VALUE;
        long check = 0;
        for (int r = 0; r < 2 * rounds; r++) {
            long t = System.nanoTime();
            check = stage.run(file);
            long ns = System.nanoTime() - t;
            if (r >= rounds) {
                best = Math.min(best, ns);
            }
        }
        System.out.printf("%-45s %8.1f ms  (%d)%n", what, best / 1e6, check);
    }

    private static long read(Path file) throws Exception {
        byte[] b = new byte[Ipv4Parser.DEFAULT_BLOCK_BYTES];
        long sum = 0;
        try (ChannelLineSource src = new ChannelLineSource(file)) {
            for (long pos = 0, size = src.size(); pos < size; ) {
                int n = src.read(pos, b, 0, b.length);
                pos += n;
                sum += b[n - 1];
            }
        }
        return sum;
    }

    private static long parse(Path file, LineKernel k) throws Exception {
        try (ChannelLineSource src = new ChannelLineSource(file)) {
            return new ParallelLineParser(src, false, Ipv4Encoding.NATURAL, 1, Ipv4Parser.DEFAULT_BLOCK_BYTES, n -> { },
                    new LineKernels.Choice(k, false, "Ipv4Stages")).run().lines();
        }
    }

    private static LineKernel withChains(LineKernel k, int chains) {
        return new LineKernel() {
            @Override
            public long line(byte[] b, int i) {
                return k.line(b, i);
            }

            @Override
            public int chains() {
                return chains;
            }

            @Override
            public String name() {
                return k.name();
            }
        };
    }

    /** Finds the line's end and returns it with address 0: what is left of a line once nothing is parsed. */
    private static LineKernel lineEnds() {
        return new LineKernel() {
            @Override
            public long line(byte[] b, int i) {
                long lf = ByteVector.fromArray(ByteVector.SPECIES_128, b, i).compare(VectorOperators.EQ, (byte) '\n').toLong();
                return lf == 0 ? -1 : (long) (i + Long.numberOfTrailingZeros(lf) + 1) << 32;
            }

            @Override
            public int chains() {
                return 4;
            }

            @Override
            public String name() {
                return "line ends";
            }
        };
    }
}
