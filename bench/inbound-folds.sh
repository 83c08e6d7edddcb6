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
. "$here/lib.sh"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export PYTHONPATH="$here${PYTHONPATH:+:$PYTHONPATH}"
for f in $(seq 0 $((folds - 1))); do
  python3 - "$site" "$links" "$folds" "$f" "$work/site-$f" > "$work/fold-$f.json" <<'PY'
import json, sys
import sitecopy
site, links, folds, fold, copy = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), sys.argv[5]
gold = {}
for source, targets in sitecopy.links(links).items():
    for t in targets:
        gold.setdefault(t, set()).add(source)
# Targets sorted, shuffled as Collections.shuffle does, dealt in turn (as linker eval --inbound deals them).
mine = set(sitecopy.java_shuffled(sorted(gold), 20261128)[fold::folds])
hidden = {}
for t in mine:
    for s in gold[t]:
        hidden.setdefault(s, set()).add(t)
unwrapped = sitecopy.copy_without(site, copy, hidden)
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
