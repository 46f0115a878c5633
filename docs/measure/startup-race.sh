#!/usr/bin/env bash
# Whole-process start-up races for the tool commands, as users run them (./fastio, which uses the
# tool jar and its start-up cache), each against its yardstick, alternated ROUNDS times; prints
# each one's median wall time and the ratios the CLI's targets are stated in.
#
#   JAVA_HOME=/usr/lib/jvm/temurin-25-jdk-amd64 docs/measure/startup-race.sh fastio-data/ipv4-26000000.txt.gz 11
#
# GZ is a gzip file (the 26 M-line list for the gunzip target). Rows:
#   java -version            a bare JVM of the same JDK (the --version and copy targets' yardstick)
#   fastio --version         ./fastio --version
#   fastio copy 5 KB         ./fastio copy of a 5,000-byte file to a new name
#   igzip -dc GZ             ISA-L's own tool, to /dev/null
#   fastio gunzip -c GZ      ./fastio gunzip -c, to /dev/null
# With BEFORE=/path/to/another/clone/fastio it also times that launcher's --version, copy and
# gunzip in the same rounds (a build before a change; build it there first).
# With FLAGS=1 it also times the gunzip and copy jobs with the JVM run directly under each
# compilation and collector choice, with and without the cache, to choose per job.
set -euo pipefail
gz="${1:?usage: startup-race.sh GZ [ROUNDS]}"
[[ -r "$gz" && -f "$gz" ]] || { echo "startup-race: $gz is not a readable file" >&2; exit 2; }
rounds="${2:-11}"
here="$(cd "$(dirname "$0")" && pwd)"
fastio="$here/../../fastio"
java="${JAVA_HOME:+$JAVA_HOME/bin/}java"
command -v igzip >/dev/null || { echo "startup-race: needs igzip (apt-get install isal)" >&2; exit 2; }
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
head -c 5000 /dev/urandom > "$work/small"
[[ -z "${BEFORE:-}" ]] || "$BEFORE" --version >/dev/null
"$fastio" --version >/dev/null # builds the jars and makes the cache if needed, outside the timings

declare -A times
order=()
timed() { # KEY COMMAND...: one run, stdout to /dev/null; a failing run stops the race
  local key="$1" s e
  shift
  [[ -v "times[$key]" ]] || order+=("$key")
  s=$(date +%s%N)
  if ! "$@" >/dev/null 2>"$work/err"; then
    echo "startup-race: $key failed: $(head -c 500 "$work/err")" >&2
    exit 1
  fi
  e=$(date +%s%N)
  times[$key]+="$(( (e - s) / 1000000 )) "
}

# the path the launcher gives the JVM (absolute): a cache is refused under another class path
tool_jar="$(cd "$here/../.." && pwd)/fastio-cli/target/fastio-tool.jar"
# the launcher's per-user cache folder; the newest cache in it is this checkout's after a ./fastio run
cache="$(ls -t "${XDG_CACHE_HOME:-$HOME/.cache}"/fastio/*.aot 2>/dev/null | head -1 || true)"
native=()
"$java" -XshowSettings:properties -version 2>&1 | grep -q 'java.specification.version = 1[789]$\|= 2[01]$' || native=(--enable-native-access=ALL-UNNAMED)
direct() { # JVM-FLAGS... -- COMMAND...
  local jvm=()
  while [[ "$1" != -- ]]; do jvm+=("$1"); shift; done
  shift
  "$java" "${native[@]}" "${jvm[@]}" -cp "$tool_jar" dev.fastio.cli.Main "$@"
}

for ((i = 0; i < rounds; i++)); do
  timed "java -version" "$java" -version
  timed "fastio --version" "$fastio" --version
  rm -f "$work/copy"
  timed "fastio copy 5 KB" "$fastio" copy "$work/small" "$work/copy"
  timed "igzip -dc" igzip -dc "$gz"
  timed "fastio gunzip -c" "$fastio" gunzip -c "$gz"
  if [[ -n "${BEFORE:-}" ]]; then
    timed "before: fastio --version" "$BEFORE" --version
    rm -f "$work/copy"
    timed "before: fastio copy 5 KB" "$BEFORE" copy "$work/small" "$work/copy"
    timed "before: fastio gunzip -c" "$BEFORE" gunzip -c "$gz"
  fi
  if [[ -n "${FLAGS:-}" ]]; then
    for c in "" "-XX:AOTCache=$cache"; do
      [[ -z "$c" || -n "$cache" ]] || continue
      label="${c:+cached}"; label="${label:-no cache}"
      timed "gunzip tiered, $label" direct $c -- gunzip -c "$gz"
      timed "gunzip C1, $label" direct $c -XX:TieredStopAtLevel=1 -- gunzip -c "$gz"
      timed "gunzip C1 + serial GC, $label" direct $c -XX:TieredStopAtLevel=1 -XX:+UseSerialGC -- gunzip -c "$gz"
      rm -f "$work/copy"
      timed "copy 5 KB tiered, $label" direct $c -- copy "$work/small" "$work/copy"
      rm -f "$work/copy"
      timed "copy 5 KB C1, $label" direct $c -XX:TieredStopAtLevel=1 -- copy "$work/small" "$work/copy"
    done
  fi
done
median() { tr ' ' '\n' | grep -v '^$' | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
declare -A med
for k in "${order[@]}"; do
  med[$k]=$(echo "${times[$k]}" | median)
  printf '%-36s %6s ms   (%s)\n' "$k" "${med[$k]}" "${times[$k]% }"
done
ratio() { awk -v a="$1" -v b="$2" 'BEGIN {printf "%.2f", a / b}'; }
echo "fastio --version / java -version:    $(ratio "${med[fastio --version]}" "${med[java -version]}") (target <= 2.5)"
echo "fastio copy 5 KB / java -version:    $(ratio "${med[fastio copy 5 KB]}" "${med[java -version]}") (target <= 2)"
echo "fastio gunzip -c / igzip -dc:        $(ratio "${med[fastio gunzip -c]}" "${med[igzip -dc]}") (target <= 1.25)"
echo "$("$java" -version 2>&1 | head -1); $(nproc) cores; tool jar $(stat -c %s "$tool_jar") bytes"
