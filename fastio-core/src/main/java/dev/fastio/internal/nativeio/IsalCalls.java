package dev.fastio.internal.nativeio;

/**
 * ISA-L's igzip inflate functions ({@code libisal.so.2}), bound by a {@link NativeBinding}. The
 * {@code struct inflate_state} they take is the caller's native memory, by address; its layout
 * and the streaming rules are the gzip engine's ({@code internal.gzip}).
 */
public abstract class IsalCalls {
    /** {@code void isal_inflate_init(struct inflate_state *)}. */
    public abstract void init(long state);

    /** {@code int isal_inflate(struct inflate_state *)}. */
    public abstract int inflate(long state);

    /** {@code int isal_inflate_stateless(struct inflate_state *)}. */
    public abstract int inflateStateless(long state);
}
