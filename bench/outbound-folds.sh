#!/usr/bin/env bash
# Suggestions judged from outside, as a user could do it by hand: the pages of a fold lose their links in a copy of
# the site, Linker indexes the copy (learning from the links left) and suggests for the fold's pages.
#   bench/outbound-folds.sh SITE LINKS.jsonl [FOLDS=5]
#     SITE         a built HTML site (e.g. ../shared/corpus/go-blog/site)
#     LINKS.jsonl  its in-content links: {"source", "targets"} a line, URLs absolute or relative to the site's root
# The sources are dealt into FOLDS folds by a hash of their address, as `linker eval` deals them. For each fold: a
# copy of SITE in which every <a href> from a source of the fold to one of its targets is unwrapped (its text stays);
# `linker index` of the copy (it learns from the other folds' links); then `linker suggest --all --limit 10`, once
# with --ranker weights and once with --ranker learned (the model the copy learned, whatever its own decision), and
# the fold's real targets are looked for among each page's first 5; all of it again with --as-of (each page's
# candidates published by its date). Prints recall@5 (macro average over the sources), to set beside the "(copies)"
# rows of `linker eval SITE` and `linker eval SITE --as-of`, which do the same inside one process.
# Needs python3; builds cli/target/linker.jar when missing. JAR=FILE runs that jar instead of bin/linker (a copy stays
# the same while you edit).
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/.." && pwd)
[ $# -ge 2 ] || { sed -n 2,14p "$0" >&2; exit 2; }
site=$(cd "$1" && pwd)
links=$(cd "$(dirname "$2")" && pwd)/$(basename "$2")
folds=${3:-5}
. "$here/lib.sh"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export PYTHONPATH="$here${PYTHONPATH:+:$PYTHONPATH}"
for f in $(seq 0 $((folds - 1))); do
  python3 - "$site" "$links" "$folds" "$f" "$work/site-$f" > "$work/fold-$f.json" <<'PY'
import json, sys
import sitecopy
site, links, folds, fold, copy = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), sys.argv[5]
gold = sitecopy.links(links)
mine = {s: t for s, t in gold.items() if sitecopy.url_fold(s, folds) == fold}
unwrapped = sitecopy.copy_without(site, copy, mine)
print(json.dumps({"sources": {s: sorted(t) for s, t in sorted(mine.items())}, "unwrapped": unwrapped}))
PY
  echo "outbound-folds: fold $((f + 1))/$folds: $(python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print(len(d["sources"]), "pages,", d["unwrapped"], "links unwrapped")' "$work/fold-$f.json")" >&2
  linker index "$work/site-$f" --index "$work/index-$f" --quiet
  for ranker in weights learned; do
    linker suggest --all --index "$work/index-$f" --ranker "$ranker" --limit 10 -f jsonl -q > "$work/$ranker-$f.jsonl"
    linker suggest --all --index "$work/index-$f" --ranker "$ranker" --as-of --limit 10 -f jsonl -q \
      > "$work/$ranker-as-of-$f.jsonl"
  done
  rm -rf "$work/site-$f" "$work/index-$f"
done
python3 - "$work" "$folds" <<'PY'
import json, sys
work, folds = sys.argv[1], int(sys.argv[2])
pages = 0
recall = {r: 0.0 for r in ("weights", "learned", "weights-as-of", "learned-as-of")}
for f in range(folds):
    gold = json.load(open(f"{work}/fold-{f}.json"))["sources"]
    for ranker in recall:
        got = {}
        for line in open(f"{work}/{ranker}-{f}.jsonl"):
            row = json.loads(line)
            got[row["source"]] = [s["url"] for s in row["suggestions"]]
        for source, targets in gold.items():
            recall[ranker] += len(set(got.get(source, [])[:5]) & set(targets)) / len(targets)
    pages += len(gold)
print(f"pages with links: {pages} in {folds} folds")
for ranker, r in recall.items():
    print(f"{ranker.replace('-', ' '):16s} recall@5 {r / pages:.3f}")
PY
