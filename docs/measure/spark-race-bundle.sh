#!/usr/bin/env bash
# Packs spark-race.sh for a machine with no JDK, no Maven and no network (the 16-core device
# machine), whose calls carry at most 64 MiB: a JDK 25 runtime made by jlink and Spark's class path
# cut to the packages a traced run loaded, each xz-compressed, into .spark-race/ (git-ignored):
#   .spark-race/jre.tar.xz   (~22 MB: the modules the traced runs loaded classes from)
#   .spark-race/jars.tar.xz  (~45 MB: per jar, every class of a package a traced run touched, and
#                             the jar's resources; netty's small jars whole, since which transport
#                             netty picks depends on the machine; other platforms' natives dropped)
# Two calls carry them one at a time (each under the limit); the machine keeps /tmp between them:
#   1. carry .spark-race/jre.tar.xz:   mkdir -p /tmp/sr && tar -C /tmp/sr -xJf .spark-race/jre.tar.xz
#   2. carry .spark-race/jars.tar.xz, fastio-spark/target/classes, fastio-spark/target/test-classes:
#      tar -C /tmp/sr -xJf .spark-race/jars.tar.xz && sed 's#\.spark-race/#/tmp/sr/#g' /tmp/sr/cp.txt >/tmp/sr/cp-abs.txt &&
#      JAVA_HOME=/tmp/sr/jre SPARK_RACE_CP=/tmp/sr/cp-abs.txt SPARK_RACE_HEAP=8g \
#        bash docs/measure/spark-race.sh 26000000 20000000 5 'local[16]'
# A package-level cut, not a class-level one: a class-level cut missed classes that Spark loads
# only after seconds (the heartbeat's), and the run hung. Usage, from the repository, after a
# spark-race.sh run here (its class path file and its data): docs/measure/spark-race-bundle.sh
set -euo pipefail
root=$(git rev-parse --show-toplevel); cd "$root"
J25=$(ls -d /usr/lib/jvm/temurin-25* | head -1)
DATA=${SPARK_RACE_DATA:-/tmp/fastio-spark-race}; LINES=${LINES:-26000000}
cpfile=fastio-spark/target/race.cp
[ -s "$cpfile" ] && [ -s "$DATA/index-$LINES.bin" ] || { echo "run docs/measure/spark-race.sh here first" >&2; exit 1; }
cp="fastio-spark/target/test-classes:fastio-spark/target/classes:$(cat "$cpfile")"
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
# trace both ways and formats, at 16 task threads, long enough for Spark's timers (heartbeats) to run
i=0
for fw in "bin fastio" "bin broadcast" "txt fastio" "txt broadcast"; do
  set -- $fw; i=$((i + 1))
  "$J25/bin/java" -Xshare:off -Xlog:class+load=info:file="$work/cl$i.log" -Xmx4g @fastio-spark/spark-java.options -cp "$cp" \
    dev.fastio.spark.IpLookupJob run "$1" "$2" "$DATA/index-$LINES.$1" 20000000 'local[16]' 2>/dev/null | grep RESULT
done
"$J25/bin/java" -Xshare:off -Xlog:class+load=info:file="$work/cl9.log" -cp "$cp" dev.fastio.spark.IpLookupJob generate "$work/gen" 1000 >/dev/null
cat "$work"/cl*.log > "$work/all.log"
rm -rf .spark-race; mkdir -p .spark-race/b/jars
grep -qx '/.spark-race/' "$(git rev-parse --git-path info/exclude)" 2>/dev/null || { mkdir -p "$(dirname "$(git rev-parse --git-path info/exclude)")"; echo '/.spark-race/' >> "$(git rev-parse --git-path info/exclude)"; }
python3 - "$work/all.log" "$cp" .spark-race/b <<'PY'
import collections, os, re, sys, zipfile
log, cp, out = sys.argv[1], sys.argv[2].split(':'), sys.argv[3]
pat = re.compile(r'\[class,load\] (\S+) source: (.*)$')
pk = collections.defaultdict(set); mods = set()
for line in open(log, errors='replace'):
    m = pat.search(line)
    if not m: continue
    name, src = m.group(1), m.group(2).strip()
    if src.startswith('jrt:/'): mods.add(src[5:].split('/')[0])
    elif src.startswith('file:'): pk[os.path.normpath(src[5:])].add(name.rsplit('.', 1)[0].replace('.', '/') if '.' in name else '')
newcp = []
for k, e in enumerate(cp):
    e = os.path.normpath(os.path.abspath(e))
    if os.path.isdir(e) or re.search(r'windows|osx|aarch_64|riscv64', e): continue
    small = os.path.getsize(e) < (3 << 20) and (e in pk or 'netty' in e)
    if e not in pk and not small: continue
    dst = f'{out}/jars/{k:03d}-{os.path.basename(e)}'
    with zipfile.ZipFile(e) as z, zipfile.ZipFile(dst, 'w', zipfile.ZIP_STORED) as w:  # stored: xz packs the whole better
        for i in z.infolist():
            n = i.filename
            if n.endswith('/'): continue
            if n.endswith('.class'):
                p = n.rsplit('/', 1)[0] if '/' in n else ''
                if p.startswith('META-INF/versions/'): p = p.split('/', 3)[3] if p.count('/') >= 3 else ''
                if not small and p not in pk[e]: continue
            elif re.match(r'META-INF/.*\.(SF|RSA|DSA|EC)$', n) or i.file_size > (2 << 20): continue
            i2 = zipfile.ZipInfo(n, i.date_time); i2.external_attr = i.external_attr
            w.writestr(i2, z.read(n))
    newcp.append('.spark-race/' + os.path.relpath(dst, out))
open(f'{out}/cp.txt', 'w').write(':'.join(['fastio-spark/target/test-classes', 'fastio-spark/target/classes'] + newcp))
open(f'{out}/modules', 'w').write(','.join(sorted(mods - {'jdk.jshell', 'jdk.internal.le', 'jdk.localedata'})))
PY
"$J25/bin/jlink" --add-modules "$(cat .spark-race/b/modules)" --strip-debug --no-man-pages --no-header-files --output .spark-race/b/jre
tar -C .spark-race/b -cf - jre | xz -6 -T0 > .spark-race/jre.tar.xz
tar -C .spark-race/b -cf - jars cp.txt | xz -6 -T0 > .spark-race/jars.tar.xz
# the bundle must run here before it travels
rm -rf "$work/x"; mkdir -p "$work/x"; tar -C "$work/x" -xJf .spark-race/jre.tar.xz; tar -C "$work/x" -xJf .spark-race/jars.tar.xz
sed "s#\.spark-race/#$work/x/#g" "$work/x/cp.txt" > "$work/x/cp-abs.txt"
"$work/x/jre/bin/java" -Xmx4g @fastio-spark/spark-java.options -cp "$(cat "$work/x/cp-abs.txt")" dev.fastio.spark.IpLookupJob \
  run txt fastio "$DATA/index-$LINES.txt" 20000000 'local[16]' 2>/dev/null | grep RESULT
rm -rf .spark-race/b
ls -la .spark-race
