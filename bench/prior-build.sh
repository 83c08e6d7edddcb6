#!/bin/bash
# Builds the prior Linker carries (lucene-index/src/main/resources/dev/linker/index/rank/prior.json.gz; issue 44,
# item 1) and judges it the way a user can: leave one group out, through `linker eval`.
#   1. indexes every site bench/prior-corpora.sh built (CORPORA/<group>/<site>/) and PostgreSQL's shared corpus,
#      each with `linker index --no-learn` (IX/<group>_<site>/; an index already there is kept);
#   2. learns the prior from every undated site's links (the blogs are not in it: Prior.DATED_SHARE), and for each
#      group one without it (IX/priors-without/prior-without-GROUP.json.gz), printing their held-out recall@5;
#   3. with REPORT=1, runs `linker eval SITE --prior IX/priors-without/prior-without-GROUP.json.gz --no-learned` on
#      each site: the weights' row and the row of a prior that never saw the site's group.
# Usage: bench/prior-build.sh [CORPORA] [IX]   (defaults /tmp/prior-corpora and /tmp/prior-indexes). Indexing the 31
# sites takes about an hour here; learning, about four minutes. The same indexes give the same files (one thread,
# fixed seeds). Drafts keep the weights (PRIOR_DRAFTS=false): on PostgreSQL's drafts the prior put fewer pages in
# the top 5 than the weights (see lucene-index/README.md, "The prior").
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
. "$root/bench/lib.sh"
corpora=${1:-/tmp/prior-corpora}
ix=${2:-/tmp/prior-indexes}
pg=$root/../shared/corpus/postgresql-15/site
[ -d "$corpora" ] || { echo "prior-build: $corpora does not exist; run bench/prior-corpora.sh $corpora first" >&2; exit 2; }
[ -d "$pg" ] || { echo "prior-build: $pg does not exist (the shared PostgreSQL corpus)" >&2; exit 2; }
mkdir -p "$ix"
(cd "$root" && bin/mvn21 -B -q -o install -DskipTests -Dskip.npm=true -Dinvoker.skip=true)

sites="pg=$ix/postgresql-15"
dirs=("$pg")
names=(postgresql-15)
groups=(pg)
for d in "$corpora"/*/*/; do
  d=${d%/}
  group=$(basename "$(dirname "$d")" | tr -d -- '-')
  name=$(basename "$(dirname "$d")")_$(basename "$d")
  sites="$sites,$group=$ix/$name"
  dirs+=("$d")
  names+=("$name")
  groups+=("$group")
done
for i in "${!dirs[@]}"; do
  out=$ix/${names[$i]}
  [ -f "$out.done" ] && continue
  echo "prior-build: indexing ${dirs[$i]}" >&2
  rm -rf "$out"
  linker index "${dirs[$i]}" --index "$out" --no-learn -q
  touch "$out.done"
done

(cd "$root" && bin/mvn21 -B -o -q test -pl lucene-index -Dtest=PriorBuild -Dsurefire.failIfNoSpecifiedTests=false \
  -Dskip.npm=true -Dlinker.prior.sites="$sites" -Dlinker.prior.drafts="${PRIOR_DRAFTS:-false}" \
  -Dlinker.prior.out="$root/lucene-index/src/main/resources/dev/linker/index/rank/prior.json.gz" \
  -Dlinker.prior.without="$ix/priors-without" 2>&1 | grep --line-buffered '^PRIOR-BUILD')

if [ "${REPORT:-0}" = 1 ]; then
  for i in "${!dirs[@]}"; do
    group=${groups[$i]}
    echo "== ${names[$i]} (held out with its group, $group)"
    linker eval "${dirs[$i]}" --index "$ix/${names[$i]}" --prior "$ix/priors-without/prior-without-$group.json.gz" \
      --no-learned -q \
      | grep -E '^(weights|prior) |^  the prior'
  done
fi
