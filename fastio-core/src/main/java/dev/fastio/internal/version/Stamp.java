package dev.fastio.internal.version;

/**
 * What a {@code internal.cache.ValidatingCache} needs of a file's stamp (a local {@code stat}, a Hadoop
 * {@code FileStatus}): whether two stamps name one version, the size it gives, and when the file
 * last changed, to tell an entry its stamp cannot vouch for yet. The growing-file rule
 * ({@code dev.fastio.internal.version.GrowingPrefix}) also asks whether two stamps name one file, and
 * what changed between them.
 *
 * @param <S> the stamp type itself
 */
public interface Stamp<S extends Stamp<S>> {
    /**
     * Returns the size the stamp gives, in bytes; 0 says nothing (procfs, or an empty file).
     *
     * @return the size the stamp gives, in bytes
     */
    long size();

    /**
     * Returns when the file last changed, in milliseconds since the epoch, rounded up: the later
     * of its modification and change times where the stamp has both.
     *
     * @return when the file last changed, in milliseconds since the epoch, rounded up
     */
    long newestMillis();

    /**
     * Returns whether {@code other} names the same version of the same file.
     *
     * @param other another stamp of the file
     * @return whether {@code other} names the same version of the same file
     */
    boolean sameVersion(S other);

    /**
     * Returns whether {@code other} is a stamp of the same file, in whatever version: the same
     * identity (device and inode, an HDFS inode id, an object's etag), or true where the stamps
     * carry none.
     *
     * @param other another stamp of the file, taken later
     * @return whether it names the same file
     */
    boolean sameFile(S other);

    /**
     * Returns what differs in {@code later}, a stamp of the file taken after this one, for a
     * message ("size 8 → 12, mtime …").
     *
     * @param later the later stamp
     * @return what changed, or an empty string
     */
    String changesTo(S later);
}
