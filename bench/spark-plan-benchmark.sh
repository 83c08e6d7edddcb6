#!/usr/bin/env bash
# Spark plan benchmarks.
#
# On a real site, before and after (issue 32):
#   bench/spark-plan-benchmark.sh --compare BEFORE_DIR [SITE=../shared/corpus/go-blog] [CORES=2]
# BEFORE_DIR holds the jars of the commit to compare with (linker-spark.jar, spark-classpath.txt, linker.jar: build
# that commit with `bin/mvn21 -B -o -q package -DskipTests -Dskip.npm=true -Dinvoker.skip=true -pl cli,spark -am`
# and copy spark/target/linker-spark.jar, spark/target/spark-classpath.txt and cli/target/linker.jar there). SITE
# holds pages.csv and links.jsonl. Embeds the pages once (untimed, kept in target/spark-compare-<site>/vectors), then,
# back to back on the same vectors: `linker index --vectors` + `linker plan` (this tree's cli jar), the Spark plan
# job in local[CORES] with BEFORE_DIR's jar, and twice with this tree's; prints each time, the ratios, and whether the
# two runs of this tree wrote byte-identical plan.csv files (and the one linker plan wrote).
#
# Synthetic catalogue (issue 14): generates a synthetic catalogue of PAGES pages with its links and vectors
# (bench/SparkCatalogue.java, seeded; cached under DIR) and runs bin/linker-spark plan on it in local mode with CORES
# cores and blocks of at most BLOCK pages, printing each step's time and shuffle bytes, the wall time and the peak RSS.
#
#   bench/spark-plan-benchmark.sh [PAGES=100000] [DIR=target/spark-catalogue-<PAGES>] [CORES=2] [BLOCK=50000]
#   LINKER_SPARK_JAVA_OPTS=-Xmx8g bench/spark-plan-benchmark.sh 1000000
# Needs: /usr/bin/time (Debian: time); builds spark/target/linker-spark.jar when missing.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
if [ "${1:-}" = --compare ]; then
  before=${2:?"--compare BEFORE_DIR: a folder with linker-spark.jar, spark-classpath.txt and linker.jar"}
  site=${3:-$root/../shared/corpus/go-blog}
  cores=${4:-2}
  for f in linker-spark.jar spark-classpath.txt linker.jar; do
    [ -f "$before/$f" ] || { echo "spark-plan-benchmark: $before/$f missing (see the comment at the top)" >&2; exit 2; }
  done
  for f in pages.csv links.jsonl; do
    [ -f "$site/$f" ] || { echo "spark-plan-benchmark: $site/$f missing" >&2; exit 2; }
  done
  . "$root/bin/jdk.sh"
  [ -f "$root/spark/target/linker-spark.jar" ] && [ -f "$root/cli/target/linker.jar" ] || (cd "$root" && \
    bin/mvn21 -B -q -DskipTests -Dskip.npm=true -Dinvoker.skip=true -pl cli,spark -am package)
  work=$root/target/spark-compare-$(basename "$site")
  mkdir -p "$work"
  now() { date +%s.%N; }
  secs() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1f", b - a }'; }
  ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }
  # JAR_DIR ARGS...: the Spark job as bin/linker-spark runs it, from the jars in JAR_DIR.
  spark_job() {
    local d=$1 flags=(--enable-native-access=ALL-UNNAMED --add-modules jdk.incubator.vector)
    shift
    [ "$(_linker_java_major "$JAVA_HOME/bin/java")" -ge 23 ] && flags+=(--sun-misc-unsafe-memory-access=allow)
    SPARK_LOCAL_IP=127.0.0.1 "$JAVA_HOME/bin/java" "${flags[@]}" -Dlog4j2.configurationFile=linker-spark-log4j2.properties \
      -cp "$d/linker-spark.jar:$(cat "$d/spark-classpath.txt")" dev.linker.spark.LinkerSpark "$@"
  }
  linker() {
    "$JAVA_HOME/bin/java" --add-modules jdk.incubator.vector --enable-native-access=ALL-UNNAMED \
      -jar "$root/cli/target/linker.jar" "$@"
  }
  after=$work/after-jars
  mkdir -p "$after"
  cp "$root/spark/target/linker-spark.jar" "$root/spark/target/spark-classpath.txt" "$after/"
  if [ ! -f "$work/vectors/_SUCCESS" ]; then
    echo "embedding $site/pages.csv once (not timed) ..." >&2
    spark_job "$after" embed -q --master "local[$cores]" --pages "$site/pages.csv" --out "$work/vectors" > /dev/null
  fi
  plan_args=(--pages "$site/pages.csv" --links "$site/links.jsonl" --vectors "$work/vectors")
  rm -rf "$work/index" "$work/index-no-learn"
  # The Spark job learns no ranker (it takes one with --ranker): --no-learn is the like-for-like one-machine run.
  t=$(now)
  linker index -q "$site/pages.csv" --links "$site/links.jsonl" --vectors "$work/vectors" --no-learn \
    --index "$work/index-no-learn" > /dev/null 2> "$work/index-no-learn.log"
  tn=$(now)
  t0=$(now)
  linker index -q "$site/pages.csv" --links "$site/links.jsonl" --vectors "$work/vectors" --index "$work/index" \
    > /dev/null 2> "$work/index.log"
  t1=$(now)
  linker plan -q --index "$work/index" -o "$work/linker-plan.csv" 2> "$work/linker-plan.log"
  t2=$(now)
  nolearn=$(awk -v a="$(secs "$t" "$tn")" -v b="$(secs "$t1" "$t2")" 'BEGIN { printf "%.1f", a + b }')
  spark_job "$before" plan --master "local[$cores]" "${plan_args[@]}" --out "$work/before" 2> "$work/before.log" \
    > /dev/null
  t3=$(now)
  spark_job "$after" plan --master "local[$cores]" "${plan_args[@]}" --out "$work/after-1" 2> "$work/after-1.log" \
    > "$work/after-1.out"
  t4=$(now)
  spark_job "$after" plan --master "local[$cores]" "${plan_args[@]}" --out "$work/after-2" 2> "$work/after-2.log" \
    > /dev/null
  t5=$(now)
  one=$(secs "$t0" "$t2")
  b=$(secs "$t2" "$t3")
  a1=$(secs "$t3" "$t4")
  a2=$(secs "$t4" "$t5")
  echo "site: $site, local[$cores], $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg)"
  echo "one machine: linker index $(secs "$t0" "$t1") s + linker plan $(secs "$t1" "$t2") s = $one s" \
    "(with --no-learn, as the Spark job: index $(secs "$t" "$tn") s + plan = $nolearn s)"
  x() { echo "$(ratio "$1" "$one") x one machine, $(ratio "$1" "$nolearn") x with --no-learn"; }
  echo "spark plan before ($before): $b s ($(x "$b"))"
  echo "spark plan after, run 1: $a1 s ($(x "$a1"); before/after $(ratio "$b" "$a1"))"
  echo "spark plan after, run 2: $a2 s ($(x "$a2"); before/after $(ratio "$b" "$a2"))"
  grep -h 'links planned' "$work/after-1.log" "$work/after-1.out" 2> /dev/null | sed 's/^/after: /' || true
  grep -h 'shuffle partitions' "$work/after-1.log" | sed 's/^/after: /' || true
  same() { cmp -s "$1" "$2" && echo "byte-identical" || echo "DIFFERENT"; }
  echo "plan.csv after run 1 vs run 2: $(same "$work/after-1/plan.csv" "$work/after-2/plan.csv")"
  echo "plan.csv after vs linker plan: $(same "$work/after-1/plan.csv" "$work/linker-plan.csv")"
  echo "plan.csv before vs linker plan: $(same "$work/before/plan.csv" "$work/linker-plan.csv")"
  echo "logs and plans: $work"
  exit 0
fi
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
