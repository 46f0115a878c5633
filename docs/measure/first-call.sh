#!/usr/bin/env bash
# The first call, whole process: a program that reads (copies, loads) one file with fastio
# against the same program with the JDK's call, alternated round by round, for the JDK in JAVA_HOME.
# Prints each command's mean and the ratios (docs/PERFORMANCE.md, "The first call").
#
#   JAVA_HOME=/usr/lib/jvm/java-17-openjdk-amd64 docs/measure/first-call.sh [RUNS]
#
# Needs the tool jar (mvn -DskipTests package, or ./fastio --version). The files: a 20 KB file,
# a 5 KB one to copy, 1 M ints (4 MB).
set -euo pipefail
runs="${1:-30}"
here="$(cd "$(dirname "$0")" && pwd)"
jar="$here/../../fastio-cli/target/fastio-tool.jar"
java="${JAVA_HOME:+$JAVA_HOME/bin/}java"
javac="${JAVA_HOME:+$JAVA_HOME/bin/}javac"
[[ -f "$jar" ]] || { echo "first-call: build the tool jar first ($jar)" >&2; exit 2; }
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
"$javac" -cp "$jar" -d "$work" "$here/FirstCall.java"
head -c 20000 /dev/urandom > "$work/f20k"
head -c 5000 /dev/urandom > "$work/f5k"
head -c 4000000 /dev/urandom > "$work/ints"
flags=()
if "$java" -XshowSettings:properties -version 2>&1 | grep -q 'java.specification.version = 2[2-9]'; then
  flags=(--enable-native-access=ALL-UNNAMED)
fi
names=(jdk-read fastio-read jdk-copy fastio-copy jdk-load fastio-load)
argsof() {
  case "$1" in
    *-read) echo "$work/f20k" ;;
    *-copy) echo "$work/f5k $work/out" ;;
    *-load) echo "$work/ints" ;;
  esac
}
declare -A times
for ((r = 0; r < runs + 3; r++)); do # the first 3 rounds warm the page cache and the CDS archive's pages
  for n in "${names[@]}"; do
    s=$(date +%s%N)
    # shellcheck disable=SC2046
    "$java" "${flags[@]}" -Xshare:auto -cp "$jar:$work" FirstCall "$n" $(argsof "$n")
    e=$(date +%s%N)
    ((r < 3)) || times[$n]+="$(( (e - s) / 1000 )) "
  done
done
for job in read copy load; do
  python3 - "$job" "${times[jdk-$job]}" "${times[fastio-$job]}" <<'PY'
import statistics, sys
job, j, f = sys.argv[1], [int(x) for x in sys.argv[2].split()], [int(x) for x in sys.argv[3].split()]
mj, mf = statistics.median(j), statistics.median(f)
print(f"{job}: JDK {mj/1000:.1f} ms, fastio {mf/1000:.1f} ms (medians of {len(f)} alternated runs), ratio {mf/mj:.2f}")
PY
done
