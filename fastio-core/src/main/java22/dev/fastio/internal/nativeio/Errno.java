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
 */
final class Errno {
    // Linux's numbers (x86-64 and aarch64 share them); every native class names errno from here
    static final int EPERM = 1;
    static final int ENOENT = 2;
    static final int EINTR = 4;
    static final int ENXIO = 6;
    static final int EACCES = 13;
    static final int EEXIST = 17;
    static final int EXDEV = 18;
    static final int ENOTDIR = 20;
    static final int EISDIR = 21;
    static final int EINVAL = 22;
    static final int ENOTTY = 25;
    static final int EMLINK = 31;
    static final int ENOSYS = 38;
    static final int ELOOP = 40;
    static final int EOPNOTSUPP = 95;

    private Errno() {}

    static IOException openFailed(Path file, int errno) {
        String name = file.toString();
        return switch (errno) {
            case ENOENT -> new NoSuchFileException(name);
            case EACCES -> new AccessDeniedException(name);
            case EEXIST -> new FileAlreadyExistsException(name);
            case ELOOP -> new FileSystemException(name, null, Libc.strerror(errno) + " or unable to access attributes of symbolic link");
            default -> new FileSystemException(name, null, Libc.strerror(errno));
        };
    }

    static IOException readFailed(Path file, int errno) {
        return new IOException(file + ": " + Libc.strerror(errno));
    }
}
