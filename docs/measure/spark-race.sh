#!/usr/bin/env bash
# Article 001's job in Spark (issue 46), whole processes side by side: a dataset of IPv4 addresses
# looked up in a sorted index of LINES addresses, the index given to the tasks by fastio's
# per-executor load (ExecutorCache) or by the driver's load and sc.broadcast, from the binary
# index (ints, 104 MB at 26 M) and the text index (one address per line). Each run is a fresh JVM
# (fastio-spark's IpLookupJob, test sources); the ways alternate (ABBA) within each round.
# Prints every run, then the medians per format and way and fastio's ratio to broadcast: first (the
# first task's end), total (the job's answer), index (the driver's load and broadcast, then the
# longest any task waited for the index), the driver JVM's heap after a GC with the job's objects live.
# Each run's line: RESULT FORMAT WAY hits= first= total= index= session= (Spark's start) heapAfterGc=
# partitions= taskRun= taskGc= (the tasks' run and GC times, summed over all tasks).
# The data folder must be the user's own and writable by no one else (a folder in /tmp that someone
# else made could hold links to the user's files); it is made 0700 when absent.
#
# Usage, from the repository: docs/measure/spark-race.sh [LINES [LOOKUPS [ROUNDS [MASTER]]]]
#   defaults: 26000000 20000000 3 local[2]     (local[16] on a 16-core machine)
# Environment: JAVA_HOME (the JDK that runs the jobs), SPARK_RACE_DATA (where the index files go,
#   default /tmp/fastio-spark-race), SPARK_RACE_HEAP (-Xmx of each job, default 4g),
#   SPARK_RACE_CP (a file holding the whole class path, fastio-spark/target/test-classes and
#   fastio-spark/target/classes first, then the test-scope dependencies: skips the build, for a
#   machine without Maven), SPARK_RACE_MVN (more Maven arguments, e.g. -Dmaven.repo.local=DIR),
#   SPARK_RACE_SUMMARY (a log this script wrote: prints its summary again, runs nothing),
#   SPARK_RACE_FORMATS (default "bin txt": the index formats to race, e.g. "bin" for more rounds of one),
#   SPARK_RACE_HDFS=1 (the index read from a real HDFS: a namenode and a datanode in a process of
#   their own, MiniHdfs, started once for all rounds, the files copied in; the driver's load for
#   broadcast reads it from there too).
# MASTER local-cluster[N,CORES,MB] runs N executor JVMs of their own, as on a cluster; the script
#   gives Spark's launcher what it wants there (SPARK_HOME with an empty jars folder, the Scala version).
set -euo pipefail
root=$(git rev-parse --show-toplevel 2>/dev/null || pwd); cd "$root"
LINES=${1:-26000000}; LOOKUPS=${2:-20000000}; ROUNDS=${3:-3}; MASTER=${4:-local[2]}
DATA=${SPARK_RACE_DATA:-/tmp/fastio-spark-race}; HEAP=${SPARK_RACE_HEAP:-4g}
JAVA=${JAVA_HOME:+$JAVA_HOME/bin/}java
sink=/dev/null
if [ -n "${SPARK_RACE_SUMMARY:-}" ]; then log=$SPARK_RACE_SUMMARY # only the summary of a log written before
elif [ -n "${SPARK_RACE_CP:-}" ]; then
  cp=$(cat "$SPARK_RACE_CP")
else
  mvn -B -q ${SPARK_RACE_MVN:-} -pl fastio-spark -am install -DskipTests
  mvn -B -q ${SPARK_RACE_MVN:-} -pl fastio-spark dependency:build-classpath -Dmdep.includeScope=test -Dmdep.outputFile="$root/fastio-spark/target/race.cp"
  cp=fastio-spark/target/test-classes:fastio-spark/target/classes:$(cat fastio-spark/target/race.cp)
fi
if [ -z "${SPARK_RACE_SUMMARY:-}" ]; then
run() { "$JAVA" "-Xmx$HEAP" @fastio-spark/spark-java.options -cp "$cp" dev.fastio.spark.IpLookupJob "$@"; }
refuse() { echo "spark-race: $DATA must be a folder of your own that no one else can write to ($1)" >&2; exit 2; }
mkdir -m 700 "$DATA" 2>/dev/null || true # not -p: a folder someone made meanwhile is checked below like any other
if [ -L "$DATA" ] && [ "$(stat -c %u "$DATA")" != "$(id -u)" ]; then refuse "a link of another user"; fi
DATA=$(cd "$DATA" 2>/dev/null && pwd -P) || refuse "not a folder"  # resolved once: a link is not followed again
owner_mode=$(stat -c '%u %a' "$DATA") || refuse "cannot stat it"
owner=${owner_mode% *}; mode=${owner_mode#* }
if [ "$owner" != "$(id -u)" ] || [ $((8#$mode & 8#022)) != 0 ]; then refuse "owner $owner, mode $mode"; fi
[ -s "$DATA/index-$LINES.bin" ] && [ -s "$DATA/index-$LINES.txt" ] || run generate "$DATA" "$LINES"
log=$(mktemp "$DATA/race-$(date +%Y%m%d-%H%M%S)-XXXX.log")
sink=$log
case "$MASTER" in local-cluster*)
  mkdir -p "$DATA/spark-home/jars"; export SPARK_HOME="$DATA/spark-home" SPARK_SCALA_VERSION=2.13 SPARK_LOCAL_IP=127.0.0.1 ;;
esac
index() { echo "$DATA/index-$LINES.$1"; }
if [ "${SPARK_RACE_HDFS:-0}" = 1 ]; then
  rm -rf "$DATA/hdfs"; fifo="$DATA/hdfs.in"; rm -f "$fifo"; mkfifo -m 600 "$fifo"
  "$JAVA" -Xmx2g @fastio-spark/spark-java.options -Djava.io.tmpdir="$DATA" -cp "$cp" dev.fastio.spark.MiniHdfs "$DATA/hdfs" \
      "$DATA/index-$LINES.bin" "$DATA/index-$LINES.txt" < "$fifo" > "$DATA/hdfs.out" 2> "$DATA/hdfs.err" &
  hdfs_pid=$!; exec 9> "$fifo" # held open: MiniHdfs serves until it closes
  trap 'exec 9>&-; wait $hdfs_pid 2>/dev/null || true' EXIT
  for _ in $(seq 1 600); do grep -q '^HDFS ' "$DATA/hdfs.out" 2>/dev/null && break; kill -0 $hdfs_pid 2>/dev/null || break; sleep 0.2; done
  nn=$(sed -n 's/^HDFS //p' "$DATA/hdfs.out")
  [ -n "$nn" ] || { echo "spark-race: the HDFS did not start; its last lines:" >&2; tail -15 "$DATA/hdfs.err" >&2; exit 1; }
  index() { echo "$nn/race/index-$LINES.$1"; }
fi
echo "# $("$JAVA" -version 2>&1 | head -1); $(nproc) cores; $MASTER; $LINES lines; $LOOKUPS lookups; $ROUNDS rounds; index $(index bin | sed 's/[.]bin$//')" | tee "$log"
for r in $(seq 1 "$ROUNDS"); do
  if [ $((r % 2)) = 1 ]; then ways="fastio broadcast"; else ways="broadcast fastio"; fi
  for f in ${SPARK_RACE_FORMATS:-bin txt}; do
    for w in $ways; do
      cat "$DATA/index-$LINES.$f" > /dev/null # in the page cache for each way: an evicted file would cost whichever way came first
      err=$(mktemp "$DATA/run-XXXXXX.err")
      line=$(run run "$f" "$w" "$(index "$f")" "$LOOKUPS" "$MASTER" 2>"$err" | grep '^RESULT' || true)
      if [ -z "$line" ]; then
        echo "spark-race: the $f $w run failed; its last lines:" >&2; grep -v '^WARNING' "$err" | tail -15 >&2; exit 1
      fi
      rm -f "$err"; echo "$line" | tee -a "$log"
    done
  done
done
fi
# medians of first, total and heap per format and way; hits must agree
awk '/^RESULT/ {
  k = $2 " " $3; n[k]++
  for (i = 4; i <= NF; i++) { split($i, kv, "="); v[k, kv[1], n[k]] = kv[2] + 0 }
  hits[$2, v[k, "hits", n[k]]] = 1
}
function ratio(a, b) { return a && b ? a / b : 0 } # 0: a log written before that column existed
function shown(r) { return r ? sprintf("%.2fx", r) : "n/a" }
function median(k, f,   m, a, i, j, t) {
  m = n[k]; for (i = 1; i <= m; i++) a[i] = v[k, f, i]
  for (i = 1; i <= m; i++) for (j = i + 1; j <= m; j++) if (a[j] < a[i]) { t = a[i]; a[i] = a[j]; a[j] = t }
  return m % 2 ? a[(m + 1) / 2] : (a[m / 2] + a[m / 2 + 1]) / 2
}
END {
  printf "%-4s %-9s %4s %9s %9s %9s %12s %14s\n", "fmt", "way", "runs", "first s", "total s", "index s", "heap MB", "executor MB"
  split("bin txt", fs, " ")
  for (x = 1; x <= 2; x++) {
    f = fs[x]; c = 0; for (h in hits) { split(h, hk, SUBSEP); if (hk[1] == f) c++ }
    if (c > 1) { print "DIFFERENT ANSWERS for " f; bad = 1 }
    if (!n[f " fastio"] && !n[f " broadcast"]) continue
    for (y = 1; y <= 2; y++) {
      w = y == 1 ? "fastio" : "broadcast"; k = f " " w
      if (n[k]) printf "%-4s %-9s %4d %9.2f %9.2f %9.3f %12d %14d\n", f, w, n[k], median(k, "first"), median(k, "total"), median(k, "index"), median(k, "heapAfterGc"), median(k, "executorHeapAfterGc")
    }
    if (n[f " fastio"] && n[f " broadcast"])
      printf "%-4s fastio/broadcast: first %s, total %s, index %s, heap %s\n", f,
        shown(ratio(median(f " fastio", "first"), median(f " broadcast", "first"))), shown(ratio(median(f " fastio", "total"), median(f " broadcast", "total"))),
        shown(ratio(median(f " fastio", "index"), median(f " broadcast", "index"))),
        shown(ratio(median(f " fastio", "heapAfterGc"), median(f " broadcast", "heapAfterGc")))
    if (n[f " fastio"] && n[f " broadcast"]) { # each round: the i-th run of each way, for the spread
      m = n[f " fastio"] < n[f " broadcast"] ? n[f " fastio"] : n[f " broadcast"]
      split("first total index", ms, " ")
      for (q = 1; q <= 3; q++) {
        lo = 1e9; hi = 0; faster = 0; rounds = 0
        for (i = 1; i <= m; i++) {
          r = ratio(v[f " fastio", ms[q], i], v[f " broadcast", ms[q], i])
          if (!r) continue
          rounds++; if (r < lo) lo = r; if (r > hi) hi = r; if (r < 1) faster++
        }
        if (rounds) printf "%-4s   %-5s per round %.2f-%.2fx, fastio faster in %d of %d\n", f, ms[q], lo, hi, faster, rounds
      }
    }
  }
  exit bad
}' "$log" | tee -a "$sink"
echo "log: $log"
