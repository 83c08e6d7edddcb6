# Sourced by bin/linker and bin/linker-spark: linker_java_quiet ARGS... runs "$JAVA_HOME/bin/java" ARGS and exits with
# its code. The JVM announces "WARNING: Using incubator modules: jdk.incubator.vector" as its first line on stderr when
# Lucene's SIMD module is added, and no flag turns that off: drop that one line and pass the rest through as it comes
# (cat, not a line-buffered filter, so progress that redraws a line still shows).
#
# Signals, as with java run directly: Java runs as a child (stdin kept) in the terminal's foreground process group,
# so Ctrl-C reaches it; SIGTERM, SIGHUP and SIGINT sent to this script are forwarded to it. A background child of a
# non-interactive bash starts with SIGINT and SIGQUIT ignored (and a JVM started so never handles them): the child
# restores their defaults before it becomes java. The filter ignores them all and ends when java's stderr closes, so
# what Java prints while stopping is not lost; this function exits once the filter has written everything.
drop_first_warning() {
  trap '' INT QUIT TERM HUP
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
  (trap - INT QUIT; exec "$JAVA_HOME/bin/java" "$@" <&0 2> "$tmp/stderr") &
  pid=$!
  trap 'kill -TERM "$pid" 2>/dev/null' TERM
  trap 'kill -HUP "$pid" 2>/dev/null' HUP
  trap 'kill -INT "$pid" 2>/dev/null' INT
  # Ctrl-\ asks the JVM for a thread dump (it gets the signal from the terminal): this script stays.
  trap '' QUIT
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
