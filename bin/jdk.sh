# Sourced by bin/* and .ci/run: exports JAVA_HOME pointing at a JDK >= 21.
# Order: $JAVA_HOME if it is >= 21; else the newest JDK under /usr/lib/jvm (or /opt/java, /usr/local/java);
# else the java on PATH if it is >= 21. Fails with a message naming what it found.
_linker_java_major() { # $1 = java executable; prints the feature version (17, 21, 25 ...)
  "$1" -XshowSettings:properties -version 2>&1 | awk -F'= ' '/java.specification.version/ {print $2; exit}' | cut -d. -f1
}
_linker_pick_jdk() {
  local want=21 cand best="" bestv=0 v
  if [ -n "${JAVA_HOME:-}" ] && [ -x "$JAVA_HOME/bin/javac" ]; then
    v=$(_linker_java_major "$JAVA_HOME/bin/java")
    if [ "${v:-0}" -ge "$want" ]; then echo "$JAVA_HOME"; return 0; fi
  fi
  for cand in /usr/lib/jvm/* /opt/java/* /usr/local/java/*; do
    [ -x "$cand/bin/javac" ] || continue
    v=$(_linker_java_major "$cand/bin/java")
    if [ "${v:-0}" -ge "$want" ] && [ "$v" -gt "$bestv" ]; then best=$cand; bestv=$v; fi
  done
  if [ -n "$best" ]; then echo "$best"; return 0; fi
  if command -v javac >/dev/null 2>&1; then
    cand=$(dirname "$(dirname "$(readlink -f "$(command -v javac)")")")
    v=$(_linker_java_major "$cand/bin/java")
    if [ "${v:-0}" -ge "$want" ]; then echo "$cand"; return 0; fi
  fi
  return 1
}
if _linker_jdk=$(_linker_pick_jdk); then
  export JAVA_HOME="$_linker_jdk"
  export PATH="$JAVA_HOME/bin:$PATH"
  # Maven 3.8's jansi writes a stray colour reset (ESC[0m) on exit even in batch mode; keep the output clean.
  case " ${MAVEN_OPTS:-} " in *jansi.noreset*) ;; *) export MAVEN_OPTS="${MAVEN_OPTS:-} -Djansi.noreset=true" ;; esac
  # Maven's bundled Guava calls sun.misc.Unsafe; JDK 24+ warns about it on every run. Allow it quietly there.
  if [ "$(_linker_java_major "$JAVA_HOME/bin/java")" -ge 24 ] 2>/dev/null; then
    case " ${MAVEN_OPTS:-} " in *sun-misc-unsafe*) ;; *) export MAVEN_OPTS="${MAVEN_OPTS:-} --sun-misc-unsafe-memory-access=allow" ;; esac
  fi
else
  echo "linker: no JDK >= 21 found (looked at \$JAVA_HOME, /usr/lib/jvm, PATH). Install one, e.g. 'apt-get install openjdk-21-jdk' or Temurin 21+, and/or set JAVA_HOME." >&2
  return 2 2>/dev/null || exit 2
fi
unset _linker_jdk
