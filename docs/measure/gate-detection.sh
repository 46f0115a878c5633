#!/usr/bin/env bash
# What fastio report compare detects (issue 45): PAIRS pairs of JMH runs of KnownWorkBenchmark,
# "before" at TOKENS and "after" at TOKENS × FACTOR (its params relabelled to the before's), each
# FORKS forks; then the gate at --fail-on 10% with the given calibration on every pair, and the
# share of rows called slower. Also each pair's first fork alone (a one-fork run).
# TOKENS is a comma-separated list (each a row); CALIBRATE=1 first runs the before twice and
# calibrates from those (the noise of this benchmark itself), written to NOISE.json.
# Usage, from the repository root, with the benchmark jar built (./fastio --version builds it):
#   docs/measure/gate-detection.sh NOISE.json PAIRS FACTOR [FORKS] [TOKENS]
#   CALIBRATE=1 docs/measure/gate-detection.sh /tmp/noise.json 5 1.25 3 5000,10000,20000,40000,80000
set -euo pipefail
noise=$1 pairs=$2 factor=$3 forks=${4:-3} tokens=${5:-20000}
jar=fastio-cli/target/fastio.jar
out=$(mktemp -d)
after=$(python3 -c "print(','.join(str(int(int(t) * $factor)) for t in '$tokens'.split(',')))")
flags=(-f "$forks" -wi 2 -w 500ms -i 3 -r 500ms -rf json)
relabel() { # the after file's params back to the before's
  python3 - "$1" "$tokens" "$after" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
back = dict(zip(sys.argv[3].split(","), sys.argv[2].split(",")))
for x in r:
    x["params"]["tokens"] = back[x["params"]["tokens"]]
json.dump(r, open(sys.argv[1], "w"))
PY
}
if [[ -n "${CALIBRATE:-}" ]]; then
  for k in 1 2; do
    java -cp "$jar" org.openjdk.jmh.Main 'KnownWorkBenchmark' -p tokens="$tokens" "${flags[@]}" -rff "$out/c$k.json" >/dev/null
  done
  ./fastio report calibrate "$out/c1.json" "$out/c2.json" -o "$noise"
fi
slow=0 rows=0 slow1=0 rows1=0
for p in $(seq 1 "$pairs"); do
  java -cp "$jar" org.openjdk.jmh.Main 'KnownWorkBenchmark' -p tokens="$tokens" "${flags[@]}" -rff "$out/b$p.json" >/dev/null
  java -cp "$jar" org.openjdk.jmh.Main 'KnownWorkBenchmark' -p tokens="$after" "${flags[@]}" -rff "$out/a$p.json" >/dev/null
  relabel "$out/a$p.json"
  # the first fork alone: rawData's first row, forks 1
  for f in b a; do
    python3 - "$out/$f$p.json" "$out/${f}1_$p.json" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
for x in r:
    x["forks"] = 1
    x["primaryMetric"]["rawData"] = x["primaryMetric"]["rawData"][:1]
    d = x["primaryMetric"]["rawData"][0]
    x["primaryMetric"]["score"] = sum(d) / len(d)
json.dump(r, open(sys.argv[2], "w"))
PY
  done
  for k in "" 1_; do
    set +e
    ./fastio report compare "$out/b$k$p.json" "$out/a$k$p.json" --noise "$noise" --json "$out/g$k$p.json" >/dev/null 2>&1
    set -e
    read -r s n < <(python3 -c "import json; g=json.load(open('$out/g$k$p.json')); print(g['counts']['slower'], len(g['rows']))")
    if [[ -z "$k" ]]; then slow=$((slow + s)); rows=$((rows + n)); else slow1=$((slow1 + s)); rows1=$((rows1 + n)); fi
  done
done
echo "factor $factor, $forks forks: $slow of $rows rows called slower; first fork alone: $slow1 of $rows1"
rm -rf "$out"
