#!/usr/bin/env bash
# Does the quick forks' heap change what a benchmark measures? Runs the same benchmarks with
# two heaps (pre-touched, as quick forks are), alternating, ROUNDS times, one JMH fork each time
# at the quick run's iteration settings, and prints each heap's per-fork means.
#
#   docs/measure/heap-ab.sh [REGEX [ROUNDS [HEAP_A [HEAP_B]]]]    # from the repository root, after the build
#   default: 'IpLoadBenchmark\.(nioDirect64k|dataInputStreamBuffered64k|mappedByteBuffer)$' 4 1g 512m
#
# Needs the quick data in ${FASTIO_DATA:-fastio-data} (./fastio gen --quick). Nothing else may run.
set -euo pipefail
regex=${1:-'IpLoadBenchmark\.(nioDirect64k|dataInputStreamBuffered64k|mappedByteBuffer)$'}
rounds=${2:-4}
a=${3:-1g}
b=${4:-512m}
jar=fastio-cli/target/fastio.jar
[[ -f $jar ]] || { echo "heap-ab.sh: no $jar: build first (mvn -B -q install -DskipTests), from the repository root" >&2; exit 2; }
data=$(cd "${FASTIO_DATA:-fastio-data}" 2>/dev/null && pwd) ||
  { echo "heap-ab.sh: no data folder ${FASTIO_DATA:-fastio-data}: make it with ./fastio gen --quick, or set FASTIO_DATA" >&2; exit 2; }
# JMH splits -jvmArgs at whitespace and has no quoting: a folder name with any would be cut in two
[[ $data != *[[:space:]]* ]] || { echo "heap-ab.sh: the data folder's path has whitespace, which JMH's -jvmArgs cannot carry: $data" >&2; exit 2; }
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
for r in $(seq 1 "$rounds"); do
  for h in "$a" "$b"; do
    java -cp "$jar" org.openjdk.jmh.Main "$regex" -f 1 -wi 2 -w 200ms -i 4 -r 125ms -p lines=2000000 \
      -jvmArgs "-Xms$h -Xmx$h -XX:+AlwaysPreTouch --enable-native-access=ALL-UNNAMED -Dfastio.data=$data" \
      -rf json -rff "$out/$h-$r.json" >/dev/null
  done
done
python3 - "$out" "$a" "$b" <<'PY'
import json, sys, glob, statistics
out, heaps = sys.argv[1], sys.argv[2:]
for h in heaps:
    by = {}
    for f in sorted(glob.glob(f"{out}/{h}-*.json")):
        for b in json.load(open(f)):
            by.setdefault(b["benchmark"].rsplit(".", 1)[1], []).append(b["primaryMetric"]["score"])
            unit = b["primaryMetric"]["scoreUnit"]
    for m, v in sorted(by.items()):
        print(f"{h:>6} {m:32s} median {statistics.median(v):8.3f} {unit}  forks {' '.join(f'{x:.2f}' for x in v)}")
PY
