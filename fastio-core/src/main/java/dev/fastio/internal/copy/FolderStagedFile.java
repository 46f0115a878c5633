package dev.fastio.internal.copy;

import java.io.File;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.SecureDirectoryStream;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Objects;
import java.util.Set;

/**
 * A {@link StagedFile} on the JDK's {@link SecureDirectoryStream} (Linux gives one for every
 * folder: {@code openat}, {@code renameat}, {@code unlinkat}, and attribute views that open with
 * {@code O_NOFOLLOW}, all relative to the held folder's descriptor) where the folder is shared
 * with other users, and on plain paths where only its owner can change it ({@link Folder} says
 * which and why). Any JDK from 17.
 *
 * <p>What the JDK does not give, and how this stands without it:
 * <ul>
 *   <li>No {@code fchmod} or {@code futimens} on a channel: mode and times are set through the
 *       folder's no-follow attribute views, which reopen the name with {@code O_NOFOLLOW} and act
 *       on that descriptor. A symbolic link put at the name fails the call instead of being
 *       followed; only a hard link to a file outside the folder could be reached, and Linux
 *       refuses to make one to another user's file ({@code fs.protected_hardlinks}, on by
 *       default).
 *   <li>No {@code fstat} of a channel: the file's identity (device and inode) is read by name
 *       right after the exclusive create. The name is checked against it before and after
 *       publishing, so a call that returns has put this file at the destination.
 *   <li>No {@code ftruncate} that grows: {@code FileChannel.map} of the last byte grows the file
 *       through the held descriptor (the JDK calls {@code ftruncate} on it), leaving a hole.
 *   <li>No {@code linkat} relative to a folder: not replacing, the new name is made with
 *       {@code link(2)} on the folder's path (which follows no link), then checked.
 * </ul>
 */
final class FolderStagedFile extends StagedFile implements UnfinishedFiles.Unfinished {
    private static final Set<OpenOption> CREATE = Set.of(StandardOpenOption.CREATE_NEW, StandardOpenOption.READ,
            StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS);

    private final Folder folder;
    private final FileOps ops;
    /** The entry this created in {@link #folder}: a temporary name, or the destination's own when not atomic. */
    private final Path entry;
    private final Path destination;
    private final int mode;
    private final FileChannel channel;
    /** The new file's device and inode (in a shared folder). */
    private final Object key;
    private boolean published;
    private boolean channelClosed;
    /** The shutdown hook removed the new file ({@link #removeAtExit}). */
    private boolean removed;

    private FolderStagedFile(Path target, Path dir, String name, Options options, Folder folder, FileOps ops, Path entry,
            int mode, FileChannel channel, Object key) {
        super(target, dir, name, options);
        this.folder = folder;
        this.ops = ops;
        this.entry = entry;
        this.destination = Path.of(name);
        this.mode = mode;
        this.channel = channel;
        this.key = key;
    }

    static FolderStagedFile open(Path target, Path dir, String name, Options options, FileOps ops) throws IOException {
        Folder folder = Folder.open(target, dir, ops);
        FileChannel ch = null;
        Path entry = null;
        Pending pending = new Pending(folder);
        UnfinishedFiles.add(pending);
        try {
            Path destination = Path.of(name);
            Seen now = options.seen() != null ? options.seen()
                    : mayBeAbsent(dir, name) ? Seen.NOTHING : Seen.of(folder.attributes(destination));
            int mode = decide(now.type(), now.mode(), target, options);
            if (now.type() != 0 && !options.atomic()) {
                folder.delete(destination); // as Files.copy: the old one goes first
            }
            var perms = PosixFilePermissions.asFileAttribute(FileModes.permissions(FileModes.PRIVATE));
            for (int attempt = 0; ch == null; attempt++) {
                entry = options.atomic() ? Path.of(TemporaryFiles.name()) : destination;
                if (options.atomic()) {
                    pending.entry = entry; // before the create: a signal between it and the staged file's registration still removes it
                }
                try {
                    ch = folder.create(entry, CREATE, perms);
                    pending.entry = entry; // the destination's own name only once it is ours
                } catch (FileAlreadyExistsException clash) {
                    if (!options.atomic()) {
                        throw new FileAlreadyExistsException(target.toString(), null, "the destination appeared meanwhile; it was left as it is");
                    }
                    if (attempt == 10) {
                        throw clash; // 64 random bits clashed 11 times: something else is wrong
                    }
                } catch (IOException | RuntimeException e) {
                    // the open may have failed after creating the file; CREATE_NEW made it ours to remove
                    try {
                        folder.delete(entry);
                    } catch (NoSuchFileException gone) {
                        // it was not created
                    } catch (IOException d) {
                        e.addSuppressed(d);
                    }
                    throw e;
                }
            }
            Object key = folder.key(entry);
            FolderStagedFile staged = new FolderStagedFile(target, dir, name, options, folder, ops, entry, mode, ch, key);
            UnfinishedFiles.add(staged); // a SIGINT or SIGTERM from here on removes it (JDK 17-21 leave named files)
            return staged;
        } catch (IOException e) {
            abandon(e, folder, ch, entry);
            throw aboutTarget(e, target, entry == null ? null : entry.toString());
        } catch (RuntimeException | Error e) {
            abandon(e, folder, ch, entry);
            throw e;
        } finally {
            UnfinishedFiles.remove(pending);
        }
    }

    /**
     * The new file between its name being chosen and the staged file that owns it: a shutdown then
     * removes the name if it was created. The name is fresh and random (or the destination's own,
     * not yet written), so nothing else holds it.
     */
    private static final class Pending implements UnfinishedFiles.Unfinished {
        private final Folder folder;
        volatile Path entry;

        Pending(Folder folder) {
            this.folder = folder;
        }

        @Override
        public void removeAtExit() {
            Path e = entry;
            if (e != null) {
                try {
                    folder.delete(e);
                } catch (IOException | RuntimeException gone) {
                    // not created, or already removed
                }
            }
        }
    }

    private static void abandon(Throwable e, Folder folder, FileChannel ch, Path entry) {
        try {
            if (ch != null) {
                ch.close();
                folder.delete(entry); // just created exclusively and not yet handed out
            }
        } catch (IOException | RuntimeException c) {
            e.addSuppressed(c);
        }
        try {
            folder.close();
        } catch (IOException c) {
            e.addSuppressed(c);
        }
    }

    /**
     * True when nothing is at the destination, or only a dangling link. {@code java.io.File}
     * says it without an exception, which on JDK 17 costs a stack trace in the common case of a
     * new name; a dangling link is then found by the exclusive create or the final link.
     */
    private static boolean mayBeAbsent(Path dir, String name) {
        return !new File(dir.toFile(), name).exists();
    }

    @Override
    public FileChannel channel() {
        return channel;
    }

    @Override
    public void setLength(long length) throws IOException {
        long size = channel.size();
        if (length > size) {
            // grows the file through this descriptor (ftruncate), allocating nothing; the page is never touched
            channel.map(FileChannel.MapMode.READ_WRITE, length - 1, 1);
        } else if (length < size) {
            channel.truncate(length);
        }
    }

    @Override
    public void setTimes(FileTime modified, FileTime accessed) throws IOException {
        checkOurs(entry);
        try {
            folder.setTimes(entry, modified, accessed);
        } catch (IOException e) {
            throw aboutTarget(e, target, entry.toString());
        }
    }

    @Override
    public synchronized void publish(boolean durable) throws IOException {
        if (durable) {
            channel.force(true);
        }
        if (mode != FileModes.PRIVATE) {
            checkOurs(entry);
            try {
                folder.setPermissions(entry, FileModes.permissions(mode));
            } catch (IOException e) {
                throw aboutTarget(e, target, entry.toString());
            }
        }
        channelClosed = true;
        channel.close(); // a failed close can mean lost data (NFS): it fails the write
        if (options.atomic()) {
            // no check of the temporary name first: the one after publishing decides, and a user who could swap
            // that name could as well put their own entry at the destination's
            if (options.replace()) {
                try {
                    folder.move(entry, destination);
                } catch (IOException e) {
                    throw aboutTarget(e, target, entry.toString());
                }
            } else {
                linkNew();
            }
        }
        published = true;
        if (!Objects.equals(folder.key(destination), key)) {
            throw new IOException(target + ": after the rename the name holds another file than the one written: another "
                    + "process changed the folder meanwhile (in a folder others can write, they can replace any name)");
        }
        if (options.atomic() && !options.replace()) {
            try {
                folder.delete(entry); // the new name holds the file; a stale temporary name is harmless
            } catch (IOException e) {
                // left for a later clean-up: the destination is complete
            }
        }
        if (durable) {
            try (FileChannel d = ops.open(dir, Set.of(StandardOpenOption.READ))) {
                d.force(true); // the new name, too, must survive a crash
            }
        }
    }

    /** Not replacing: {@code link}, which refuses an existing name, so a destination that appeared meanwhile stays. */
    private void linkNew() throws IOException {
        Path link = dir.resolve(name);
        try {
            ops.link(link, dir.resolve(entry));
        } catch (FileAlreadyExistsException e) {
            throw new FileAlreadyExistsException(target.toString(), null, "the destination appeared meanwhile; it was left as it is");
        } catch (UnsupportedOperationException | FileSystemException e) {
            // EPERM, EMLINK and the like: no hard links here; a rename after a check is the best this filesystem allows
            if (folder.attributes(destination) != null) {
                throw new FileAlreadyExistsException(target.toString(), null, "the destination appeared meanwhile; it was left as it is");
            }
            folder.move(entry, destination);
        }
    }

    /** Fails when {@code at} no longer holds the file this created: nothing more is done through that name. */
    private void checkOurs(Path at) throws IOException {
        if (key == null || !key.equals(folder.key(at))) {
            throw new IOException(target + ": the file being written was replaced by another process (in a folder others "
                    + "can write); nothing was done through its name");
        }
    }

    /** The shutdown hook's removal ({@link UnfinishedFiles}): what {@link #close} would remove, and nothing else. */
    @Override
    public synchronized void removeAtExit() {
        if (!published && !removed && key != null) {
            try {
                if (key.equals(folder.key(entry))) {
                    folder.delete(entry);
                }
            } catch (IOException | RuntimeException e) {
                // gone already, or the folder closed meanwhile: nothing of ours is left to remove
            }
            removed = true;
        }
    }

    @Override
    public synchronized void close() throws IOException {
        UnfinishedFiles.remove(this);
        IOException failure = null;
        if (!channelClosed) {
            channelClosed = true;
            try {
                channel.close();
            } catch (IOException e) {
                failure = e;
            }
        }
        try {
            if (!published && !removed && key != null && key.equals(folder.key(entry))) {
                folder.delete(entry);
            }
        } catch (NoSuchFileException gone) {
            // nothing to remove
        } catch (IOException e) {
            if (failure == null) {
                failure = new IOException(target + ": could not remove the unfinished file " + dir.resolve(entry) + ": " + e.getMessage(), e);
            }
        } finally {
            folder.close();
        }
        if (failure != null && !published) {
            throw failure;
        }
    }
}
