# Sourced by bin/linker, action/linker-action.sh and bench/catalogue-benchmark.sh: the JVM flags of `linker audit`.
# linker_audit_flags ARG... sets the array audit_jvm_flags. The audit is a batch job without Lucene: serial GC; C1 only
# starts fast (a documentation site of 1,200 pages audits in 1.4 s, against 2.8 s with the full JIT, on 2 cores), but
# past about 10,000 pages the full JIT is twice as fast (100,000 pages: 78 s against 37 s). So an argument
# naming a folder with 10,000 or more HTML files (the site; an --output folder has few) gets the full JIT (find stops
# at the 10,000th file).
linker_audit_flags() {
  audit_jvm_flags=(-XX:+UseSerialGC -Xshare:auto -XX:TieredStopAtLevel=1)
  local a n
  for a in "$@"; do
    if [ -d "$a" ]; then
      n=$(set +o pipefail; find "$a" -type f \( -name '*.html' -o -name '*.htm' \) 2>/dev/null | head -n 10000 | wc -l)
      if [ "$n" -ge 10000 ]; then audit_jvm_flags=(-XX:+UseSerialGC -Xshare:auto); return 0; fi
    fi
  done
}
