#!/usr/bin/env bash
# Catalogue-scale benchmark (issue 13): generates a synthetic built site of PAGES pages (bench/SiteGenerator.java,
# seeded; cached under DIR) and audits it with the CLI jar, printing wall time, pages/s, peak RSS and the heap limit,
# and whether the audit found the generator's known numbers (orphans, broken links, links through redirects).
# With "index" as third argument it indexes the site instead (linker index --embed title: reading, the graph and
# Lucene, with the cheapest embedding) into a fresh index.
#
#   bench/catalogue-benchmark.sh [PAGES=100000] [DIR=target/catalogue-<PAGES>] [audit|index]
#   LINKER_JAVA_OPTS=-Xmx4g bench/catalogue-benchmark.sh 1000000     # the heap to try
#   BEFORE=/tmp/linker-old.jar bench/catalogue-benchmark.sh 100000 /tmp/cat100k index   # an older jar first, then
#                                   # this one (AFTER=, default cli/target/linker.jar), and the ratio of their times
# Needs: /usr/bin/time (Debian: time); builds cli/target/linker.jar when missing.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
. "$root/bench/lib.sh"
pages=${1:-100000}
dir=${2:-$root/target/catalogue-$pages}
job=${3:-audit}
case "$job" in audit|index) ;; *) echo "catalogue-benchmark: third argument is audit or index, not $job" >&2; exit 2 ;; esac
. "$root/bin/jdk.sh"
[ -x /usr/bin/time ] || { echo "catalogue-benchmark: /usr/bin/time missing (apt-get install time)" >&2; exit 2; }
after=${AFTER:-$root/cli/target/linker.jar}
[ -f "$after" ] || [ -n "${AFTER:-}" ] || (cd "$root" && mvn -B -q -DskipTests -Dskip.npm=true -Dinvoker.skip=true -pl cli -am package)
for f in "$after" ${BEFORE:+"$BEFORE"}; do
  [ -f "$f" ] || { echo "catalogue-benchmark: jar not found: $f" >&2; exit 2; }
done
if [ ! -f "$dir/expected.properties" ]; then
  rm -rf "$dir"
  "$JAVA_HOME/bin/java" "$root/bench/SiteGenerator.java" "$dir" "$pages"
fi
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
total=$(awk -F= '/^pages=/ {print $2}' "$dir/expected.properties")
echo "pages:      $total ($(du -sh "$dir" | cut -f1) of HTML)"

# measure LABEL JAR: one run, its figures printed; its wall time in seconds left in $out/LABEL.secs
measure() {
  local label=$1 jar=$2 code
  rm -rf "$out/index" "$out/report.json"
  echo "== $label: $jar"
  set +e
  if [ "$job" = index ]; then
    # bin/linker's flags for everything but the audit
    /usr/bin/time -v -o "$out/time.txt" "$JAVA_HOME/bin/java" --add-modules jdk.incubator.vector \
      --enable-native-access=ALL-UNNAMED -Xlog:disable ${LINKER_JAVA_OPTS:-} \
      -jar "$jar" index "$dir" --index "$out/index" --embed title 2> "$out/err.txt"
    code=$?
  else
    . "$root/bin/audit-jvm.sh"
    linker_audit_flags "$dir" # the flags bin/linker and the action use
    /usr/bin/time -v -o "$out/time.txt" "$JAVA_HOME/bin/java" "${audit_jvm_flags[@]}" ${LINKER_JAVA_OPTS:-} \
      -jar "$jar" audit "$dir" --base-url https://shop.example/ --no-git --format json --output "$out/report.json" 2> "$out/err.txt"
    code=$?
  fi
  set -e
  cat "$out/err.txt" >&2
  local wall rss secs cpu
  wall=$(awk -F': ' '/Elapsed \(wall clock\)/ {print $2}' "$out/time.txt")
  rss="$(time_rss_mb "$out/time.txt") MB"
  cpu=$(time_cpu "$out/time.txt")
  secs=$(time_secs "$out/time.txt")
  echo "$secs" > "$out/$label.secs"
  echo "exit code:  $code"
  echo "wall time:  $wall ($(awk -v p="$total" -v s="$secs" 'BEGIN { printf "%.0f pages/s", p / s }'); CPU $cpu s; load $(cut -d' ' -f1-3 /proc/loadavg))"
  echo "peak RSS:   $rss (JVM options: ${audit_jvm_flags[*]:-} ${LINKER_JAVA_OPTS:-(default heap)})"
  if [ -s "$out/report.json" ]; then
    python3 - "$out/report.json" "$dir/expected.properties" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
e = dict(l.strip().split('=', 1) for l in open(sys.argv[2]) if '=' in l)
f = r['summary']['findings']
got = {'pages': r['summary']['pages'], 'orphans': f.get('orphan', 0), 'broken': f.get('broken-link', 0),
       'redirectLinks': f.get('redirect-link', 0)}
ok = all(str(got[k]) == e[k] for k in got)
print('findings:   ' + ', '.join(f'{k} {got[k]} (expected {e[k]})' for k in got) + (' — as generated' if ok else ' — MISMATCH'))
PY
  fi
}

[ -n "${BEFORE:-}" ] && measure before "$BEFORE"
measure after "$after"
if [ -n "${BEFORE:-}" ]; then
  awk -v b="$(cat "$out/before.secs")" -v a="$(cat "$out/after.secs")" \
    'BEGIN { printf "after / before: %.0f s / %.0f s = %.2f (%.2fx as fast)\n", a, b, a / b, b / a }'
fi
