#!/usr/bin/env bash
# Time of the git-history scan (former titles + link ages) on a generated repository: PAGES built HTML pages, COMMITS
# commits each editing 1–3 pages (every 40th retitles one, every 7th adds a link). Prints the CLI's history line.
#   bench/history-benchmark.sh [PAGES=1000] [COMMITS=3000]
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/.." && pwd)
pages=${1:-1000}
commits=${2:-3000}
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
echo "repository: $pages pages, $commits commits" >&2
"$root/bin/linker" audit "$work/repo/site" --format json --output "$work/report.json" --fail-on never 2>&1 | grep -E "git history|audited"
"$root/bin/linker" audit "$work/repo/site" --no-git --format json --output "$work/report.json" --fail-on never 2>&1 | grep -E "audited" | sed 's/^/--no-git: /'
