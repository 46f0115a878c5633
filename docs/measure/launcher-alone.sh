#!/usr/bin/env bash
# The launcher's own work, without the JVM: each launcher with its final exec of the JVM replaced
# by `exit 0`, N runs interleaved (each first in every other pair), per JDK; medians in ms.
# usage: docs/measure/launcher-alone.sh BASE-COMMIT [N]
set -euo pipefail
cd "$(dirname "$0")/../.."
base=${1:?usage: launcher-alone.sh BASE-COMMIT [N]}
n=${2:-201}
git show "$base:fastio" | sed 's/^exec "\$java" "\${flags\[@\]}" "\${log\[@\]}" -cp .*/exit 0/' > fastio-base-alone
sed 's/^exec "\$java" "\${flags\[@\]}" "\${log\[@\]}" -cp .*/exit 0/' fastio > fastio-now-alone
chmod +x fastio-base-alone fastio-now-alone
trap 'rm -f fastio-base-alone fastio-now-alone "${small:-}"' EXIT
grep -q '^exit 0$' fastio-base-alone && grep -q '^exit 0$' fastio-now-alone
small=$(mktemp); printf 'x\n' | gzip > "$small"
med() { printf '%s\n' "$@" | sort -n | awk '{a[NR]=$1} END {print a[int((NR + 1) / 2)] / 100}'; }
for j in /usr/lib/jvm/temurin-25-jdk-amd64 /usr/lib/jvm/java-17-openjdk-amd64; do
  export JAVA_HOME=$j
  for cmd in "--version" "gunzip -c $small"; do
    ./fastio-base-alone $cmd; ./fastio-now-alone $cmd # a missing cache made outside the timings
    before=() after=()
    for ((i = 0; i < n; i++)); do
      if (( i % 2 )); then # which goes first alternates
        s=$(date +%s%N); ./fastio-now-alone $cmd; m=$(date +%s%N); ./fastio-base-alone $cmd; e=$(date +%s%N)
        after+=($(( (m - s) / 10000 ))) before+=($(( (e - m) / 10000 )))
      else
        s=$(date +%s%N); ./fastio-base-alone $cmd; m=$(date +%s%N); ./fastio-now-alone $cmd; e=$(date +%s%N)
        before+=($(( (m - s) / 10000 ))) after+=($(( (e - m) / 10000 )))
      fi
    done
    echo "${j##*/} '${cmd/$small/SMALL.gz}' launcher alone: $base median $(med "${before[@]}") ms, now $(med "${after[@]}") ms ($n runs each)"
  done
done
