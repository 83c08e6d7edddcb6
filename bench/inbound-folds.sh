#!/usr/bin/env bash
# Inbound suggestions judged from outside, as a user could do it by hand: the pages that really link to a page are
# hidden in a copy of the site, Linker indexes the copy and is asked which pages should link to it.
#   bench/inbound-folds.sh SITE LINKS.jsonl [FOLDS=5]
#     SITE         a built HTML site (e.g. ../shared/corpus/go-blog/site)
#     LINKS.jsonl  its in-content links: {"source", "targets"} a line, URLs absolute or relative to the site's root
# The targets are split into FOLDS folds (grouped by target, dealt as `linker eval --inbound` deals them). For each fold: a copy of SITE in which every
# <a href> from a source of LINKS.jsonl to a target of the fold is unwrapped (its text stays, as if never linked);
# `linker index` of the copy (no learning: the weights rank, as `linker eval --inbound` judges them); then
# `linker suggest --inbound --all --ranker weights` on the copy, and the fold's targets' real sources are looked for
# among the first 5 and 10 sources suggested. Prints recall@5 and recall@10 over all targets (macro average), to set
# beside `linker eval SITE --inbound`, which hides the same links inside one index.
# Needs python3; builds cli/target/linker.jar when missing. Extra options for suggest: LINKER_ARGS (e.g.
# "--min-similarity 0.5"). JAR=FILE runs that jar instead of bin/linker (a copy stays the same while you edit).
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/.." && pwd)
[ $# -ge 2 ] || { sed -n 2,12p "$0" >&2; exit 2; }
site=$(cd "$1" && pwd)
links=$(cd "$(dirname "$2")" && pwd)/$(basename "$2")
folds=${3:-5}
linker() {
  if [ -n "${JAR:-}" ]; then
    . "$root/bin/jdk.sh"
    "$JAVA_HOME/bin/java" --add-modules jdk.incubator.vector --enable-native-access=ALL-UNNAMED -Xlog:disable \
      -jar "$JAR" "$@" 2> >(grep -v '^WARNING: Using incubator modules' >&2)
  else
    "$root/bin/linker" "$@"
  fi
}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for f in $(seq 0 $((folds - 1))); do
  python3 - "$site" "$links" "$folds" "$f" "$work/site-$f" > "$work/fold-$f.json" <<'PY'
import json, os, re, shutil, sys
from urllib.parse import urljoin, urlparse, unquote
site, links, folds, fold, copy = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), sys.argv[5]

def key(base, href):
    """The page key an href names from the page at `base` (a site path), or None when it leaves the site."""
    u = urlparse(urljoin("https://site.invalid" + base, href.strip()))
    if u.scheme not in ("http", "https") or (u.netloc != "site.invalid" and u.netloc != "www.example.com"):
        return None
    p = unquote(u.path) or "/"
    return p[: -len("index.html")] if p.endswith("/index.html") else p

def url_key(u):
    return key("/", u if "://" in u or u.startswith("/") else "/" + u)

gold = {}
for line in open(links, encoding="utf-8"):
    row = json.loads(line)
    for t in row["targets"]:
        gold.setdefault(url_key(t), set()).add(url_key(row["source"]))
class JavaRandom:
    """java.util.Random, so the folds are dealt as linker eval --inbound deals them (InboundEval.folds)."""
    def __init__(self, seed):
        self.seed = (seed ^ 0x5DEECE66D) & ((1 << 48) - 1)
    def next(self, bits):
        self.seed = (self.seed * 0x5DEECE66D + 0xB) & ((1 << 48) - 1)
        r = self.seed >> (48 - bits)
        return r - (1 << 32) if r >= 1 << 31 else r  # (int) of the shifted seed
    def next_int(self, bound):
        if bound & -bound == bound:
            return (bound * self.next(31)) >> 31
        while True:
            bits = self.next(31)
            val = bits % bound
            if bits - val + (bound - 1) < (1 << 31):
                return val

targets = sorted(gold)
rnd = JavaRandom(20261128)
for i in range(len(targets), 1, -1):  # Collections.shuffle
    j = rnd.next_int(i)
    targets[i - 1], targets[j] = targets[j], targets[i - 1]
mine = set(targets[fold::folds])
# Redirect stubs (meta refresh): a link through one counts for the page it leads to.
refresh = re.compile(r'<meta[^>]+http-equiv=["\']?refresh["\']?[^>]*content=["\'][^"\']*url=([^"\'>]+)', re.I)
stubs = {}
shutil.copytree(site, copy, symlinks=True)
files = {}
for d, _, names in os.walk(copy):
    for n in names:
        if n.endswith(".html"):
            path = os.path.join(d, n)
            k = "/" + os.path.relpath(path, copy).replace(os.sep, "/")
            k = k[: -len("index.html")] if k.endswith("/index.html") else k
            files[k] = path
            m = refresh.search(open(path, encoding="utf-8", errors="replace").read(4096))
            if m:
                stubs[k] = key(k, m.group(1))
anchor = re.compile(r'<a\b[^>]*?\bhref\s*=\s*("([^"]*)"|\'([^\']*)\')[^>]*>(.*?)</a\s*>', re.I | re.S)
sources = {s for t in mine for s in gold[t]}
unwrapped = 0
for s in sources:
    path = files.get(s)
    if path is None:
        continue
    html = open(path, encoding="utf-8").read()
    def unwrap(m):
        global unwrapped
        k = key(s, m.group(2) if m.group(2) is not None else m.group(3))
        k = stubs.get(k, k)
        if k in mine:
            unwrapped += 1
            return m.group(4)
        return m.group(0)
    open(path, "w", encoding="utf-8").write(anchor.sub(unwrap, html))
print(json.dumps({"targets": {t: sorted(gold[t]) for t in sorted(mine)}, "unwrapped": unwrapped}))
PY
  echo "inbound-folds: fold $((f + 1))/$folds: $(python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print(len(d["targets"]), "targets,", d["unwrapped"], "links unwrapped")' "$work/fold-$f.json")" >&2
  linker index "$work/site-$f" --index "$work/index-$f" --no-learn --quiet
  # shellcheck disable=SC2086
  linker suggest --inbound --all --index "$work/index-$f" --ranker weights --limit 10 -f jsonl \
    ${LINKER_ARGS:-} > "$work/inbound-$f.jsonl"
  rm -rf "$work/site-$f" "$work/index-$f"
done
python3 - "$work" "$folds" <<'PY'
import json, sys
work, folds = sys.argv[1], int(sys.argv[2])
r5 = r10 = n = 0
for f in range(folds):
    gold = json.load(open(f"{work}/fold-{f}.json"))["targets"]
    got = {}
    for line in open(f"{work}/inbound-{f}.jsonl"):
        row = json.loads(line)
        got[row["target"]] = [s["source"] for s in row["suggestions"]]
    for t, sources in gold.items():
        ranked = got.get(t, [])
        r5 += len(set(ranked[:5]) & set(sources)) / len(sources)
        r10 += len(set(ranked[:10]) & set(sources)) / len(sources)
        n += 1
print(f"targets: {n} in {folds} folds")
print(f"inbound recall@5 {r5 / n:.3f}  recall@10 {r10 / n:.3f}")
PY
