package dev.fastio.internal.copy;

import dev.fastio.copy.CopyProgress;
import dev.fastio.internal.version.FileStamp;
import dev.fastio.internal.version.GrowingPrefix;
import dev.fastio.internal.version.OneVersion;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;

/**
 * A copy's source on the JDK path: a {@code FileChannel} and the {@link CopyStrategy} that moves
 * its bytes. The JDK's channel has no {@code fstat}, so the source's state now is read by its name
 * (as the caller asked: following a link or not) and compared with the attributes read before it
 * was opened: size, mtime and identity (the JDK's attributes have no ctime; the native path
 * compares that too).
 */
final class ChannelSource implements CopySource {
    private final Path path;
    private final FileChannel in;
    private final CopyStrategy strategy;
    private final FileOps ops;
    private final LinkOption[] links;
    private final FileStamp opened;
    private FileStamp now;
    private boolean toEnd;

    /**
     * @param attributes the source's, read before {@code in} was opened
     * @param links how {@code attributes} were read, to read them again the same way
     */
    ChannelSource(Path path, FileChannel in, CopyStrategy strategy, FileOps ops, BasicFileAttributes attributes, LinkOption... links) {
        this.path = path;
        this.in = in;
        this.strategy = strategy;
        this.ops = ops;
        this.links = links;
        this.opened = stamp(attributes);
    }

    private static FileStamp stamp(BasicFileAttributes a) {
        return new FileStamp(a.size(), a.lastModifiedTime(), null, a.fileKey(), a.isRegularFile());
    }

    @Override
    public long size() {
        // a change after the stat is caught at the end; a size of 0, or a source that is no regular
        // file (a pipe, a device), says nothing: read to end of file
        return opened.sizeHint();
    }

    @Override
    public StagedFile stage(Path target, StagedFile.Options options) throws IOException {
        return StagedFiles.open(target, options, ops);
    }

    @Override
    public long copy(StagedFile out, CopyProgress progress) throws IOException {
        long size = size();
        if (size == 0) {
            long copied = BufferCopy.copyToEnd(in, out.channel(), 0, false, progress);
            toEnd = copied > 0;
            return copied;
        }
        if (strategy == SparseCopy.INSTANCE) {
            return SparseCopy.INSTANCE.copy(in, out, size, progress); // ends on a hole where the source ends in zeros
        }
        return strategy.copy(in, out.channel(), size, progress);
    }

    @Override
    public long copyToEnd(StagedFile out, CopyProgress progress) throws IOException {
        FileChannel ch = out.channel();
        return BufferCopy.copyToEnd(in, ch, ch.position(), true, progress);
    }

    @Override
    public long sizeNow() throws IOException {
        if (!opened.regular()) {
            now = opened; // a pipe or a device: its size and times say nothing, and its name may be gone (/dev/fd/N)
            return now.size();
        }
        now = stamp(Files.readAttributes(path, BasicFileAttributes.class, links));
        return now.size();
    }

    @Override
    public String changeSinceOpen() {
        return opened.regular() && !opened.sameVersion(now) ? opened.changesSince(now) : null;
    }

    @Override
    public boolean prefixMustConfirm(long prefix, OneVersion rule) throws IOException {
        return GrowingPrefix.mustConfirm(path, prefix, opened, now, racy(rule));
    }

    @Override
    public boolean racy(OneVersion rule) {
        return rule.racy(opened);
    }

    @Override
    public boolean sameContent(StagedFile out, long copied) throws IOException {
        return ContentComparison.same(in, null, out.channel(), null, copied); // the JDK cannot see holes: all is data
    }

    @Override
    public String how() {
        return toEnd ? CopyRunner.TO_END : strategy.name();
    }

    @Override
    public void close() {
        try {
            in.close();
        } catch (IOException ignored) {
            // read-only: a failed close loses nothing, and must not fail a copy that has published
            // its destination (the descriptor is released all the same, as close(2) does)
        }
    }
}
