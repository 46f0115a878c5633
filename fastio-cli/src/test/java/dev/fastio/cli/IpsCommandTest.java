package dev.fastio.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fastio.ipv4.Ipv4;
import java.io.DataInputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class IpsCommandTest {
    @TempDir
    Path dir;

    private Path ipsText(int n, long seed) throws IOException {
        StringBuilder sb = new StringBuilder();
        Random r = new Random(seed);
        for (int i = 0; i < n; i++) {
            sb.append(Ipv4.format(r.nextInt())).append('\n');
        }
        return Files.writeString(dir.resolve("ips.txt"), sb);
    }

    private String[] folder() throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).sorted().toArray(String[]::new);
        }
    }

    @Test
    void packThenUnpackRoundTripsAndPackWritesWhatDataOutputStreamWould() throws Exception {
        Path txt = ipsText(50_000, 1);
        Path bin = dir.resolve("ips.bin");
        Cli pack = Cli.run("ips", "pack", txt.toString(), bin.toString());
        assertThat(pack.exit()).as(pack.err()).isZero();
        assertThat(pack.out()).contains("packed 50,000 addresses").contains("GB/s");
        assertThat(Files.size(bin)).isEqualTo(200_000);
        try (DataInputStream in = new DataInputStream(Files.newInputStream(bin))) {
            Random r = new Random(1);
            for (int i = 0; i < 50_000; i++) {
                assertThat(in.readInt()).isEqualTo(r.nextInt());
            }
        }
        Path back = dir.resolve("back.txt");
        Cli unpack = Cli.run("ips", "unpack", bin.toString(), back.toString());
        assertThat(unpack.exit()).as(unpack.err()).isZero();
        assertThat(Files.readAllBytes(back)).isEqualTo(Files.readAllBytes(txt));
        assertThat(folder()).containsExactly("back.txt", "ips.bin", "ips.txt"); // no temporary files
        assertThat(unpack.out()).contains("unpacked 50,000 addresses:");
    }

    @Test
    void oneAddressIsOne() throws Exception {
        Path txt = Files.writeString(dir.resolve("one.txt"), "1.2.3.4\n");
        Cli pack = Cli.run("ips", "pack", txt.toString(), dir.resolve("one.bin").toString());
        assertThat(pack.out()).as(pack.err()).contains("packed 1 address: 8 text bytes -> 4 binary bytes");
        Cli unpack = Cli.run("ips", "unpack", dir.resolve("one.bin").toString(), dir.resolve("back.txt").toString());
        assertThat(unpack.out()).as(unpack.err()).contains("unpacked 1 address: 4 binary bytes -> 8 text bytes");
    }

    @Test
    void littleEndianAndSignedOptions() throws Exception {
        Path txt = Files.writeString(dir.resolve("one.txt"), "0.0.0.1\n");
        Path bin = dir.resolve("one.bin");
        assertThat(Cli.run("ips", "pack", "--order", "little", "--encoding", "signed", txt.toString(), bin.toString()).exit()).isZero();
        assertThat(Files.readAllBytes(bin)).containsExactly(1, 0, 0, (byte) 0x80);
    }

    @Test
    void malformedInputFailsStrictlyAndLeavesNoOutput() throws Exception {
        Path txt = Files.writeString(dir.resolve("bad.txt"), "1.2.3.4\n1.2.3.400\n");
        Path bin = dir.resolve("bad.bin");
        Cli r = Cli.run("ips", "pack", txt.toString(), bin.toString());
        assertThat(r.exit()).isEqualTo(1);
        assertThat(r.err().strip()).isEqualTo("fastio: " + txt + ":2: malformed IPv4 address '1.2.3.400' (an octet over 255)");
        assertThat(folder()).containsExactly("bad.txt");
    }

    @Test
    void aFailedPackKeepsAnExistingOutputUntouched() throws Exception {
        Path txt = Files.writeString(dir.resolve("bad.txt"), "1.2.3\n");
        Path bin = Files.writeString(dir.resolve("old.bin"), "previous content");
        assertThat(Cli.run("ips", "pack", txt.toString(), bin.toString()).exit()).isEqualTo(1);
        assertThat(Files.readString(bin)).isEqualTo("previous content");
        assertThat(folder()).containsExactly("bad.txt", "old.bin");
    }

    @Test
    void lenientModeSkipsAndReports() throws Exception {
        Path txt = Files.writeString(dir.resolve("mixed.txt"), "1.2.3.4\nnope\n5.6.7.8\n");
        Path bin = dir.resolve("m.bin");
        Cli r = Cli.run("ips", "pack", "--lenient", txt.toString(), bin.toString());
        assertThat(r.exit()).isZero();
        assertThat(r.out()).contains("packed 2 addresses").contains("skipped 1 malformed line; first: line 2: 'nope'");
        assertThat(Files.size(bin)).isEqualTo(8);
    }

    @Test
    void unpackRejectsABinaryWithATail() throws Exception {
        Path bin = Files.write(dir.resolve("odd.bin"), new byte[] {1, 2, 3, 4, 5});
        Cli r = Cli.run("ips", "unpack", bin.toString(), dir.resolve("o.txt").toString());
        assertThat(r.exit()).isEqualTo(1);
        assertThat(r.err()).contains("length 5 bytes is not a multiple of the 4-byte int element size");
        assertThat(folder()).containsExactly("odd.bin");
    }

    @Test
    void missingInputAndMissingOutputFolderAreOneLineErrors() throws Exception {
        Cli r = Cli.run("ips", "pack", dir.resolve("none.txt").toString(), dir.resolve("x.bin").toString());
        assertThat(r.exit()).isEqualTo(1);
        assertThat(r.err().strip()).isEqualTo("fastio: no such file: " + dir.resolve("none.txt"));
        Path txt = ipsText(3, 2);
        Cli r2 = Cli.run("ips", "pack", txt.toString(), dir.resolve("no/such/dir/x.bin").toString());
        assertThat(r2.exit()).isEqualTo(1);
        assertThat(r2.err().strip()).isEqualTo("fastio: " + dir.resolve("no/such/dir") + ": the destination folder does not exist");
        assertThat(Cli.run("ips", "pack", "--order", "middle", txt.toString(), dir.resolve("y.bin").toString()).err())
                .contains("--order must be big or little");
    }
}
