package dev.fastio.internal.nativeio;

import dev.fastio.copy.When;
import dev.fastio.internal.copy.CopySource;
import dev.fastio.internal.copy.StagedFile;
import dev.fastio.internal.gzip.BlockInflater;
import dev.fastio.internal.gzip.RawInflater;
import java.io.IOException;
import java.nio.file.Path;

/**
 * The native layer on JDK 22 and later, found by {@link NativeLayers}: libc for reads, stats and
 * copies ({@link NativeFiles}, {@link NativeWholeRead}, {@link NativeGrowingRead}, {@link NativeOpenFile},
 * {@link NativeStats}, {@link DescriptorSource}, {@link NativeStagedFile}) and ISA-L for
 * inflating ({@link Isal}), all through the FFM API. Whether libc is used is decided once, in
 * {@link NativeFiles}; ISA-L's own check is in {@link Isal}.
 */
public final class FfmLayer implements NativeLayer {
    /** The fault plan every call consults: null but in a test's layer ({@link #withFaults}). */
    private final SyscallFaults faults;

    /** Public, with no arguments: {@link NativeLayers} makes the one instance by reflection. */
    public FfmLayer() {
        this(null);
    }

    private FfmLayer(SyscallFaults faults) {
        this.faults = faults;
    }

    @Override
    public NativeLayer withFaults(SyscallFaults plan) {
        return new FfmLayer(plan);
    }

    @Override
    public boolean active() {
        return NativeFiles.active();
    }

    @Override
    public String status() {
        return NativeFiles.status();
    }

    @Override
    public boolean offForWantOfFlag() {
        return NativeFiles.flagMissing();
    }

    @Override
    public long uses() {
        return NativeFiles.uses();
    }

    @Override
    public boolean handles(Path file) {
        return NativeFiles.handles(file);
    }

    @Override
    public byte[] readAllBytes(Path file, boolean checked) throws IOException {
        return NativeWholeRead.readAllBytes(faults, file, checked);
    }

    @Override
    public byte[] readGrowing(Path file) throws IOException {
        return NativeGrowingRead.readGrowing(faults, file);
    }

    @Override
    public OpenFile openForReading(Path file) throws IOException {
        return NativeFiles.handles(file) && NativeFiles.PROC_FD ? NativeOpenFile.openForReading(faults, file) : null;
    }

    @Override
    public Stat stat(Path file) throws IOException {
        return Stat.of(NativeStats.stat(faults, file));
    }

    @Override
    public StatVersion statVersion(Path file, long size, long mtimeNanos, long ctimeNanos, long device, long inode) {
        return NativeStats.statVersion(faults, file, size, mtimeNanos, ctimeNanos, device, inode);
    }

    @Override
    public StagedFile stage(Path target, Path dir, String name, StagedFile.Options options) throws IOException {
        return NativeFiles.stage(faults, target, dir, name, options);
    }

    @Override
    public boolean copies(Path source, Path target) {
        return NativeFiles.copies(source, target);
    }

    @Override
    public CopySource openCopySource(Path source, When reflink, When sparse, boolean prefix) throws IOException {
        return DescriptorSource.open(faults, source, reflink, sparse, prefix);
    }

    @Override
    public String decoderRefusal(NativeDecoder decoder) {
        return decoder == NativeDecoder.ISAL ? Isal.refusal() : Libdeflate.refusal();
    }

    @Override
    public RawInflater newInflater(int inputChunk) {
        return Isal.newInflater(inputChunk);
    }

    @Override
    public BlockInflater newBlockInflater(NativeDecoder decoder) {
        return decoder == NativeDecoder.ISAL ? Isal.newBlockInflater() : Libdeflate.newBlockInflater();
    }
}
