# Shared by bench/*.sh (sourced): the figures of a `/usr/bin/time -v -o FILE` run, and `linker` (at the end).
#   time_secs FILE   wall-clock seconds (two decimals)
#   time_cpu FILE    user + system CPU seconds (one decimal)
#   time_rss_mb FILE peak resident set size in MB

time_secs() {
  awk -F': ' '/Elapsed \(wall clock\)/ {print $2}' "$1" | awk -F: '{ s = 0; for (i = 1; i <= NF; i++) s = s * 60 + $i; printf "%.2f", s }'
}

time_cpu() {
  awk -F': ' '/User time|System time/ { c += $2 } END { printf "%.1f", c }' "$1"
}

time_rss_mb() {
  awk -F': ' '/Maximum resident set size/ { printf "%.0f", $2 / 1024 }' "$1"
}

# linker ARGS...: `bin/linker`, or the jar JAR=FILE names (a copy stays the same while you edit); needs $root, the
# repository's folder.
linker() {
  if [ -n "${JAR:-}" ]; then
    . "$root/bin/jdk.sh"
    "$JAVA_HOME/bin/java" --add-modules jdk.incubator.vector --enable-native-access=ALL-UNNAMED -Xlog:disable \
      -jar "$JAR" "$@" 2> >(grep -v '^WARNING: Using incubator modules' >&2)
  else
    "$root/bin/linker" "$@"
  fi
}
