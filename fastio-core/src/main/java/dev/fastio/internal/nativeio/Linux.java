package dev.fastio.internal.nativeio;

/**
 * Linux's numbers for the calls fastio makes (x86-64 and aarch64, where the {@code statx} layout
 * and these values are the same, except the {@code open} flags that say so): one list for both
 * bindings and every engine.
 */
public final class Linux {
    private Linux() {}

    static final boolean AARCH64 = "aarch64".equals(System.getProperty("os.arch"));

    public static final int O_RDONLY = 0;
    public static final int O_WRONLY = 1;
    public static final int O_RDWR = 2;
    public static final int O_CREAT = 0x40;
    public static final int O_EXCL = 0x80;
    public static final int O_CLOEXEC = 0x80000;
    /** {@code O_DIRECTORY}: 0200000 on x86-64, 040000 on aarch64. */
    public static final int O_DIRECTORY = AARCH64 ? 0x4000 : 0x10000;
    /** {@code O_NOFOLLOW}: 0400000 on x86-64, 0100000 on aarch64. */
    public static final int O_NOFOLLOW = AARCH64 ? 0x8000 : 0x20000;
    /** {@code O_PATH}: a descriptor that only names (a folder for the *at calls); needs no read permission. */
    public static final int O_PATH = 0x200000;
    /** {@code O_TMPFILE}, which includes {@code O_DIRECTORY}: an unnamed file in the given folder. */
    public static final int O_TMPFILE = 0x400000 | O_DIRECTORY;

    public static final int AT_FDCWD = -100;
    public static final int AT_EMPTY_PATH = 0x1000;
    public static final int AT_SYMLINK_FOLLOW = 0x400;
    public static final int AT_SYMLINK_NOFOLLOW = 0x100;

    public static final int STATX_TYPE = 0x1;
    public static final int STATX_MODE = 0x2;
    public static final int STATX_INO = 0x100;
    public static final int STATX_SIZE = 0x200;
    public static final int STATX_BLOCKS = 0x400;
    public static final int STATX_BASIC_STATS = 0x7ff;

    public static final int S_IFMT = 0xF000;
    public static final int S_IFREG = 0x8000;
    public static final int S_IFDIR = 0x4000;
    public static final int S_IFLNK = 0xA000;

    /** {@code struct statx}: 256 bytes; {@code stx_mode} (u16) at 28, {@code stx_ino} (u64) at 32, {@code stx_size} at 40, {@code stx_blocks} at 48. */
    public static final int STATX_BYTES = 256;
    static final int STX_MODE = 28;
    static final int STX_INO = 32;
    static final int STX_SIZE = 40;
    static final int STX_BLOCKS = 48;
    /** {@code struct statx_timestamp}: i64 seconds, u32 nanoseconds, 4 bytes of padding. */
    static final int STX_CTIME = 96;
    static final int STX_MTIME = 112;
    /** u32 major, then u32 minor. */
    static final int STX_DEV_MAJOR = 136;

    public static final int SEEK_DATA = 3;
    public static final int SEEK_HOLE = 4;
    /** {@code _IOW(0x94, 9, int)}: make the destination share the source's extents. */
    public static final long FICLONE = 0x40049409L;
    public static final int RENAME_EXCHANGE = 2;
}
