#!/usr/bin/env bash
# Spark plan benchmark (issue 14): generates a synthetic catalogue of PAGES pages with its links and vectors
# (bench/SparkCatalogue.java, seeded; cached under DIR) and runs bin/linker-spark plan on it in local mode with CORES
# cores and blocks of at most BLOCK pages, printing each step's time and shuffle bytes, the wall time and the peak RSS.
#
#   bench/spark-plan-benchmark.sh [PAGES=100000] [DIR=target/spark-catalogue-<PAGES>] [CORES=2] [BLOCK=50000]
#   LINKER_SPARK_JAVA_OPTS=-Xmx8g bench/spark-plan-benchmark.sh 1000000
# Needs: /usr/bin/time (Debian: time); builds spark/target/linker-spark.jar when missing.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
pages=${1:-100000}
dir=${2:-$root/target/spark-catalogue-$pages}
cores=${3:-2}
block=${4:-50000}
. "$root/bin/jdk.sh"
[ -x /usr/bin/time ] || { echo "spark-plan-benchmark: /usr/bin/time missing (apt-get install time)" >&2; exit 2; }
jar=$root/spark/target/linker-spark.jar
[ -f "$jar" ] || (cd "$root" && mvn -B -q -DskipTests -Dskip.npm=true -Dinvoker.skip=true -pl spark -am package)
cp="$jar:$(cat "$root/spark/target/spark-classpath.txt")"
if [ ! -f "$dir/done" ]; then
  rm -rf "$dir"
  mkdir -p "$dir"
  SPARK_LOCAL_IP=127.0.0.1 "$JAVA_HOME/bin/java" --sun-misc-unsafe-memory-access=allow \
    -Dlog4j2.configurationFile=linker-spark-log4j2.properties -cp "$cp" "$root/bench/SparkCatalogue.java" "$dir" "$pages"
  touch "$dir/done"
fi
out="$dir/plan-c$cores-b$block"
log="$out.log"
set +e
/usr/bin/time -v -o "$out.time" "$root/bin/linker-spark" plan --master "local[$cores]" --pages "$dir/pages.parquet" \
  --links "$dir/links" --vectors "$dir/vectors" --out "$out" --block-pages "$block" 2> "$log"
code=$?
set -e
grep -E '^linker-spark: (step|stage|[0-9].* candidate|assignment|authority|planning|vectors|read|[0-9]+ block)' "$log" \
  | grep -v 'tasks done$' || true
wall=$(grep 'Elapsed (wall clock)' "$out.time" | awk '{print $NF}')
rss=$(grep 'Maximum resident set size' "$out.time" | awk '{print $NF}')
echo "spark plan: $pages pages, local[$cores], blocks <= $block: exit $code, wall $wall, peak RSS $((rss / 1024)) MB"
echo "full log: $log"
exit "$code"
