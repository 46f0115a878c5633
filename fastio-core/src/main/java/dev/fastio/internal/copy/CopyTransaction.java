package dev.fastio.internal.copy;

import dev.fastio.copy.CopyFailedException;
import dev.fastio.copy.CopyOptions;
import dev.fastio.copy.CopyProgress;
import dev.fastio.internal.FileSizes;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributeView;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Set;

/**
 * One copy in progress, the transaction behind {@link dev.fastio.copy.FileCopy}: opens the destination (a
 * temporary file beside it, in atomic mode), runs the strategy, checks the source's length
 * against what was copied, publishes the result, and on any failure closes and deletes what it
 * wrote, leaving the destination as it was. Knows how far it got, so a failure can say so.
 */
final class CopyTransaction implements CopyProgress {
    private static final Set<OpenOption> WRITE_NEW = Set.of(StandardOpenOption.WRITE, StandardOpenOption.CREATE_NEW);

    private final Path source;
    private final Path target;
    private final long size;
    private final CopyOptions o;
    private final CopyStrategy strategy;
    private final FileOps ops;
    private final FileChannel in;
    private final Set<PosixFilePermission> perms;
    private final BasicFileAttributes sourceAttributes;
    private long done;
    /** The file this call created and must remove on failure; null once it is in place. */
    private Path written;

    CopyTransaction(Path source, Path target, long size, CopyOptions o, CopyStrategy strategy, FileOps ops, FileChannel in,
            BasicFileAttributes sourceAttributes) {
        this.source = source;
        this.target = target;
        this.size = size;
        this.o = o;
        this.strategy = strategy;
        this.ops = ops;
        this.in = in;
        this.perms = sourceAttributes instanceof PosixFileAttributes p ? p.permissions() : null;
        this.sourceAttributes = sourceAttributes;
    }

    @Override
    public void update(long done, long total) {
        this.done = done;
        o.progress().update(done, total);
    }

    /** Returns the bytes copied. */
    long run() throws IOException {
        Path dir = CopyRunner.folderOf(target);
        FileChannel out = null;
        try {
            if (o.atomic()) {
                out = openTemporary(dir);
            } else {
                if (o.replaceExisting()) {
                    // delete, then create: truncating in place would make ext4 start writeback at
                    // once (auto_da_alloc), 2-5x slower here (docs/BENCHMARKS.md, "replacing")
                    Files.deleteIfExists(target);
                }
                out = open(dir, target, WRITE_NEW);
                written = target;
            }
            long copied = size == 0 ? BufferCopy.copyToEnd(in, out, 0, false, this) : strategy.copy(in, out, size, this);
            if (copied != size && size != 0) {
                copied = reconcile(copied, out);
            }
            if (strategy == SparseCopy.INSTANCE && copied == size && out.size() < size) {
                ops.setLength(written, size); // a sparse copy whose source ends in zeros: end on a hole
            }
            if (copied == 0) {
                o.progress().update(0, 0);
            }
            if (o.durable()) {
                out.force(true);
            }
            FileChannel closing = out;
            out = null;
            closing.close(); // a failed close can mean lost data (NFS): it fails the copy
            if (o.copyAttributes()) {
                copyAttributes(written);
            }
            if (o.atomic()) {
                ops.publish(written, target, o.replaceExisting());
            }
            written = null;
            if (o.durable()) {
                syncFolder(dir); // the new name, too, must survive a crash
            }
            return copied;
        } catch (IOException e) {
            boolean created = written != null;
            cleanUp(e, out);
            if (!created || e instanceof CopyFailedException || e instanceof FileAlreadyExistsException) {
                throw e; // nothing written yet (the open's own error names the path), or already clear
            }
            String what = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
            throw new CopyFailedException(source, target, done, size, what, e);
        } catch (RuntimeException | Error e) {
            cleanUp(e, out);
            throw e;
        }
    }

    /**
     * The source's content and its size disagree. On a filesystem whose sizes are the
     * content's length that means the file changed during the copy: an error. Where sizes
     * are not (sysfs, FUSE: {@link FileSizes#sizesUnreliable}), the content wins: a short
     * source is complete, a longer one is copied on to end of file.
     */
    private long reconcile(long copied, FileChannel out) throws IOException {
        boolean unreliable = FileSizes.sizesUnreliable(source);
        if (copied < size) {
            done = copied;
            if (unreliable) {
                return copied;
            }
            throw new CopyFailedException(source, target, copied, size,
                    "the source shrank during the copy: it ended at byte " + copied, null);
        }
        if (unreliable) {
            return BufferCopy.copyToEnd(in, out, out.position(), true, this);
        }
        throw new CopyFailedException(source, target, done, size,
                "the source grew during the copy: it has bytes past " + size, null);
    }

    private void cleanUp(Throwable e, FileChannel out) {
        if (out != null) {
            try {
                out.close();
            } catch (IOException | RuntimeException c) {
                e.addSuppressed(c);
            }
        }
        if (written != null) {
            try {
                Files.deleteIfExists(written);
            } catch (IOException | RuntimeException d) {
                e.addSuppressed(d);
            }
            written = null;
        }
    }

    private FileChannel openTemporary(Path dir) throws IOException {
        for (int attempt = 0; ; attempt++) {
            Path tmp = TemporaryFiles.name(dir, target.getFileName().toString());
            try {
                FileChannel ch = open(dir, tmp, WRITE_NEW);
                written = tmp;
                return ch;
            } catch (FileAlreadyExistsException clash) {
                if (attempt == 10) {
                    throw clash; // 64 random bits clashed 11 times: something else is wrong
                }
            }
        }
    }

    private FileChannel open(Path dir, Path file, Set<OpenOption> how) throws IOException {
        try {
            return perms == null ? ops.open(file, how) : ops.open(file, how, PosixFilePermissions.asFileAttribute(perms));
        } catch (FileAlreadyExistsException e) {
            throw e;
        } catch (NoSuchFileException e) {
            // checked here, not up front, so the common case costs no extra stat
            if (!Files.isDirectory(dir)) {
                throw new NoSuchFileException(dir.toString(), null, "the destination folder does not exist");
            }
            throw e;
        } catch (IOException | RuntimeException e) {
            if (how == WRITE_NEW) {
                // the open may have failed after creating the file; CREATE_NEW means it is ours to remove
                try {
                    Files.deleteIfExists(file);
                } catch (IOException d) {
                    e.addSuppressed(d);
                }
            }
            throw e;
        }
    }

    private void copyAttributes(Path file) throws IOException {
        if (perms != null) {
            Files.setPosixFilePermissions(file, perms);
        }
        Files.getFileAttributeView(file, BasicFileAttributeView.class).setTimes(
                sourceAttributes.lastModifiedTime(), sourceAttributes.lastAccessTime(), null);
    }

    private static void syncFolder(Path dir) throws IOException {
        try (FileChannel d = FileChannel.open(dir, StandardOpenOption.READ)) {
            d.force(true);
        }
    }
}
