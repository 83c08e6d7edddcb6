#!/usr/bin/env bash
# The local embedder at 1 thread (before issue 32) and at all cores (after), back to back in one run, with the
# ratios: titles/s, 256-token passages/s, whole pages/s, CPU per item, one shared session against N sessions.
# Prints the machine's load first: on a shared machine compare the ratios, and measure when `uptime` is low.
#   bench/embed-benchmark.sh [pages.csv (default: the shared PostgreSQL corpus)] [EmbedBenchmark arguments ...]
#   e.g. bench/embed-benchmark.sh ../shared/corpus/postgresql-15/pages.csv --threads 4 --rounds 3
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/.." && pwd)
csv=${1:-$root/../shared/corpus/postgresql-15/pages.csv}
shift || true
[ -f "$csv" ] || { echo "embed-benchmark: no such file: $csv" >&2; exit 2; }
echo "uptime: $(uptime)"
cd "$root"
exec bin/mvn21 -q -o -pl core -am process-test-classes -Dembed.benchmark \
    -Dembed.benchmark.args="$(cd "$(dirname "$csv")" && pwd)/$(basename "$csv") $*"
