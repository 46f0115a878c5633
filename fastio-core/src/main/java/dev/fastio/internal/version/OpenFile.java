package dev.fastio.internal.version;

import dev.fastio.internal.nativeio.Stat;
import java.io.Closeable;
import java.io.IOException;
import java.nio.channels.FileChannel;

/**
 * A file open for reading: a channel over it, and stamps of the file that is open, not of
 * whatever its name stands for by then (a name can be turned to another file, by a rename or a
 * link flipped, between the open and a stamp by name). Made by {@link NativeOpenFile} where the
 * native layer is active; readers that get none stamp the name ({@link StampedByName}).
 */
public interface OpenFile extends Closeable {
    /**
     * Returns a channel that reads the open file.
     *
     * @return the channel; closed with this
     */
    FileChannel channel();

    /**
     * Returns one {@code statx} of the open descriptor.
     *
     * @return what it says
     * @throws IOException the call failed
     */
    Stat stat() throws IOException;
}
