# Sourced by bin/linker and bin/linker-spark: linker_java_quiet ARGS... runs "$JAVA_HOME/bin/java" ARGS and exits with
# its code. The JVM announces "WARNING: Using incubator modules: jdk.incubator.vector" as its first line on stderr when
# Lucene's SIMD module is added, and no flag turns that off: drop that one line and pass the rest through as it comes
# (cat, not a line-buffered filter, so progress that redraws a line still shows). Java runs as a child (stdin kept,
# signals forwarded); the function exits once the filter has written everything.
drop_first_warning() {
  IFS= read -r first || { printf '%s' "$first" >&2; exit 0; }
  case "$first" in "WARNING: Using incubator modules:"*) ;; *) printf '%s\n' "$first" >&2 ;; esac
  exec cat >&2
}
linker_java_quiet() {
  local tmp filter pid rc
  tmp=$(mktemp -d "${TMPDIR:-/tmp}/linker.XXXXXX")
  mkfifo "$tmp/stderr"
  drop_first_warning < "$tmp/stderr" &
  filter=$!
  "$JAVA_HOME/bin/java" "$@" <&0 2> "$tmp/stderr" &
  pid=$!
  trap 'kill -TERM "$pid" 2>/dev/null' TERM HUP
  trap 'kill -INT "$pid" 2>/dev/null' INT
  rc=0
  wait "$pid" || rc=$?
  while kill -0 "$pid" 2>/dev/null; do # a signal interrupted the wait: java is still stopping
    rc=0
    wait "$pid" || rc=$?
  done
  wait "$filter" || true
  rm -rf "$tmp"
  exit "$rc"
}
