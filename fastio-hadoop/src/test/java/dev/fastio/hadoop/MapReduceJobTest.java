package dev.fastio.hadoop;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fastio.ipv4.Ipv4;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.Random;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.Mapper;
import org.apache.hadoop.mapreduce.Reducer;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.lib.input.TextInputFormat;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.apache.hadoop.mapreduce.lib.output.TextOutputFormat;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Article 001's job, in a real engine: MapReduce's local job runner over the in-process HDFS. A
 * sorted index of addresses (big-endian ints, as {@code DataOutputStream} writes them) is put on
 * HDFS; each mapper loads it in {@code setup()} with {@link HadoopArrays} and looks up every
 * address of its input split in it; the reducer counts hits and misses per first octet. The
 * job's output must equal the counts computed here without Hadoop.
 *
 * <p>The local job runner runs every map task in this JVM, as a reused task JVM or a Spark
 * executor runs many tasks: the second job's mappers get the index through a per-JVM
 * {@link HadoopFileCache}, which must load it once for all of them.
 */
class MapReduceJobTest {
    static final String INDEX = "fastio.test.index";

    /** Loads the index once per task, in setup, as article 001's tasks do. */
    public static class LookupMapper extends Mapper<LongWritable, Text, Text, LongWritable> {
        private int[] index;
        private final Text key = new Text();
        private static final LongWritable ONE = new LongWritable(1);

        @Override
        protected void setup(Context context) throws IOException {
            Path p = new Path(context.getConfiguration().get(INDEX));
            index = load(p.getFileSystem(context.getConfiguration()), p);
            context.getCounter("fastio", "index loads").increment(1);
            context.getCounter("fastio", "index ints loaded").increment(index.length);
        }

        int[] load(FileSystem fs, Path p) throws IOException {
            return HadoopArrays.readInts(fs, p, ByteOrder.BIG_ENDIAN);
        }

        @Override
        protected void map(LongWritable offset, Text line, Context context) throws IOException, InterruptedException {
            int ip = Ipv4.parse(line.toString());
            boolean hit = Arrays.binarySearch(index, ip) >= 0;
            key.set((ip >>> 24) + (hit ? " hit" : " miss"));
            context.write(key, ONE);
        }
    }

    /** The same, with the index from a per-JVM cache: one load for all the tasks of this JVM. */
    public static final class CachedLookupMapper extends LookupMapper {
        static final HadoopFileCache CACHE = HadoopFileCache.builder().build();

        @Override
        int[] load(FileSystem fs, Path p) throws IOException {
            return CACHE.ints(fs, p, ByteOrder.BIG_ENDIAN);
        }
    }

    public static final class Sum extends Reducer<Text, LongWritable, Text, LongWritable> {
        @Override
        protected void reduce(Text k, Iterable<LongWritable> values, Context context) throws IOException, InterruptedException {
            long n = 0;
            for (LongWritable v : values) {
                n += v.get();
            }
            context.write(k, new LongWritable(n));
        }
    }

    @ParameterizedTest
    @ValueSource(classes = {LookupMapper.class, CachedLookupMapper.class})
    void mappersLoadTheIndexFromHdfsInSetupAndTheJobCountsRight(Class<? extends LookupMapper> mapper) throws Exception {
        FileSystem fs = Hdfs.fs();
        Random r = new Random(1);
        int[] index = new int[300_000]; // 1.2 MB: 19 HDFS blocks of 64 KiB
        for (int i = 0; i < index.length; i++) {
            index[i] = r.nextInt(1 << 20) << 12 >>> 4; // a dense range, so lookups hit often
        }
        Arrays.sort(index);
        Path indexPath = new Path("/job/index.bin");
        try (FSDataOutputStream out = fs.create(indexPath, true)) {
            java.nio.ByteBuffer b = java.nio.ByteBuffer.allocate(index.length * 4);
            b.asIntBuffer().put(index);
            out.write(b.array());
        }
        fs.setTimes(indexPath, System.currentTimeMillis() - 3_600_000, -1); // a side file written an hour ago
        Map<String, Long> expected = new HashMap<>();
        StringBuilder input = new StringBuilder();
        for (int i = 0; i < 200_000; i++) {
            int ip = r.nextBoolean() ? index[r.nextInt(index.length)] : r.nextInt(1 << 20) << 12 >>> 4;
            input.append(Ipv4.format(ip)).append('\n');
            boolean hit = Arrays.binarySearch(index, ip) >= 0;
            expected.merge((ip >>> 24) + (hit ? " hit" : " miss"), 1L, Long::sum);
        }
        Path in = new Path("/job/in/ips.txt");
        try (FSDataOutputStream out = fs.create(in, true)) {
            out.write(input.toString().getBytes(StandardCharsets.US_ASCII));
        }
        Path outDir = new Path("/job/out");
        fs.delete(outDir, true);

        Configuration conf = new Configuration(fs.getConf());
        conf.set("mapreduce.framework.name", "local");
        conf.set("fs.defaultFS", fs.getUri().toString());
        conf.set("hadoop.tmp.dir", Files.createTempDirectory("fastio-mr").toString());
        conf.set(INDEX, indexPath.toString());
        conf.setLong("mapreduce.input.fileinputformat.split.maxsize", 512 << 10); // several mappers, several setups
        Job job = Job.getInstance(conf, "fastio lookup");
        job.setJarByClass(MapReduceJobTest.class);
        job.setMapperClass(mapper);
        job.setCombinerClass(Sum.class);
        job.setReducerClass(Sum.class);
        job.setOutputKeyClass(Text.class);
        job.setOutputValueClass(LongWritable.class);
        job.setInputFormatClass(TextInputFormat.class);
        job.setOutputFormatClass(TextOutputFormat.class);
        FileInputFormat.addInputPath(job, in);
        FileOutputFormat.setOutputPath(job, outDir);
        assertThat(job.waitForCompletion(false)).isTrue();
        assertThat(job.getCounters().findCounter("org.apache.hadoop.mapreduce.TaskCounter", "MAP_INPUT_RECORDS").getValue())
                .isEqualTo(200_000);
        long loads = job.getCounters().findCounter("fastio", "index loads").getValue();
        assertThat(loads).as("one load per mapper, several mappers").isGreaterThan(1);
        assertThat(job.getCounters().findCounter("fastio", "index ints loaded").getValue()).isEqualTo(loads * index.length);
        if (mapper == CachedLookupMapper.class) {
            assertThat(CachedLookupMapper.CACHE.stats().loads()).as("one load for all %d mappers", loads).isEqualTo(1);
            assertThat(CachedLookupMapper.CACHE.stats().hits()).isEqualTo(loads - 1);
        }

        Map<String, Long> got = new HashMap<>();
        for (FileStatus part : fs.listStatus(outDir, p -> p.getName().startsWith("part-"))) {
            try (BufferedReader reader = new BufferedReader(new InputStreamReader(fs.open(part.getPath()), StandardCharsets.UTF_8))) {
                for (String line; (line = reader.readLine()) != null; ) {
                    String[] kv = line.split("\t");
                    got.put(kv[0], Long.parseLong(kv[1]));
                }
            }
        }
        assertThat(got).isEqualTo(expected);
        assertThat(expected.keySet()).anyMatch(k -> k.endsWith("hit")).anyMatch(k -> k.endsWith("miss"));
    }
}
