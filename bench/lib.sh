# Shared by bench/*.sh (sourced): the figures of a `/usr/bin/time -v -o FILE` run.
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
