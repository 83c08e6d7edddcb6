#!/usr/bin/env bash
# Runs `linker audit` for the GitHub Action (action.yml). Inputs arrive as INPUT_* environment variables, never
# expanded into this script by the workflow engine, so a value cannot inject shell code. Writes annotations to stdout
# (workflow commands), the Markdown report to $GITHUB_STEP_SUMMARY, exit_code and findings to $GITHUB_OUTPUT.
set -uo pipefail

die() { echo "::error title=Linker::$*"; echo "exit_code=2" >> "${GITHUB_OUTPUT:-/dev/null}"; exit 2; }

jar="${LINKER_JAR:-}"
[ -n "$jar" ] && [ -f "$jar" ] || die "the Linker CLI jar '${jar}' does not exist (input 'jar', or the build step failed)"
java_bin="java"
[ -n "${JAVA_HOME:-}" ] && [ -x "$JAVA_HOME/bin/java" ] && java_bin="$JAVA_HOME/bin/java"

cd "${GITHUB_WORKSPACE:-.}" || die "cannot enter the workspace '${GITHUB_WORKSPACE:-}'"

site="${INPUT_SITE_DIR:-}"
[ -n "$site" ] || die "input 'site-dir' is required: the folder of built HTML (public/, _site/, dist/ …)"
[ -d "$site" ] || die "site-dir '$site' does not exist in $(pwd) — build the site in an earlier step"

out="${RUNNER_TEMP:-${TMPDIR:-/tmp}}/linker-report"
rm -rf "$out" && mkdir -p "$out" || die "cannot create the report folder $out"

fail_on="${INPUT_FAIL_ON:-error}"
case "$fail_on" in error|warning|never) ;; *) die "input 'fail-on' must be error, warning or never, not '$fail_on'" ;; esac

# changed-only: "auto" (the default) means on for pull requests, off otherwise.
changed="${INPUT_CHANGED_ONLY:-auto}"
if [ "$changed" = "auto" ]; then
  case "${GITHUB_EVENT_NAME:-}" in pull_request|pull_request_target) changed=true ;; *) changed=false ;; esac
fi
case "$changed" in true|false) ;; *) die "input 'changed-only' must be true, false or auto, not '$changed'" ;; esac

formats="github,markdown,json"
[ -n "${INPUT_SARIF:-}" ] && formats="$formats,sarif"

args=(audit "$site" --format "$formats" --output "$out" --fail-on "$fail_on"
      --max-annotations "${INPUT_MAX_ANNOTATIONS:-50}")
[ -n "${INPUT_BASE_URL:-}" ] && args+=(--base-url "$INPUT_BASE_URL")
[ -n "${INPUT_CONFIG:-}" ] && args+=(--config "$INPUT_CONFIG")
[ -n "${INPUT_BASELINE:-}" ] && args+=(--baseline "$INPUT_BASELINE")
[ -n "${INPUT_SOURCES:-}" ] && args+=(--sources "$INPUT_SOURCES")
[ "$changed" = "true" ] && args+=(--changed-only)
if [ -n "${INPUT_ARGS:-}" ]; then
  # Extra arguments are split on whitespace only (no globbing, no expansion): read -a does exactly that.
  read -r -a extra <<< "$INPUT_ARGS"
  args+=("${extra[@]}")
fi

echo "linker ${args[*]}" >&2
. "$(dirname "${BASH_SOURCE[0]}")/../bin/audit-jvm.sh" # the JVM flags bin/linker uses: the JIT by the site's size
linker_audit_flags "$site"
"$java_bin" "${audit_jvm_flags[@]}" ${LINKER_JAVA_OPTS:-} -jar "$jar" "${args[@]}" 2> "$out/stderr.txt"
code=$?
cat "$out/stderr.txt" >&2

# Annotations: the CLI already orders them most severe first and caps them (--max-annotations).
[ -f "$out/report.github.txt" ] && cat "$out/report.github.txt"

findings=0
if [ -f "$out/report.json" ]; then
  findings=$(jq '.findings | length' "$out/report.json")
fi

if [ -n "${GITHUB_STEP_SUMMARY:-}" ]; then
  if [ -f "$out/report.md" ]; then
    # GitHub rejects a step summary over 1 MiB; the Markdown reporter stays under it, this is the last guard.
    if [ "$(wc -c < "$out/report.md")" -lt 1048000 ]; then
      cat "$out/report.md" >> "$GITHUB_STEP_SUMMARY"
    else
      head -c 1040000 "$out/report.md" >> "$GITHUB_STEP_SUMMARY"
      printf '\n\n… cut at 1 MiB; the full report is the JSON file.\n' >> "$GITHUB_STEP_SUMMARY"
    fi
  else
    { echo "### Linker"; echo; echo "The audit did not run (exit code $code):"; echo; echo '```'; cat "$out/stderr.txt"; echo '```'; } >> "$GITHUB_STEP_SUMMARY"
  fi
fi

if [ -n "${INPUT_SARIF:-}" ] && [ -f "$out/report.sarif" ]; then
  mkdir -p "$(dirname "$INPUT_SARIF")" && cp "$out/report.sarif" "$INPUT_SARIF"
fi

if [ -n "${GITHUB_OUTPUT:-}" ]; then
  { echo "exit_code=$code"; echo "findings=$findings"; echo "report_dir=$out"; } >> "$GITHUB_OUTPUT"
fi

if [ "$code" -ge 2 ]; then
  # Usage, configuration or git errors (and bugs) fail the step whatever fail-on says: the audit did not run.
  echo "::error title=Linker::the audit did not run (exit code $code): $(tail -n 1 "$out/stderr.txt" | sed 's/%/%25/g')"
fi
exit "$code"
