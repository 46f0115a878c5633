#!/usr/bin/env bash
# Whole-process gunzip, side by side (the gunzip start-up target): `fastio gunzip -c FILE`, the JVM's
# start-up alone (`fastio --version`), and `igzip -dc FILE`, alternated ROUNDS times, output to
# /dev/null; prints each one's median wall time and fastio's time minus its start-up over igzip's.
#
#   JAVA_HOME=/usr/lib/jvm/temurin-25-jdk-amd64 docs/measure/gunzip-startup.sh fastio-data/ipv4-26000000.txt.gz 9
#
# Runs the CLI jar with the JDK's own java (as ./fastio does, without the launcher's staleness check).
set -euo pipefail
file="$1"
rounds="${2:-9}"
java="${JAVA_HOME:+$JAVA_HOME/bin/}java"
jar="$(dirname "$0")/../../fastio-cli/target/fastio.jar"
declare -A times
ms() { local s e; s=$(date +%s%N); "$@" >/dev/null 2>&1; e=$(date +%s%N); echo $(( (e - s) / 1000000 )); }
for ((i = 0; i < rounds; i++)); do
  times[version]+="$(ms "$java" -jar "$jar" --version) "
  times[fastio]+="$(ms "$java" -jar "$jar" gunzip -c "$file") "
  times[igzip]+="$(ms igzip -dc "$file") "
done
median() { tr ' ' '\n' | grep -v '^$' | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
v=$(echo "${times[version]}" | median)
f=$(echo "${times[fastio]}" | median)
g=$(echo "${times[igzip]}" | median)
echo "fastio --version: $v ms (${times[version]})"
echo "fastio gunzip -c: $f ms (${times[fastio]})"
echo "igzip -dc:        $g ms (${times[igzip]})"
awk -v f="$f" -v v="$v" -v g="$g" 'BEGIN {printf "(fastio - start-up) / igzip = %.2f\n", (f - v) / g}'
