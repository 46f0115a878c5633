package dev.fastio.copy;

import dev.fastio.read.Growth;
import java.util.Objects;

/**
 * How {@link FileCopy#copy} behaves. Immutable; start from {@link #defaults()} and change what
 * you need: {@code CopyOptions.defaults().replaceExisting(true).progress(bar)}.
 *
 * <ul>
 *   <li>{@code atomic} (default on): the bytes go to a new file in the destination's folder
 *       (unnamed, with the native layer), put in place at the end. Readers see the old file
 *       or the whole new one, never neither,
 *       and a failed copy leaves the destination untouched. A symbolic link at the destination is
 *       replaced, not written through. Off: the destination is written directly, as
 *       {@code Files.copy} does (an old one is deleted first, then a new file created, 0600 until
 *       it is complete); a failed copy deletes what it wrote, so an old destination is lost.
 *   <li>{@code replaceExisting} (default off): an existing destination is an error unless set.
 *   <li>{@code copyAttributes} (default off): also copy the last-modified and last-access times and
 *       the exact permission bits. Without it a new destination gets the source's permission
 *       bits less the umask and a replaced one keeps its own, as with {@code cp}.
 *   <li>{@code followLinks} (default on): a symbolic-link source is copied as the file it points
 *       to (as {@code cp} does). Off: the link itself is copied (as {@code cp -P}).
 *   <li>{@code durable} (default off): {@code fsync} the new content (before the rename, in atomic
 *       mode) and then the folder, so a crash after the call returns cannot leave an empty or
 *       missing destination. Costs disk flushes.
 *   <li>{@code progress}: told about each chunk of a big copy.
 *   <li>{@code sparse} (default {@link When#AUTO}) and {@code reflink} (default {@link When#AUTO}):
 *       {@code cp}'s {@code --sparse} and {@code --reflink}; see {@link #sparse(When)},
 *       {@link #reflink(When)} and {@link FileCopy} for which JDKs can do what.
 * </ul>
 */
public final class CopyOptions {
    private static final CopyOptions DEFAULTS = new CopyOptions(true, false, false, true, false, CopyProgress.NONE, When.AUTO, When.AUTO, Growth.REJECT);

    private final boolean atomic;
    private final boolean replaceExisting;
    private final boolean copyAttributes;
    private final boolean followLinks;
    private final boolean durable;
    private final CopyProgress progress;
    private final When sparse;
    private final When reflink;
    private final Growth growth;

    private CopyOptions(boolean atomic, boolean replaceExisting, boolean copyAttributes, boolean followLinks,
            boolean durable, CopyProgress progress, When sparse, When reflink, Growth growth) {
        this.atomic = atomic;
        this.replaceExisting = replaceExisting;
        this.copyAttributes = copyAttributes;
        this.followLinks = followLinks;
        this.durable = durable;
        this.progress = Objects.requireNonNull(progress, "progress");
        this.sparse = Objects.requireNonNull(sparse, "sparse");
        this.reflink = Objects.requireNonNull(reflink, "reflink");
        this.growth = Objects.requireNonNull(growth, "growth");
    }

    /**
     * Returns the defaults: atomic, not replacing, no attributes, links followed, not durable, no progress, sparse and reflink {@link When#AUTO}.
     *
     * @return atomic, not replacing, no attributes, links followed, not durable, no progress
     */
    public static CopyOptions defaults() {
        return DEFAULTS;
    }

    /**
     * Returns options like these with {@code atomic} set to {@code on}.
     *
     * @param on true to write a new file beside the destination and put it in place at the end
     * @return options like these with {@code atomic} set to {@code on}
     */
    public CopyOptions atomic(boolean on) {
        return new CopyOptions(on, replaceExisting, copyAttributes, followLinks, durable, progress, sparse, reflink, growth);
    }

    /**
     * Returns options like these with {@code replaceExisting} set to {@code on}.
     *
     * @param on true to replace an existing destination instead of failing
     * @return options like these with {@code replaceExisting} set to {@code on}
     */
    public CopyOptions replaceExisting(boolean on) {
        return new CopyOptions(atomic, on, copyAttributes, followLinks, durable, progress, sparse, reflink, growth);
    }

    /**
     * Returns options like these with {@code copyAttributes} set to {@code on}.
     *
     * @param on true to also copy the times and the exact permission bits
     * @return options like these with {@code copyAttributes} set to {@code on}
     */
    public CopyOptions copyAttributes(boolean on) {
        return new CopyOptions(atomic, replaceExisting, on, followLinks, durable, progress, sparse, reflink, growth);
    }

    /**
     * Returns options like these with {@code followLinks} set to {@code on}.
     *
     * @param on true to copy what a symbolic-link source points to, not the link
     * @return options like these with {@code followLinks} set to {@code on}
     */
    public CopyOptions followLinks(boolean on) {
        return new CopyOptions(atomic, replaceExisting, copyAttributes, on, durable, progress, sparse, reflink, growth);
    }

    /**
     * Returns options like these with {@code durable} set to {@code on}.
     *
     * @param on true to fsync the new content and its folder before returning
     * @return options like these with {@code durable} set to {@code on}
     */
    public CopyOptions durable(boolean on) {
        return new CopyOptions(atomic, replaceExisting, copyAttributes, followLinks, on, progress, sparse, reflink, growth);
    }

    /**
     * Returns options like these with {@code listener}.
     *
     * @param listener told how far the copy has got, on the copying thread
     * @return options like these with {@code listener}
     */
    public CopyOptions progress(CopyProgress listener) {
        return new CopyOptions(atomic, replaceExisting, copyAttributes, followLinks, durable, listener, sparse, reflink, growth);
    }

    /**
     * Returns options like these with {@code sparse} set to {@code when}, as {@code cp --sparse=WHEN}.
     *
     * @param when {@link When#AUTO}: a source with holes gets a copy with the same holes;
     *     {@link When#ALWAYS}: every aligned 4 KiB block of zeros becomes a hole as well;
     *     {@link When#NEVER}: holes are written out as zeros
     * @return options like these with {@code sparse} set to {@code when}
     */
    public CopyOptions sparse(When when) {
        return new CopyOptions(atomic, replaceExisting, copyAttributes, followLinks, durable, progress, when, reflink, growth);
    }

    /**
     * Returns options like these with {@code reflink} set to {@code when}, as {@code cp --reflink=WHEN}.
     *
     * @param when {@link When#AUTO}: clone where the filesystem can share the source's blocks
     *     (XFS, btrfs, bcachefs, ZFS with block cloning), else copy; {@link When#ALWAYS}: clone or fail
     *     with {@link CopyFailedException} before any byte is copied; {@link When#NEVER}: the copy gets
     *     its own blocks
     * @return options like these with {@code reflink} set to {@code when}
     */
    public CopyOptions reflink(When when) {
        return new CopyOptions(atomic, replaceExisting, copyAttributes, followLinks, durable, progress, sparse, when, growth);
    }

    /**
     * Returns options like these with {@code growth} set to {@code growth}: what a source that
     * grows during the copy gives.
     *
     * <p>{@link Growth#REJECT} (the default): the copy fails ({@link CopyFailedException}, "the
     * source grew during the copy"), as on any other change, and the destination is as it was.
     * {@link Growth#PREFIX}, for append-only sources (logs): the destination gets the source's
     * bytes up to its size when the copy opened it, and nothing past them, once the source's
     * stamps after the copy, or a comparison of the source's bytes with the copy's, show that no
     * write changed those bytes; {@link CopyResult#sourceGrew()} then says whether the source had
     * grown. A source truncated, replaced (its name, stamped after the copy, stands for another
     * file: renamed over, or recreated), removed, or rewritten inside those bytes still fails the
     * copy. What it cannot see is on {@link Growth#PREFIX}. Every other
     * rule of the copy holds as without it: the destination is the old file or the whole new one
     * on every failure, the same modes, the same staged new file. A clone ({@code reflink}) takes
     * the whole source, then is cut to the prefix.
     *
     * @param growth {@link Growth#REJECT} or {@link Growth#PREFIX}
     * @return options like these with {@code growth} set
     */
    public CopyOptions growth(Growth growth) {
        return new CopyOptions(atomic, replaceExisting, copyAttributes, followLinks, durable, progress, sparse, reflink, growth);
    }

    /**
     * Returns what a source that grows during the copy gives; {@link Growth#REJECT} by default.
     *
     * @return what a source that grows during the copy gives
     */
    public Growth growth() {
        return growth;
    }

    /**
     * Returns how holes in the source are treated; {@link When#AUTO} by default.
     *
     * @return how holes in the source are treated
     */
    public When sparse() {
        return sparse;
    }

    /**
     * Returns whether the copy may share the source's blocks; {@link When#AUTO} by default.
     *
     * @return whether the copy may share the source's blocks
     */
    public When reflink() {
        return reflink;
    }

    /**
     * Returns whether to write a new file beside the destination and put it in place at the end.
     *
     * @return whether to write a new file beside the destination and put it in place at the end
     */
    public boolean atomic() {
        return atomic;
    }

    /**
     * Returns whether to replace an existing destination instead of failing.
     *
     * @return whether to replace an existing destination instead of failing
     */
    public boolean replaceExisting() {
        return replaceExisting;
    }

    /**
     * Returns whether to also copy the times and the exact permission bits.
     *
     * @return whether to also copy the times and the exact permission bits
     */
    public boolean copyAttributes() {
        return copyAttributes;
    }

    /**
     * Returns whether to copy what a symbolic-link source points to, not the link.
     *
     * @return whether to copy what a symbolic-link source points to, not the link
     */
    public boolean followLinks() {
        return followLinks;
    }

    /**
     * Returns whether to fsync the new content and its folder before returning.
     *
     * @return whether to fsync the new content and its folder before returning
     */
    public boolean durable() {
        return durable;
    }

    /**
     * Returns the progress listener; {@link CopyProgress#NONE} by default.
     *
     * @return the progress listener; {@link CopyProgress#NONE} by default
     */
    public CopyProgress progress() {
        return progress;
    }

    @Override
    public String toString() {
        return "CopyOptions[atomic=" + atomic + ", replaceExisting=" + replaceExisting + ", copyAttributes="
                + copyAttributes + ", followLinks=" + followLinks + ", durable=" + durable + ", sparse=" + sparse + ", reflink=" + reflink + ", growth=" + growth + "]";
    }
}
