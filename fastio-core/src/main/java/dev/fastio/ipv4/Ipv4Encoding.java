package dev.fastio.ipv4;

/** How an address is stored in an {@code int}. */
public enum Ipv4Encoding {
    /** {@code a<<24 | b<<16 | c<<8 | d}: what the network and {@code InetAddress} use. The default. */
    NATURAL,
    /**
     * {@code natural ^ 0x80000000}: article 001's {@code natural + Integer.MIN_VALUE}. Signed
     * {@code int} order then equals address order, so {@code Arrays.sort} sorts addresses.
     */
    SIGNED_SORTABLE;

    /**
     * Encodes an address.
     *
     * @param natural an address's natural bit pattern
     * @return the {@code int} this encoding stores for it
     */
    public int encode(int natural) {
        return this == NATURAL ? natural : natural ^ 0x80000000;
    }

    /**
     * Decodes an address.
     *
     * @param encoded an {@code int} stored in this encoding
     * @return the address's natural bit pattern
     */
    public int decode(int encoded) {
        return this == NATURAL ? encoded : encoded ^ 0x80000000;
    }
}
