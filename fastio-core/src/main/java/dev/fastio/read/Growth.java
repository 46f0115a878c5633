package dev.fastio.read;

/**
 * What a whole-file read, copy or load does with a file that grows while it is read: a log that
 * a process appends to. Passed to {@link FastRead#readAllBytes(java.nio.file.Path, Growth)},
 * {@code CopyOptions.growth} and {@code HadoopArrays}' whole-file loads; {@link #REJECT} is the
 * default everywhere. An enum, as {@code Tail} and {@code When} are, rather than a boolean: the
 * call site says which rule it asked for.
 *
 * <p>The JDK has no such choice: {@code Files.readAllBytes} reads to wherever end of file is when
 * it gets there, which for a live log is a prefix (often ending on a line end) and for a file
 * rewritten in place can be a mix of two versions that it returns as a success. {@code tar} reads
 * such a file and warns "file changed as we read it"; {@code cp} copies what it finds.
 */
public enum Growth {
    /**
     * The default: a file that changes in any way while it is read, growing included, is a
     * {@link FileChangedException} (a {@code CopyFailedException} for a copy), so the bytes
     * returned are one version of the file. A file appended to every few milliseconds can then
     * never be read: use {@link #PREFIX} for it.
     */
    REJECT,

    /**
     * For append-only files (logs): the file's first <i>n</i> bytes, where <i>n</i> is its size
     * when it was opened, and nothing past them, however much the file grows meanwhile.
     *
     * <p><b>What it promises.</b> The bytes returned are bytes {@code [0, n)} of the file opened,
     * returned only when its stamps after the read prove that no write touched it (the same size,
     * times and identity as at open, and not written within the racy window before the open), or
     * else when a second read of the same {@code n} bytes, through the same open file, gives
     * exactly what the first gave. Bytes an append-only writer has written are never written
     * again, so for such a file the two reads always agree. A file that
     * is not growing is read once, as a {@link #REJECT} read is (on the JDK path with one
     * {@code stat} more, before the open); a growing one is always read twice, since its times
     * always moved.
     *
     * <p><b>Still a {@link FileChangedException}</b> (naming the file): the file ends before
     * byte <i>n</i> during a read, or its size afterwards is below <i>n</i> (truncated); the two
     * reads differ (bytes inside the prefix were rewritten); the name now stands for another file
     * (renamed over, or removed and created again): the stamp after the read is the name's, on
     * every path, while the reads stay on the file opened. A file removed during
     * {@code readAllBytes} is read from what was opened (the two reads decide); a copy of one
     * fails, as without the opt-in.
     *
     * <p><b>What it cannot see.</b> A writer that rewrites bytes inside the prefix and puts them
     * back (or rewrites them the same way again) between the two reads, so that each read finds
     * every byte as the other did though the file never held all of them at once; stores through
     * a shared memory mapping ({@code mmap}), which move no timestamp. The prefix may end inside a
     * line, or inside a multi-byte character: the writer's last {@code write} call may be
     * half-copied at the open.
     *
     * <p><b>Sizes that say nothing.</b> A file whose size reads 0 (procfs, pipes, an empty file)
     * is read once to end of file, unconfirmed, as a {@link #REJECT} read does; on a filesystem
     * whose sizes are not lengths (sysfs, FUSE) a file that ends before its size is returned as
     * far as it goes, as there too.
     */
    PREFIX
}
