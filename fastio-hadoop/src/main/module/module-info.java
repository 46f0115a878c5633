/**
 * fastio-hadoop: fastio's loads (primitive arrays, IPv4 text, gzip, a per-JVM cache) from any
 * Hadoop {@code FileSystem}: HDFS, S3A, ABFS, GCS, {@code file://}. Hadoop is the user's
 * (a {@code provided} dependency, compiled against the shaded client API of Hadoop 3.5.0); only
 * {@code dev.fastio.hadoop} is API.
 */
module dev.fastio.hadoop {
    requires transitive dev.fastio;
    // hadoop-client-api has no module name of its own: this is the one its jar's file name gives
    requires transitive hadoop.client.api;

    exports dev.fastio.hadoop;
}
