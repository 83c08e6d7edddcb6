#!/usr/bin/env bash
# Audit benchmark: Linker's audit of a built site next to html-proofer and linkchecker, internal links only.
# Prints, per run: exit code, wall time, pages/s, CPU time (user+sys), peak RSS (from /usr/bin/time -v), and what
# each tool found. CPU time is the steadier figure on a shared machine; wall time is what a CI job waits.
#
# Usage: bench/audit-benchmark.sh [SITE_DIR]
#   SITE_DIR       folder of built HTML (default: ../shared/corpus/postgresql-15/site next to the repo)
#   RUNS=3         runs of the Linker audit (a cold JVM each time, as in CI)
#   OTHER_RUNS=1   runs of html-proofer and linkchecker (html-proofer takes ~95 s on the PostgreSQL corpus)
#   TOOLS="linker htmlproofer linkchecker"   which tools to run
#   KEEP=DIR       keep each tool's output (report, log) in DIR
#   BEFORE=JAR     also audit with an older linker.jar, its runs alternating with this checkout's (same JVM flags), and
#                  print the ratio of the medians and whether the two JSON reports are the same byte for byte
# Needs: cli/target/linker.jar (bin/mvn21 -B -q -pl cli -am package -DskipTests), /usr/bin/time (Debian: time),
# and for the comparison the Debian packages ruby-html-proofer and linkchecker.
# Memory at catalogue scale, a jar before a change against the one after: bench/audit-memory.sh.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
. "$root/bench/lib.sh"
site=${1:-$root/../shared/corpus/postgresql-15/site}
RUNS=${RUNS:-3}
OTHER_RUNS=${OTHER_RUNS:-1}
TOOLS=${TOOLS:-linker htmlproofer linkchecker}

[ -d "$site" ] || { echo "audit-benchmark: site folder not found: $site" >&2; exit 2; }
site=$(cd "$site" && pwd)
[ -x /usr/bin/time ] || { echo "audit-benchmark: /usr/bin/time missing (apt-get install time)" >&2; exit 2; }
. "$root/bin/jdk.sh"
jar=$root/cli/target/linker.jar
pages=$(find "$site" -type f -name '*.html' | wc -l)
work=$(mktemp -d)
trap 'if [ -n "${KEEP:-}" ]; then mkdir -p "$KEEP" && cp -r "$work"/. "$KEEP"/; fi; rm -rf "$work"' EXIT

echo "site:    $site ($pages HTML files, $(du -sh "$site" | cut -f1))"
echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(free -g | awk '/Mem:/ {print $2}') GB RAM"
echo "java:    $("$JAVA_HOME/bin/java" -version 2>&1 | head -1)"
echo "load:    $(cut -d' ' -f1-3 /proc/loadavg) (1/5/15 min; other jobs on the machine slow every tool alike)"
echo

# run NAME CMD... : runs CMD under /usr/bin/time -v; prints one line of figures; leaves stdout+stderr in $work/NAME.out
run() {
  local name=$1; shift
  local rc=0
  /usr/bin/time -v -o "$work/$name.time" "$@" >"$work/$name.out" 2>&1 || rc=$?
  local wall rss secs cpu
  cpu=$(time_cpu "$work/$name.time")
  rss=$(time_rss_mb "$work/$name.time")
  secs=$(time_secs "$work/$name.time")
  echo "$secs $rss" >>"$work/$name.runs"
  printf '%-12s exit %-3s wall %8.2f s   %8.1f pages/s   CPU %7.1f s   peak RSS %6.0f MB\n' \
    "$name" "$rc" "$secs" "$(echo "$pages $secs" | awk '{ printf "%.1f", ($2 > 0 ? $1/$2 : 0) }')" "$cpu" "$rss"
}

for tool in $TOOLS; do
  case $tool in
    linker)
      [ -f "$jar" ] || { echo "audit-benchmark: $jar missing; build it: bin/mvn21 -B -q -pl cli -am package -DskipTests" >&2; exit 2; }
      [ -z "${BEFORE:-}" ] || [ -f "$BEFORE" ] || { echo "audit-benchmark: BEFORE jar not found: $BEFORE" >&2; exit 2; }
      echo "== Linker ($(basename "$jar")): bin/linker audit SITE --format json --output OUT --fail-on never (the launcher users run: JVM flags for a short batch job)"
      . "$root/bin/audit-jvm.sh"
      linker_audit_flags "$site"
      for i in $(seq "$RUNS"); do
        if [ -n "${BEFORE:-}" ]; then # the same flags bin/linker gives the audit, the older jar
          run linker-before "$JAVA_HOME/bin/java" "${audit_jvm_flags[@]}" ${LINKER_JAVA_OPTS:-} -jar "$BEFORE" \
            audit "$site" --format json --output "$work/linker-before.json" --fail-on never
        fi
        run linker "$root/bin/linker" audit "$site" --format json --output "$work/linker.json" --fail-on never
      done
      for name in ${BEFORE:+linker-before} linker; do
        sort -n "$work/$name.runs" | awk -v p="$pages" -v n="$name" '{ w[NR]=$1; r[NR]=$2 } END {
          m = (NR % 2) ? w[(NR+1)/2] : (w[NR/2] + w[NR/2+1]) / 2
          maxr = 0; for (i = 1; i <= NR; i++) if (r[i] > maxr) maxr = r[i]
          printf "   %s, %d runs: median %.2f s (%.0f pages/s), best %.2f s, peak RSS max %.0f MB\n", n, NR, m, p/m, w[1], maxr
          print m > "/dev/stderr" }' 2>"$work/$name.median"
      done
      if [ -n "${BEFORE:-}" ]; then
        awk -v b="$(cat "$work/linker-before.median")" -v a="$(cat "$work/linker.median")" \
          'BEGIN { printf "   after / before: %.2f s / %.2f s = %.2f (%.2fx as fast)\n", a, b, a / b, b / a }'
        if cmp -s "$work/linker-before.json" "$work/linker.json"; then
          echo "   reports: the same byte for byte"
        else
          echo "   reports: they differ (KEEP=DIR keeps both: linker-before.json, linker.json)"
        fi
      fi
      if [ -s "$work/linker.json" ]; then
        echo "   findings by check: $(python3 - "$work/linker.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
s = d.get("summary", {})
print(", ".join(f"{k} {v}" for k, v in sorted(s.get("findings", {}).items())) or "none",
      f"| pages {s.get('pages')}, links {s.get('links')}, broken {s.get('brokenLinks')}, orphans {s.get('orphans')}")
PY
)"
      else
        echo "   no JSON report; output:"; tail -5 "$work/linker.out"
      fi
      ;;
    htmlproofer)
      command -v htmlproofer >/dev/null || { echo "audit-benchmark: htmlproofer missing (apt-get install ruby-html-proofer)" >&2; exit 2; }
      echo "== html-proofer $(htmlproofer --version | awk '{print $2}'): htmlproofer SITE --disable-external --allow-missing-href --checks-to-ignore ImageCheck,ScriptCheck"
      for i in $(seq "$OTHER_RUNS"); do
        # Links only (like Linker): no external requests, no image/script checks, and <a id> anchors without
        # href are not failures (DocBook output is full of them). Its cache goes to the temp folder, not the repo.
        (cd "$work" && run htmlproofer htmlproofer "$site" --disable-external --allow-missing-href \
          --checks-to-ignore ImageCheck,ScriptCheck)
      done
      echo "   result: $(grep -E 'HTML-Proofer (finished|found)|failure' "$work/htmlproofer.out" | tail -1)"
      ;;
    linkchecker)
      command -v linkchecker >/dev/null || { echo "audit-benchmark: linkchecker missing (apt-get install linkchecker)" >&2; exit 2; }
      echo "== linkchecker $(linkchecker --version 2>/dev/null | awk 'NR==1 {print $2}'): linkchecker --no-warnings SITE/index.html (local files, no --check-extern)"
      for i in $(seq "$OTHER_RUNS"); do
        run linkchecker linkchecker --no-warnings --no-status "$site/index.html"
      done
      echo "   result: $(grep -E "links? in .* checked|errors? found" "$work/linkchecker.out" | tr '\n' ' ')"
      ;;
    *) echo "audit-benchmark: unknown tool '$tool' (linker, htmlproofer, linkchecker)" >&2; exit 2 ;;
  esac
  echo
done
