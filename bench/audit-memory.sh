#!/usr/bin/env bash
# Audit memory benchmark (issue 32): the audit of generated catalogue sites within a small heap, the jar BEFORE a change
# and the jar after it back to back on the same sites, and the live heap each holds, from which the bytes a link
# costs follow (the slope between two sizes of site).
#
#   BEFORE=/path/to/old-linker.jar bench/audit-memory.sh SITE_DIR [SITE_DIR ...]
#   e.g. java bench/SiteGenerator.java /tmp/site100k 100000; java bench/SiteGenerator.java /tmp/site200k 200000
#        BEFORE=/tmp/linker-before.jar bench/audit-memory.sh /tmp/site100k /tmp/site200k
#
#   AFTER=cli/target/linker.jar   the jar measured (default: this checkout's)
#   BEFORE=                       a second jar run before it on each site (optional); ratios after/before are printed
#   HEAP=1g                       -Xmx of the timed runs (bin/audit-jvm.sh's flags besides)
#   TIMEOUT=600                   seconds a timed run may take before it is stopped (exit 124)
#   LIVE=1                        0 skips the live-heap runs: each jar once more, with a large heap (LIVE_HEAP=4g),
#                                 its live objects counted (jcmd GC.class_histogram, a full collection) every
#                                 EVERY=2 seconds; the largest count is the live peak (the JVM's filler arrays,
#                                 dead space it leaves in buffers, not counted)
# Each timed run prints exit code, wall time, CPU time (user + sys), peak RSS and the time the JVM spent collecting
# garbage; the reports (JSON and SARIF) of the two jars are compared byte for byte. Needs /usr/bin/time (Debian: time).
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
. "$root/bench/lib.sh"
[ $# -ge 1 ] || { echo "usage: [BEFORE=JAR] bench/audit-memory.sh SITE_DIR [SITE_DIR ...] (sites from bench/SiteGenerator.java)" >&2; exit 2; }
. "$root/bin/jdk.sh"
. "$root/bin/audit-jvm.sh"
[ -x /usr/bin/time ] || { echo "audit-memory: /usr/bin/time missing (apt-get install time)" >&2; exit 2; }
AFTER=${AFTER:-$root/cli/target/linker.jar}
HEAP=${HEAP:-1g}
TIMEOUT=${TIMEOUT:-600}
LIVE=${LIVE:-1}
LIVE_HEAP=${LIVE_HEAP:-4g}
EVERY=${EVERY:-2}
jars=()
[ -n "${BEFORE:-}" ] && jars+=(before)
jars+=(after)
for j in "${jars[@]}"; do
  f=$([ "$j" = before ] && echo "$BEFORE" || echo "$AFTER")
  [ -f "$f" ] || { echo "audit-memory: $j jar not found: $f" >&2; exit 2; }
done
for s in "$@"; do
  [ -d "$s" ] || { echo "audit-memory: site folder not found: $s" >&2; exit 2; }
done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

echo "machine: $(nproc) cores, $(free -g | awk '/Mem:/ {print $2}') GB RAM; java: $("$JAVA_HOME/bin/java" -version 2>&1 | head -1)"
echo "jars:    after $AFTER${BEFORE:+; before $BEFORE}"

# command JAR SITE OUT HEAP: sets cmd, the audit as catalogue-benchmark.sh runs it, both machine-readable reports streamed
command() {
  linker_audit_flags "$2"
  cmd=("$JAVA_HOME/bin/java" "${audit_jvm_flags[@]}" -Xmx"$4" -Xlog:gc:file="$3/gc.log" -jar "$1" audit "$2"
    --base-url https://shop.example/ --no-git --fail-on never --format json,sarif --output "$3/rep")
}

# live JAR SITE OUT: the largest live heap (bytes) of class histograms taken every EVERY seconds
live() {
  command "$1" "$2" "$3" "$LIVE_HEAP"
  "${cmd[@]}" >"$3/live.out" 2>&1 &
  local pid=$! max=0 t
  while kill -0 "$pid" 2>/dev/null; do
    sleep "$EVERY"
    t=$("$JAVA_HOME/bin/jcmd" "$pid" GC.class_histogram 2>/dev/null | awk '/FillerElement/ { f += $3 } /^Total/ { print $3 - f }') || true
    [ -n "$t" ] && [ "$t" -gt "$max" ] && max=$t
  done
  wait "$pid" || true
  echo "$max"
}

for site in "$@"; do
  site=$(cd "$site" && pwd)
  pages=$(find "$site" -type f -name '*.html' | wc -l)
  echo
  echo "== $site: $pages HTML files, $(du -sh "$site" | cut -f1); load $(cut -d' ' -f1-3 /proc/loadavg) (1/5/15 min)"
  for j in "${jars[@]}"; do
    jar=$([ "$j" = before ] && echo "$BEFORE" || echo "$AFTER")
    out=$work/$j-$(basename "$site"); rm -rf "$out"; mkdir -p "$out"
    rc=0
    command "$jar" "$site" "$out" "$HEAP"
    /usr/bin/time -v -o "$out/time" timeout "$TIMEOUT" "${cmd[@]}" >"$out/out" 2>&1 || rc=$?
    wall=$(time_secs "$out/time")
    cpu=$(time_cpu "$out/time")
    rss=$(time_rss_mb "$out/time")
    gc=$(awk '/Pause/ { v=$NF; sub("ms","",v); s+=v } END { printf "%.1f", s/1000 }' "$out/gc.log" 2>/dev/null || echo "?")
    links=$(python3 -c "import json,sys; print(json.load(open(sys.argv[1]))['summary']['links'])" "$out/rep/report.json" 2>/dev/null || echo "")
    livemb=""
    if [ "$LIVE" = 1 ]; then
      mkdir -p "$out/live"
      lb=$(live "$jar" "$site" "$out/live")
      livemb=$(awk -v b="$lb" 'BEGIN { printf "%.0f", b/1048576 }')
      [ -z "$links" ] && links=$(python3 -c "import json,sys; print(json.load(open(sys.argv[1]))['summary']['links'])" "$out/live/rep/report.json" 2>/dev/null || echo "")
      echo "$site $lb ${links:-0}" >>"$work/$j.live"
    fi
    printf '%-7s exit %-3s wall %7.1f s  CPU %7.1f s  GC %6.1f s  peak RSS %5s MB  (-Xmx%s)%s  links %s\n' "$j" "$rc" \
      "$wall" "$cpu" "$gc" "$rss" "$HEAP" "${livemb:+  live heap peak $livemb MB}" "${links:-?}"
    echo "$rc $wall $cpu ${livemb:-0}" >"$work/$j-$(basename "$site").fig"
    [ "$rc" = 0 ] || tail -2 "$out/out" | sed 's/^/        /'
  done
  if [ -n "${BEFORE:-}" ]; then
    b=$work/before-$(basename "$site"); a=$work/after-$(basename "$site")
    same=no; [ -f "$b/rep/report.json" ] && cmp -s "$b/rep/report.json" "$a/rep/report.json" \
      && cmp -s "$b/rep/report.sarif" "$a/rep/report.sarif" && same=yes
    read -r brc bw bc bl <"$b.fig"; read -r arc aw ac al <"$a.fig"
    awk -v bw="$bw" -v aw="$aw" -v bc="$bc" -v ac="$ac" -v bl="$bl" -v al="$al" -v brc="$brc" -v same="$same" 'BEGIN {
      printf "after/before: wall %.2f x, CPU %.2f x%s%s; reports byte for byte the same: %s\n", aw/bw, ac/bc,
        (bl > 0 ? sprintf(", live heap %.2f x", al/bl) : ""), (brc != 0 ? " (before did not finish: exit " brc ")" : ""),
        (brc == 0 ? same : "n/a") }'
  fi
done

# Bytes a link costs: the live peak's slope between the smallest and the largest site (page costs included, at the
# generator's 33 links a page), and what a million pages at that rate would hold.
for j in "${jars[@]}"; do
  [ -f "$work/$j.live" ] && [ "$(wc -l <"$work/$j.live")" -ge 2 ] || continue
  sort -k3 -n "$work/$j.live" | awk -v j="$j" 'NR == 1 { b1=$2; l1=$3 } { b2=$2; l2=$3 } END {
    if (l2 > l1) { s = (b2 - b1) / (l2 - l1)
      printf "%-7s live heap %.0f MB at %d links, %.0f MB at %d links: %.1f bytes a link; 1M pages x 33 links ≈ %.1f GB live\n",
        j, b1/1048576, l1, b2/1048576, l2, s, (b2 + s * (33000000 - l2)) / 1073741824 } }'
done
