package dev.fastio.hadoop;

import dev.fastio.internal.version.Stamp;
import org.apache.hadoop.fs.FileStatus;

/**
 * What one {@code getFileStatus} says of a file's version: its length, its modification time
 * (milliseconds) and, where the filesystem gives one with the status at no extra cost, an
 * identity that every rewrite changes:
 * <ul>
 *   <li>HDFS: the inode id ({@code HdfsFileStatus.getFileId()}). HDFS files are written once and
 *       then only appended to, truncated or concatenated, which change the length; an overwrite,
 *       or a delete and a new create, makes a new inode. So a same-length rewrite within the
 *       modification time's millisecond is still seen.</li>
 *   <li>Object stores whose status carries an etag ({@code EtagSource}: S3A, ABFS): the etag,
 *       which changes with every upload of the object.</li>
 *   <li>{@code file://}, in {@link HadoopFileCache}: the local file's device and inode, and its
 *       change time (ctime, to the nanosecond) as what every write moves ({@link #withLocal}):
 *       Hadoop's local status has neither, and a same-length replace that kept the old
 *       modification time ({@code cp -p}, {@code rsync -t}) was not seen (issue 60). The racy
 *       window then runs from the ctime, which such a replace sets to now.</li>
 *   <li>Others: none; the cache then treats a file modified within its timestamp resolution of
 *       the load as racy.</li>
 * </ul>
 * Not used: {@code FileSystem.getFileChecksum}. On HDFS it asks a datanode for every block's
 * checksum (a round trip per block), which would make a validated get cost a fraction of a load;
 * on S3A it is the etag, off by default.
 *
 * <p>Both classes are probed for, not required: {@code HdfsFileStatus} is absent where only
 * {@code hadoop-common} and an object-store connector are on the class path, and
 * {@code EtagSource} before Hadoop 3.3.2.
 */
record StatusStamp(long length, long modified, Object identity, long newest, Object changed) implements Stamp<StatusStamp> {
    private static final boolean HDFS = present("org.apache.hadoop.hdfs.protocol.HdfsFileStatus");
    private static final boolean ETAGS = present("org.apache.hadoop.fs.EtagSource");

    @Override
    public long size() {
        return length;
    }

    @Override
    public long newestMillis() {
        return newest;
    }

    @Override
    public boolean sameVersion(StatusStamp other) {
        return equals(other);
    }

    /** The same identity (HDFS inode id, etag), whatever the length and time; true where the status carries none. */
    @Override
    public boolean sameFile(StatusStamp other) {
        return java.util.Objects.equals(identity, other.identity);
    }

    @Override
    public String changesTo(StatusStamp later) {
        return later.changesSince(this);
    }

    static StatusStamp of(FileStatus s) {
        return new StatusStamp(s.getLen(), s.getModificationTime(), identity(s), s.getModificationTime(), null);
    }

    /**
     * {@code status} with what the local file's own stamp adds: its device and inode as the
     * identity, its ctime as the change every write makes; {@code status} itself where
     * {@code local} is null (not a local file).
     */
    static StatusStamp withLocal(StatusStamp status, dev.fastio.internal.version.FileStamp local) {
        if (local == null) {
            return status;
        }
        Object changed = local.changed() != null ? local.changed() : local.modified();
        return new StatusStamp(status.length, status.modified, "local file " + local.fileKey(),
                Math.max(status.modified, local.newestMillis()), changed);
    }

    private static Object identity(FileStatus s) {
        if (HDFS) {
            Object id = HdfsId.of(s);
            if (id != null) {
                return id;
            }
        }
        return ETAGS ? Etag.of(s) : null;
    }

    /** How this version differs from {@code earlier}, for a message: "length 8 → 12, …". */
    String changesSince(StatusStamp earlier) {
        StringBuilder b = new StringBuilder();
        if (length != earlier.length) {
            b.append("length ").append(earlier.length).append(" → ").append(length);
        }
        if (modified != earlier.modified) {
            b.append(b.length() > 0 ? ", " : "").append("modification time ").append(earlier.modified).append(" → ").append(modified);
        }
        if (!java.util.Objects.equals(identity, earlier.identity)) {
            b.append(b.length() > 0 ? ", " : "").append("identity ").append(earlier.identity).append(" → ").append(identity);
        }
        if (!java.util.Objects.equals(changed, earlier.changed)) {
            b.append(b.length() > 0 ? ", " : "").append("change time ").append(earlier.changed).append(" → ").append(changed);
        }
        return b.toString();
    }

    private static boolean present(String className) {
        try {
            Class.forName(className, false, StatusStamp.class.getClassLoader());
            return true;
        } catch (ClassNotFoundException | LinkageError e) {
            return false;
        }
    }

    /** Loaded only where {@code HdfsFileStatus} is present. */
    private static final class HdfsId {
        static Object of(FileStatus s) {
            return s instanceof org.apache.hadoop.hdfs.protocol.HdfsFileStatus h ? "inode " + h.getFileId() : null;
        }
    }

    /** Loaded only where {@code EtagSource} is present (Hadoop 3.3.2+). */
    private static final class Etag {
        static Object of(FileStatus s) {
            if (s instanceof org.apache.hadoop.fs.EtagSource e) {
                String tag = e.getEtag();
                return tag == null || tag.isEmpty() ? null : "etag " + tag;
            }
            return null;
        }
    }
}
