package dev.fastio.internal.nativeio;

/** The native deflate decoders the layer can bind, each from its Debian package. */
public enum NativeDecoder {
    /** Intel's ISA-L igzip: streams, and inflates whole blocks ({@code isal_inflate_stateless}). */
    ISAL("ISA-L igzip (libisal.so.2)", "libisal.so.2", "libisal2"),
    /** Eric Biggers' libdeflate: whole buffers only ({@code libdeflate_deflate_decompress_ex}). */
    LIBDEFLATE("libdeflate (libdeflate.so.0)", "libdeflate.so.0", "libdeflate0");

    private final String label;
    private final String library;
    private final String debianPackage;

    NativeDecoder(String label, String library, String debianPackage) {
        this.label = label;
        this.library = library;
        this.debianPackage = debianPackage;
    }

    /** @return how the decoder is named in messages, logs and the report */
    public String label() {
        return label;
    }

    /** @return the library's name as {@code dlopen} finds it */
    public String library() {
        return library;
    }

    /** @return the Debian package that installs it */
    public String debianPackage() {
        return debianPackage;
    }
}
