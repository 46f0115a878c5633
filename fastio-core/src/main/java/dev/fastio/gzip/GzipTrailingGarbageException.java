package dev.fastio.gzip;

/**
 * Bytes that are neither a gzip member nor zero padding follow the last member. Thrown after all
 * members have been delivered, as {@code gzip -d} says "decompression OK, trailing garbage
 * ignored" and exits with status 2: catch it to accept such files.
 */
public final class GzipTrailingGarbageException extends GzipFormatException {
    private static final long serialVersionUID = 1L;

    /**
     * Garbage from {@code offset} on.
     *
     * @param source the gzip stream's name (a file name)
     * @param offset the compressed offset of the first byte after the last member
     */
    public GzipTrailingGarbageException(String source, long offset) {
        super(source, offset, "decompression OK, trailing garbage");
    }
}
