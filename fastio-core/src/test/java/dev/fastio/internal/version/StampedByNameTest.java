package dev.fastio.internal.version;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the JDK path's stamp after a pass says ({@link StampedByName}), held to the outside
 * attack that found it wrong: judged by the mtime, a file rewritten during a read with its mtime
 * put back ({@code touch -r}, {@code rsync -t}) looked an hour old, and the read returned a mix.
 */
class StampedByNameTest {
    @TempDir
    Path dir;

    /** A pass that only stamps. */
    private static final class Stamping extends StampedByName<Void> {
        Stamping(Path file) {
            super(file);
        }

        @Override
        public Void read() {
            return null;
        }

        @Override
        public boolean same(Void a, Void b) {
            return true;
        }

        long after(long sizeSeen) throws java.io.IOException {
            return after(sizeSeen, 0);
        }

        long after(long sizeSeen, long descriptorSize) throws java.io.IOException {
            stampAfter(sizeSeen, descriptorSize);
            return changedMillis();
        }
    }

    @Test
    void aFileWhoseMtimeWasPutBackIsJudgedByItsCtime() throws Exception {
        Path f = Files.write(dir.resolve("f"), new byte[] {1, 2, 3});
        long now = System.currentTimeMillis();
        Files.setLastModifiedTime(f, FileTime.fromMillis(now - 3_600_000)); // the ctime moves to now
        long changed = new Stamping(f).after(3);
        assertThat(changed).as("the ctime, not the mtime an hour back").isGreaterThan(now - 60_000);
        assertThat(OneVersion.SYSTEM.racy(changed)).isTrue();
    }

    @Test
    void whatWasReadIsJudgedAgainstTheStampsSize() throws Exception {
        Path f = Files.write(dir.resolve("f"), new byte[8191]);
        assertThat(new Stamping(f).after(8191)).isNotIn(OneVersion.NO_VERSION, OneVersion.UNSETTLED);
        assertThat(new Stamping(f).after(4096)).as("read less than the file holds now: it changed").isEqualTo(OneVersion.UNSETTLED);
        assertThat(new Stamping(f).after(0)).as("nothing read: nothing to judge").isEqualTo(OneVersion.NO_VERSION);
        // gone, or away for a moment (renamed away and back): what the name stood for cannot be told
        assertThat(new Stamping(dir.resolve("gone")).after(3)).as("removed since").isEqualTo(OneVersion.UNSETTLED);
    }

    @Test
    void procfsSizesSayNothing() throws Exception {
        Path status = Path.of("/proc/self/status");
        org.junit.jupiter.api.Assumptions.assumeTrue(Files.isReadable(status));
        assertThat(new Stamping(status).after(Files.readAllBytes(status).length)).isEqualTo(OneVersion.NO_VERSION);
    }

    /**
     * A descriptor that read a file with content, and a name that no longer shows it (a link or a
     * folder flipped to a directory, a FIFO, a procfs or sysfs file, another size): a change. Found
     * by an outside attack: such a stat gave "nothing to judge", and torn reads went unchecked.
     */
    @Test
    void aNameThatShowsSomethingElseThanTheDescriptorReadIsAChange() throws Exception {
        Path f = Files.write(dir.resolve("f"), new byte[300]);
        Path sub = Files.createDirectories(dir.resolve("sub"));
        assertThat(new Stamping(sub).after(300, 300)).as("a directory now").isEqualTo(OneVersion.UNSETTLED);
        assertThat(new Stamping(f).after(300, 500)).as("another size than the descriptor's").isEqualTo(OneVersion.UNSETTLED);
        assertThat(new Stamping(f).after(300, 300)).as("the same file").isNotIn(OneVersion.NO_VERSION, OneVersion.UNSETTLED);
        assertThat(new Stamping(sub).after(300, 0)).as("a descriptor that said nothing (a FIFO's, procfs's)")
                .isEqualTo(OneVersion.NO_VERSION);
        Path status = Path.of("/proc/self/status");
        if (Files.isReadable(status)) {
            assertThat(new Stamping(status).after(300, 300)).as("a procfs file now").isEqualTo(OneVersion.UNSETTLED);
        }
        Path fifo = dir.resolve("fifo");
        if (new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor() == 0) {
            assertThat(new Stamping(fifo).after(300, 300)).as("a FIFO now").isEqualTo(OneVersion.UNSETTLED);
        }
        Path sysfs = Path.of("/sys/kernel/mm/transparent_hugepage/enabled");
        if (Files.isReadable(sysfs) && Files.size(sysfs) == 4096) {
            assertThat(new Stamping(sysfs).after(Files.readAllBytes(sysfs).length, 4096)).as("sysfs, as its descriptor said")
                    .isEqualTo(OneVersion.NO_VERSION);
        }
    }
}
