package dev.fastio.cache;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;
import java.util.Objects;

/** What one {@code stat} says of a file: a changed file changes at least one of these, except within one timestamp tick. */
record FileStamp(long size, FileTime modified, Object fileKey) {
    static FileStamp read(Path file) throws IOException {
        BasicFileAttributes a = Files.readAttributes(file, BasicFileAttributes.class);
        return new FileStamp(a.size(), a.lastModifiedTime(), a.fileKey());
    }

    boolean sameFileState(FileStamp o) {
        return size == o.size && modified.equals(o.modified) && Objects.equals(fileKey, o.fileKey);
    }
}
