#!/usr/bin/env bash
# The IPv4 vector kernel against changes to it (issue 44): each PATCH (a diff of
# fastio-core/src/main/java/dev/fastio/internal/ipv4/, as in docs/measure/ipv4-variants/) is
# applied to a copy of that folder, the classes it changes are compiled by JDK 25's javac against
# the CLI jar and put before it on the class path; then the kernel as it is and every variant run
# alternately, ROUNDS times, in JMH (IpParseBenchmark.fastioVectorModuleOneThread, one thread,
# 2 forks of 5 × 1 s after 3 × 1 s), and the C SIMD yardstick once (its own time per parse).
# Ablations (endonly, nochecks, noarith) give wrong addresses on purpose: they say where the time
# goes, and are never kept; two-lines is a real variant (the same addresses and errors).
# Usage, from the repository root, with the jar built (./fastio --version builds it) and the
# quick data generated (./fastio gen --scale quick --dir fastio-data):
#   docs/measure/ipv4-kernel-variants.sh fastio-data 2 docs/measure/ipv4-variants/two-lines.patch
set -euo pipefail
data=$1 rounds=$2; shift 2
jdk=${JDK25:-/usr/lib/jvm/temurin-25-jdk-amd64}
jar=$PWD/fastio-cli/target/fastio.jar
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
src=fastio-core/src/main/java/dev/fastio/internal/ipv4
names=()
for p in "$@"; do
  name=$(basename "$p" .patch)
  mkdir -p "$work/$name/tree/$src" "$work/$name/classes"
  cp "$src"/*.java "$work/$name/tree/$src/"
  (cd "$work/$name/tree" && patch -s -p1 < "$OLDPWD/$p")
  changed=$(grep '^+++ ' "$p" | sed -e 's#^+++ b/##' -e 's#\t.*##')
  (cd "$work/$name/tree" && "$jdk/bin/javac" -nowarn --add-modules jdk.incubator.vector -cp "$jar" -d "$work/$name/classes" $changed 2>&1 \
      | grep -v -e 'incubat' -e '^[0-9]* warning' || true)
  names+=("$name")
done
flags=(-f 2 -wi 3 -w 1s -i 5 -r 1s -p lines=2000000)
# the benchmark reads ./fastio-data (a -Dfastio.data on JMH's command line would replace the
# benchmark's own --add-modules, and with it the vector kernel)
[[ $(basename "$data") == fastio-data ]] || { echo "DATA must be a folder named fastio-data" >&2; exit 2; }
dataDir=$(cd "$(dirname "$data")" && pwd)
for r in $(seq 1 "$rounds"); do
  for v in base "${names[@]}"; do
    cp=$jar; [[ $v != base ]] && cp=$work/$v/classes:$jar
    score=$(cd "$dataDir" && "$jdk/bin/java" -cp "$cp" org.openjdk.jmh.Main 'IpParseBenchmark.fastioVectorModuleOneThread$' "${flags[@]}" \
      2>/dev/null | grep -E "^IpParse.*ms/op" | awk '{print $(NF-3), $(NF-2), $(NF-1), $NF}')
    echo "round $r  $v  $score"
  done
done
(cd "$dataDir" && "$jdk/bin/java" -cp "$jar" org.openjdk.jmh.Main 'IpParseBenchmark.cParseSimd$' "${flags[@]}" -rf json -rff "$work/c.json" >/dev/null 2>&1)
python3 -c "import json; s=json.load(open('$work/c.json'))[0]['secondaryMetrics']; print('C SIMD (ipparse.c simd), its own time per parse: %.2f ms' % (s['cNs']['score'] / s['cRuns']['score'] / 1e6))"
