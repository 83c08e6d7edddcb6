#!/usr/bin/env bash
# Time of the git-history scan (former titles + link ages) on a generated repository: PAGES built HTML pages, COMMITS
# commits each editing 1–3 pages (every 40th retitles one, every 7th adds a link). Prints the CLI's history line, and
# the audit's wall time with and without git.
#   bench/history-benchmark.sh [PAGES=1000] [COMMITS=3000]
#   BEFORE=/tmp/linker-old.jar bench/history-benchmark.sh   # an older jar, then this one (AFTER=, default
#                             # cli/target/linker.jar), each ROUNDS times (default 3) in turn; the ratio of the median
#                             # history cost (audit with git minus audit without); the reports compared
# Needs: /usr/bin/time (Debian: time); builds cli/target/linker.jar when missing.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/.." && pwd)
. "$here/lib.sh"
pages=${1:-1000}
commits=${2:-3000}
rounds=${ROUNDS:-3}
. "$root/bin/jdk.sh"
[ -x /usr/bin/time ] || { echo "history-benchmark: /usr/bin/time missing (apt-get install time)" >&2; exit 2; }
after=${AFTER:-$root/cli/target/linker.jar}
[ -f "$after" ] || [ -n "${AFTER:-}" ] || (cd "$root" && mvn -B -q -DskipTests -Dskip.npm=true -Dinvoker.skip=true -pl cli -am package)
for f in "$after" ${BEFORE:+"$BEFORE"}; do
  [ -f "$f" ] || { echo "history-benchmark: jar not found: $f" >&2; exit 2; }
done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
git init -q -b main "$work/repo"
python3 - "$pages" "$commits" > "$work/stream" <<'PY'
import random, sys
pages, commits = int(sys.argv[1]), int(sys.argv[2])
rnd = random.Random(42)
title = {i: f"Page {i} about topic {i % 37}" for i in range(pages)}
links = {i: rnd.sample(range(pages), 5) for i in range(pages)}
extra = {i: 0 for i in range(pages)}
def html(i):
    body = "".join(f'<p>See <a href="/p{j}.html">{title[j]}</a> for more on this.</p>\n' for j in links[i])
    return (f"<!doctype html>\n<html lang=en><head><title>{title[i]} — Bench</title></head><body>\n"
            f"<nav><a href=\"/\">Home</a></nav><main><h1>{title[i]}</h1>\n{body}<p>edit {extra[i]}</p></main></body></html>\n")
def blob(s):
    b = s.encode()
    return b"data %d\n" % len(b) + b
out = sys.stdout.buffer
t = 1_600_000_000
def commit(n, files):
    global t
    t += 3600
    out.write(b"commit refs/heads/main\n")
    out.write(b"committer Bench <b@example.com> %d +0000\n" % t)
    out.write(blob(f"commit {n}") )
    if n == 0:
        pass
    for path, text in files:
        out.write(b"M 100644 inline " + path.encode() + b"\n" + blob(text))
    out.write(b"\n")
commit(0, [(f"site/p{i}.html", html(i)) for i in range(pages)] + [("site/index.html", "<title>Home</title>" + "".join(f'<a href="/p{i}.html">{i}</a>' for i in range(pages)))])
for n in range(1, commits):
    files = []
    for i in rnd.sample(range(pages), rnd.randint(1, 3)):
        extra[i] += 1
        if n % 40 == 0:
            title[i] = title[i] + " (updated)"
        if n % 7 == 0:
            links[i].append(rnd.randrange(pages))
        files.append((f"site/p{i}.html", html(i)))
    commit(n, files)
PY
(cd "$work/repo" && git fast-import --quiet < "$work/stream" && git checkout -q main)
echo "repository: $pages pages, $commits commits"
. "$root/bin/audit-jvm.sh"
linker_audit_flags "$work/repo/site" # the flags bin/linker and the action use

# audit LABEL JAR GIT(git|no-git) N: one audit; its wall seconds appended to $work/LABEL.GIT, its report kept
audit() {
  local label=$1 jar=$2 git=$3 n=$4 flag=()
  [ "$git" = no-git ] && flag=(--no-git)
  /usr/bin/time -v -o "$work/time.txt" "$JAVA_HOME/bin/java" "${audit_jvm_flags[@]}" ${LINKER_JAVA_OPTS:-} -jar "$jar" \
    audit "$work/repo/site" "${flag[@]}" --format json --output "$work/$label.$git.json" --fail-on never 2> "$work/err.txt"
  time_secs "$work/time.txt" >> "$work/$label.$git"
  echo >> "$work/$label.$git"
  if [ "$n" = 1 ]; then grep -E "git history|audited" "$work/err.txt" | sed "s/^/$label, $git: /"; fi
}

median() { sort -n "$1" | awk '{ v[NR] = $1 } END { printf "%.2f", NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

for n in $(seq 1 "$rounds"); do
  if [ -n "${BEFORE:-}" ]; then audit before "$BEFORE" git "$n"; audit before "$BEFORE" no-git "$n"; fi
  audit after "$after" git "$n"
  audit after "$after" no-git "$n"
done
for label in ${BEFORE:+before} after; do
  g=$(median "$work/$label.git"); ng=$(median "$work/$label.no-git")
  awk -v l="$label" -v g="$g" -v n="$ng" -v r="$rounds" \
    'BEGIN { printf "%s: audit with git %.2f s, with --no-git %.2f s, history %.2f s (medians of %d)\n", l, g, n, g - n, r }'
  echo "$g $ng" > "$work/$label.medians"
done
if [ -n "${BEFORE:-}" ]; then
  read -r bg bn < "$work/before.medians"; read -r ag an < "$work/after.medians"
  awk -v bg="$bg" -v bn="$bn" -v ag="$ag" -v an="$an" 'BEGIN { b = bg - bn; a = ag - an;
    printf "after / before: history %.2f s / %.2f s = %.2f; whole audit with git %.2f\n", a, b, a / b, ag / bg }'
  # The findings must not move (the summary's timing fields aside).
  python3 - "$work/before.git.json" "$work/after.git.json" <<'PY'
import json, sys
a, b = (json.load(open(f)) for f in sys.argv[1:])
strip = lambda r: {k: v for k, v in r.items() if k not in ('generatedAt', 'elapsedMs', 'timings', 'tool')}
print('reports: ' + ('the same findings' if strip(a) == strip(b) else 'DIFFERENT: compare the two runs'))
PY
fi
