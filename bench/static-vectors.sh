#!/usr/bin/env bash
# The build step of the static embedder's table (StaticEmbedder, "--embedder static"): every word piece of the bundled
# all-MiniLM-L6-v2's vocabulary through the model, PCA to 256 dimensions, SIF weights by Zipf's law, 8-bit rows.
# Writes core/src/main/resources/dev/linker/core/embed/static-minilm-pca256.bin unless given another path; then update
# StaticEmbedderTest's SHA-256 (the test prints the new one). About a minute.
#   bench/static-vectors.sh [OUT.bin]
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/.." && pwd)
out=${1:-$root/core/src/main/resources/dev/linker/core/embed/static-minilm-pca256.bin}
mkdir -p "$(dirname "$out")"
out=$(cd "$(dirname "$out")" && pwd)/$(basename "$out")
cd "$root"
exec bin/mvn21 -q -pl core process-test-classes -Dstatic.vectors="$out"
