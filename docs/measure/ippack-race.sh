#!/usr/bin/env bash
# Whole-process `fastio ips pack` against a single-threaded C parse-and-write (the parse's last
# target: fastio at most 0.8x the C program's time). Both parse IN strictly and write the same
# big-endian OUT.bin through a temporary file and a rename, without fsync; alternated ROUNDS times,
# each process timed from start to exit; prints each one's median wall time and their ratio, and
# checks that both wrote the same bytes.
#
#   JAVA_HOME=/usr/lib/jvm/temurin-25-jdk-amd64 docs/measure/ippack-race.sh fastio-data/ipv4-26000000.txt 9
#
# The C program is docs/measure/ipparse.c's --pack (its "block" parser, one thread), built here with
# gcc -O2 -march=native. fastio runs as users run it: ./fastio (the tool jar and its start-up cache;
# the first run after a build makes the cache, so run ./fastio --version once before racing).
set -euo pipefail
in="${1:?usage: ippack-race.sh IN.txt [ROUNDS]}"
[[ -r "$in" && -f "$in" ]] || { echo "ippack-race: $in is not a readable file" >&2; exit 2; }
rounds="${2:-9}"
here="$(cd "$(dirname "$0")" && pwd)"
fastio="$here/../../fastio"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
gcc -O2 -march=native -o "$work/ipparse" "$here/ipparse.c"
declare -A times
# times one run into times[$1]; a failed run stops the race with what it printed (not a timed failure)
timed() {
  local key="$1" s e
  shift
  s=$(date +%s%N)
  if ! "$@" >"$work/out" 2>&1; then
    echo "ippack-race: $key failed on $in: $(head -c 500 "$work/out")" >&2
    exit 1
  fi
  e=$(date +%s%N)
  times[$key]+="$(( (e - s) / 1000000 )) "
}
for ((i = 0; i < rounds; i++)); do
  timed c "$work/ipparse" --pack "$in" "$work/c.bin"
  timed fastio "$fastio" ips pack -q --force "$in" "$work/fastio.bin"
done
cmp "$work/c.bin" "$work/fastio.bin"
median() { tr ' ' '\n' | grep -v '^$' | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
c=$(echo "${times[c]}" | median)
f=$(echo "${times[fastio]}" | median)
echo "C parse-and-write (1 thread): $c ms (${times[c]})"
echo "fastio ips pack:              $f ms (${times[fastio]})"
awk -v f="$f" -v c="$c" -v n="$(nproc)" 'BEGIN {printf "fastio / C = %.2f (targets: <= 1.0 for the CLI, <= 0.8 with a SIMD parse), %d cores\n", f / c, n}'
