#!/usr/bin/env bash
# The launcher before and after a change, as whole processes, interleaved: what its own checks cost.
# Commands: --version, gunzip -c of a 22-byte gzip file, copy --replace of a 5,000-byte file.
# usage: docs/measure/launcher-race.sh BASE-COMMIT [ROUNDS]
# Puts BASE-COMMIT's ./fastio beside this one as fastio-base (it finds the same jars), runs each
# command once with each (caches made), then ROUNDS times alternately (each first in every other round), per JDK under /usr/lib/jvm
# (25 and 17), and prints the medians in ms. Removes fastio-base at the end.
set -euo pipefail
cd "$(dirname "$0")/../.."
base=${1:?usage: launcher-race.sh BASE-COMMIT [ROUNDS]}
n=${2:-25}
git show "$base:fastio" > fastio-base
chmod +x fastio-base
trap 'rm -f fastio-base' EXIT
small=$(mktemp)
printf 'x\n' | gzip > "$small"
five=$(mktemp) copied=$(mktemp -u)
head -c 5000 /dev/urandom > "$five"
med() { printf '%s\n' "$@" | sort -n | awk '{a[NR]=$1} END {print a[int((NR + 1) / 2)] / 10}'; }
for j in /usr/lib/jvm/temurin-25-jdk-amd64 /usr/lib/jvm/java-17-openjdk-amd64; do
  [[ -x "$j/bin/java" ]] || continue
  export JAVA_HOME=$j
  for cmd in "--version" "gunzip -c $small" "copy --replace $five $copied"; do
    ./fastio-base $cmd >/dev/null 2>&1
    ./fastio $cmd >/dev/null 2>&1
    before=()
    after=()
    for ((i = 0; i < n; i++)); do # which goes first alternates: the second of a pair runs on a warmer page cache
      first=./fastio-base second=./fastio
      (( i % 2 )) && first=./fastio second=./fastio-base
      s=$(date +%s%N); $first $cmd >/dev/null 2>&1
      m=$(date +%s%N); $second $cmd >/dev/null 2>&1
      e=$(date +%s%N)
      if (( i % 2 )); then after+=($(( (m - s) / 100000 ))) before+=($(( (e - m) / 100000 )))
      else before+=($(( (m - s) / 100000 ))) after+=($(( (e - m) / 100000 ))); fi
    done
    shown=${cmd/$small/SMALL.gz}; shown=${shown/$five/5KB}; shown=${shown/$copied/DST}
    echo "${j##*/} '$shown': $base median $(med "${before[@]}") ms, now median $(med "${after[@]}") ms ($n rounds each, interleaved)"
  done
done
rm -f "$small" "$five" "$copied"
