#!/usr/bin/env bash
# Load benchmark of the suggestion server (POST /api/v1/suggestions) over a synthetic 100k-page index.
# See BENCHMARKS.md, section "Server". Builds nothing outside server/target (the index is cached there).
#
#   bench/server-load.sh                                   # build index once, editing + cold at 1, 4, 16 authors
#   bench/server-load.sh --soak-minutes 10 --soak-rate 20 --modes none   # soak only
#   bench/server-load.sh --client wrk --concurrency 4 --modes editing    # load sent by wrk (apt-get install wrk)
#   bench/server-load.sh --client wrk --concurrency 4 --modes editing --bulk-sync 50   # each run alone, then beside a bulk sync
#   bench/server-load.sh --client engine --concurrency 4 --duration 30   # the engine alone: CPU per edit, one thread
#   bench/server-load.sh --reloads 20                      # the snapshot's reload after each 50-page write (CPU)
#
# Arguments go to dev.linker.server.bench.ServerLoadBenchmark:
#   --dir DIR (default server/target/load-bench; relative paths are relative to server/)  --pages 100k
#   --concurrency 1,4,16  --duration 30 (s per run)  --modes editing,cold|none  --rebuild  --build-only
#   --client java|wrk|engine (load generator of the editing/cold runs; default java: a java.net.http client in the driver
#     JVM; wrk takes less CPU from the server on a small machine; warm-up and soak always use java; engine: no server,
#     the largest --concurrency authors' edits go to the draft engine on one thread of the driver, for --duration s of
#     warm-up and as long measured: CPU ms per edit, the steadiest figure to compare two versions of the engine by)
#   --wrk-threads N (wrk's -t; default 1)
#   --soak-minutes M  --soak-rate R (requests/s)  --soak-authors 16  --soak-new-draft-every 4  --server-jvm "-Xmx1g;-XX:..." (JVM options of the server, ";"-separated)
#   --draft-cache ENTRIES (the server's draft chunk cache bound; default 50000)
#   --draft-reuse-words N (the server's --draft-reuse-words: default 4, 0 turns reuse of chunk vectors off)
#   --bulk-sync PAGES (each editing/cold run again with PUT /api/v1/pages batches of PAGES edited pages sent back to back
#     beside it, as a CMS's whole-site sync sends them: rows "editing" and "editing+sync", the sync's pages/s in a note)
#   --reloads ROUNDS (no server and no load: ROUNDS times, a batch of --bulk-sync pages (default 50) is written and
#     the suggester's snapshot loaded again on one thread of the driver; prints the CPU per reload. Edits the index.)
# Environment: BENCH_HEAP (heap of the driver JVM that also builds the index; default 2g).
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
exec "$here/bin/mvn21" -B -q -o -pl server -am process-test-classes -Dskip.npm=true \
  -Dserver.benchmark -Dserver.benchmark.heap="${BENCH_HEAP:-2g}" -Dserver.benchmark.args="$*"
