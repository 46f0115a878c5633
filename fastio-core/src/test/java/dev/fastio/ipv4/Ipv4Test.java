package dev.fastio.ipv4;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.Inet4Address;
import java.net.InetAddress;
import java.nio.ByteBuffer;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class Ipv4Test {
    @Property(tries = 2000)
    void formatThenParseRoundTripsAndMatchesInetAddress(@ForAll int ip) throws Exception {
        String text = Ipv4.format(ip);
        assertThat(Ipv4.parse(text)).isEqualTo(ip);
        InetAddress reference = InetAddress.getByAddress(ByteBuffer.allocate(4).putInt(ip).array());
        assertThat(text).isEqualTo(((Inet4Address) reference).getHostAddress());
    }

    @Property(tries = 500)
    void signedSortableEncodingSortsLikeUnsignedAddresses(@ForAll int a, @ForAll int b) {
        int ea = Ipv4Encoding.SIGNED_SORTABLE.encode(a);
        int eb = Ipv4Encoding.SIGNED_SORTABLE.encode(b);
        assertThat(Integer.signum(Integer.compare(ea, eb))).isEqualTo(Integer.signum(Integer.compareUnsigned(a, b)));
        assertThat(Ipv4Encoding.SIGNED_SORTABLE.decode(ea)).isEqualTo(a);
    }

    /** Article 001's ip2integer: split, parseLong, sum, + Integer.MIN_VALUE. */
    static int articleIp2Integer(String ip) {
        String[] n = ip.split("\\.");
        long num = Long.parseLong(n[0]) * 256 * 256 * 256 + Long.parseLong(n[1]) * 256 * 256
                + Long.parseLong(n[2]) * 256 + Long.parseLong(n[3]);
        num += Integer.MIN_VALUE;
        return (int) num;
    }

    @Property(tries = 1000)
    void signedSortableIsTheArticlesEncoding(@ForAll int ip) {
        assertThat(Ipv4Encoding.SIGNED_SORTABLE.encode(ip)).isEqualTo(articleIp2Integer(Ipv4.format(ip)));
    }

    @ParameterizedTest
    @CsvSource({"0.0.0.0,0", "255.255.255.255,-1", "1.2.3.4,16909060", "10.0.0.1,167772161", "192.168.100.200,-1062705976"})
    void edgeAddresses(String text, int expected) {
        assertThat(Ipv4.parse(text)).isEqualTo(expected);
        assertThat(Ipv4.format(expected)).isEqualTo(text);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "1.2.3", "1.2.3.4.5", "256.1.1.1", "1.2.3.1000", "01.2.3.4", "1.2.3.00", "a.b.c.d",
            "1..2.3", "1.2.3.", ".1.2.3", " 1.2.3.4", "1.2.3.4 ", "1,2,3,4", "1.2.3.-4", "+1.2.3.4"})
    void malformedAddressesAreRejectedWithAReason(String text) {
        assertThatThrownBy(() -> Ipv4.parse(text)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'" + text + "'");
    }
}
