#!/usr/bin/env bash
# A copy of a file written less than a second before (racy: confirmed by reading source and copy
# again) against the same copy two seconds later, as whole `fastio copy` processes, with `cp`
# beside them: a 1 GiB sparse file with 4 bytes of data, and a dense 300 MB one
# (docs/PERFORMANCE.md, "fastio against the libraries"; docs/BENCHMARKS.md, "racy copies").
#   docs/measure/racy-copy.sh [DIR] [JAR...]   (default DIR /tmp/racy-copy, JAR fastio-cli/target/fastio-tool.jar)
# Each JAR runs with $JAVA_HOME's java (native access on: the JDK 22+ layer where the JDK has it).
set -euo pipefail
cd "$(dirname "$0")/../.."
dir=${1:-/tmp/racy-copy}
shift || true
jars=("$@")
[ ${#jars[@]} -gt 0 ] || jars=(fastio-cli/target/fastio-tool.jar)
java=${JAVA_HOME:+$JAVA_HOME/bin/}java
mkdir -p "$dir"
secs() { local t0 t1; t0=$(date +%s.%N); "$@" > /dev/null; t1=$(date +%s.%N); echo "$t1 - $t0" | bc; }
make() {
  rm -f "$dir/src"
  case $1 in
    sparse) truncate -s 1G "$dir/src"; printf 'data' | dd of="$dir/src" bs=1 seek=$((512 << 20)) conv=notrunc status=none ;;
    dense) head -c 300000000 /dev/urandom > "$dir/src.tmp"; cat "$dir/src.tmp" > "$dir/src"; rm "$dir/src.tmp" ;;
  esac
}
for kind in sparse dense; do
  for jar in "${jars[@]}"; do
    make $kind
    rm -f "$dir/dst"; fresh=$(secs "$java" --enable-native-access=ALL-UNNAMED -cp "$jar" dev.fastio.cli.Main copy "$dir/src" "$dir/dst")
    cmp -s "$dir/src" "$dir/dst" || { echo "copy differs" >&2; exit 1; }
    sleep 2
    rm -f "$dir/dst"; old=$(secs "$java" --enable-native-access=ALL-UNNAMED -cp "$jar" dev.fastio.cli.Main copy "$dir/src" "$dir/dst")
    start=$(secs "$java" --enable-native-access=ALL-UNNAMED -cp "$jar" dev.fastio.cli.Main --version)
    echo "$kind $(basename "$jar"): fresh ${fresh}s, 2 s old ${old}s (the JVM's start and exit, --version: ${start}s)"
  done
  make $kind
  rm -f "$dir/dst"; fresh=$(secs cp "$dir/src" "$dir/dst")
  sleep 2
  rm -f "$dir/dst"; old=$(secs cp "$dir/src" "$dir/dst")
  echo "$kind cp: fresh ${fresh}s, 2 s old ${old}s"
done
rm -rf "$dir"
