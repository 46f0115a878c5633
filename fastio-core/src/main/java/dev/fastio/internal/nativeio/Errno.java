package dev.fastio.internal.nativeio;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/**
 * {@code errno} as the JDK reports it, so a native call fails with the exception type
 * {@code Files} gives for the same failure (the rules of the JDK's own {@code UnixException}):
 * opening a file that is not there is a {@link NoSuchFileException}, one that may not be read an
 * {@link AccessDeniedException}, a symbolic-link loop a {@link FileSystemException} saying so, any
 * other failure a {@code FileSystemException} with the C library's text; a failed read is a plain
 * {@link IOException} with that text, as a {@code FileChannel} read throws, here naming the file.
 * The numbers are Linux's (x86-64 and aarch64 share them); every native class names errno from here.
 */
public final class Errno {
    public static final int EPERM = 1;
    public static final int ENOENT = 2;
    public static final int EINTR = 4;
    public static final int EIO = 5;
    public static final int ENXIO = 6;
    public static final int EBADF = 9;
    public static final int EACCES = 13;
    public static final int EEXIST = 17;
    public static final int EXDEV = 18;
    public static final int ENOTDIR = 20;
    public static final int EISDIR = 21;
    public static final int EINVAL = 22;
    public static final int ENOTTY = 25;
    public static final int ENOSPC = 28;
    public static final int EMLINK = 31;
    public static final int ENOSYS = 38;
    public static final int ELOOP = 40;
    public static final int EOPNOTSUPP = 95;

    private Errno() {}

    /**
     * The exception {@code Files} throws when opening or stating {@code file} fails with {@code errno}.
     *
     * @param file the file, named in the message
     * @param errno the error
     * @param text the C library's text for it ({@link Syscalls#strerror})
     * @return the exception
     */
    public static IOException openFailed(Path file, int errno, String text) {
        String name = file.toString();
        switch (errno) {
            case ENOENT:
                return new NoSuchFileException(name);
            case EACCES:
                return new AccessDeniedException(name);
            case EEXIST:
                return new FileAlreadyExistsException(name);
            case ELOOP:
                return new FileSystemException(name, null, text + " or unable to access attributes of symbolic link");
            default:
                return new FileSystemException(name, null, text);
        }
    }

    /**
     * The exception a {@code FileChannel} read throws for {@code errno}, naming the file.
     *
     * @param file the file
     * @param text the C library's text for the error
     * @return the exception
     */
    public static IOException readFailed(Path file, String text) {
        return new IOException(file + ": " + text);
    }
}
