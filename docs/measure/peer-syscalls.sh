#!/usr/bin/env bash
# System calls per operation of fastio and its peers (docs/PERFORMANCE.md, "fastio against the
# libraries"): each kind runs N times under strace -f after N of warm-up; the calls of the main
# thread between the two markers are counted and divided by N. A kind ending in Replace copies over
# the file its warm-up left (PeerSyscalls.java).
#   docs/measure/peer-syscalls.sh [DATA_DIR] [N]    (needs strace, and ./fastio's jar built)
#   JAR=path/to/fastio.jar picks another build (a before-and-after count)
set -euo pipefail
cd "$(dirname "$0")/../.."
data=${1:-fastio-data}
n=${2:-200}
jar=${JAR:-fastio-cli/target/fastio.jar}
java=${JAVA_HOME:+$JAVA_HOME/bin/}java
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
for kind in jdkcopy fastioInPlace fastio jdkcopyReplace fastioInPlaceReplace fastioReplace jdkread fastioread okioread; do
  case $kind in *read) src=$data/binary-4096.bin ;; *) src=$data/text-5120.txt ;; esac
  rm -rf "$out/copies"
  strace -f -qq -o "$out/trace" "$java" --enable-native-access=ALL-UNNAMED -cp "$jar" \
      docs/measure/PeerSyscalls.java "$kind" "$src" "$out/copies" "$n" > /dev/null 2>&1
  awk -v n="$n" -v kind="$kind" '
    /MARKER-START/ { pid = $1; on = 1; next }
    on && /MARKER-END/ && $1 == pid { on = 0 }
    on && $1 == pid && match($2, /^[a-z0-9_]+\(/) { c[substr($2, 1, RLENGTH - 1)]++; t++ }
    END { printf "%s: %.1f calls per operation:", kind, t / n; for (k in c) printf " %s %g", k, c[k] / n; print "" }
  ' "$out/trace"
done
