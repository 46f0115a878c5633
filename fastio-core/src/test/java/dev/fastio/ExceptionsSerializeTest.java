package dev.fastio;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.fastio.copy.CopyFailedException;
import dev.fastio.gzip.GzipFormatException;
import dev.fastio.gzip.GzipTrailingGarbageException;
import dev.fastio.ipv4.Ipv4Parser;
import dev.fastio.ipv4.MalformedIpv4Exception;
import dev.fastio.ipv4.MalformedLine;
import dev.fastio.read.FileChangedException;
import dev.fastio.read.FileDecodingException;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.nio.charset.CoderResult;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every exception fastio throws survives Java serialization with its message and its fields
 * (paths excepted: a {@code Path} is not serializable, so they are transient and their text is
 * in the message). Spark, RMI and any executor framework ship a task's failure to the driver this
 * way: a field that cannot be written loses the error, and in Spark 4.1 on JDK 25 it left the
 * job waiting forever (its fallback, {@code SerializationDebugger}, fails to initialize there):
 * {@code MalformedIpv4Exception} once held a {@link MalformedLine}, which is not serializable.
 */
class ExceptionsSerializeTest {
    @TempDir Path dir;

    @SuppressWarnings("unchecked")
    static <T extends Throwable> T roundTrip(T t) throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(t);
        }
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
            return (T) in.readObject();
        }
    }

    @Test
    void aMalformedLineFromARealParseKeepsItsFileLineAndText() throws Exception {
        Path bad = Files.writeString(dir.resolve("bad.txt"), "10.0.0.1\n10.0.0\n");
        MalformedIpv4Exception e = catchThrowableOfType(MalformedIpv4Exception.class, () -> Ipv4Parser.strict().parse(bad));
        MalformedIpv4Exception back = roundTrip(e);
        assertThat(back.getMessage()).isEqualTo(e.getMessage()).contains("bad.txt:2:").contains("'10.0.0'");
        assertThat(back.line()).isEqualTo(e.line()).isEqualTo(new MalformedLine(2, "10.0.0", e.line().reason()));
        assertThat(back.file()).isNull(); // documented: the path is in the message
    }

    @Test
    void everyOtherExceptionKeepsItsMessageAndFields() throws Exception {
        Path f = dir.resolve("f");
        List<IOException> all = List.of(
                new GzipFormatException("a.gz", 17, "bad header", new IOException("cause")),
                new GzipTrailingGarbageException("a.gz", 99),
                new FileChangedException("a.bin", "its length changed"),
                new FileDecodingException(f, StandardCharsets.UTF_8, 42, CoderResult.malformedForLength(1)),
                new CopyFailedException(f, dir.resolve("g"), 10, 20, "disk full", new IOException("ENOSPC")));
        for (IOException e : all) {
            IOException back = roundTrip(e);
            assertThat(back).as("%s", e.getClass()).isExactlyInstanceOf(e.getClass()).hasMessage(e.getMessage());
            if (e.getCause() != null) {
                assertThat(back.getCause()).hasMessage(e.getCause().getMessage());
            }
        }
        assertThat(roundTrip((GzipFormatException) all.get(0)).offset()).isEqualTo(17);
        assertThat(roundTrip((FileDecodingException) all.get(3)).offset()).isEqualTo(42);
        assertThat(roundTrip((CopyFailedException) all.get(4)).bytesCopied()).isEqualTo(10);
        assertThat(roundTrip((FileChangedException) all.get(2)).file()).isEqualTo("a.bin");
    }
}
