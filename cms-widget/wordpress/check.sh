#!/usr/bin/env bash
# The WordPress plug-in's build checks, run by Maven before the zip is made (cms-widget/pom.xml):
#   php -l on every PHP file; every translatable string in the 'linker' text domain (check-i18n.php, PHP's own
#   tokenizer); phpcs with phpcs.xml (Debian's php-codesniffer); node --check on the scripts; the version alike in
#   linker.php's header, readme.txt's stable tag and the zip's name ($1).
# Without PHP it skips with one line saying so — but with CI=true it fails.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"
# Nothing here reads standard input: never the terminal's keystrokes, nor whatever Maven's closed fd 0 became.
exec </dev/null
version=${1:?usage: check.sh VERSION}
header=$(sed -n 's/^ \* Version: *//p' linker/linker.php)
stable=$(sed -n 's/^Stable tag: *//p' linker/readme.txt)
const=$(sed -n "s/^const LINKER_VERSION *= *'\(.*\)';/\1/p" linker/linker.php)
if [ "$header" != "$version" ] || [ "$stable" != "$version" ] || [ "$const" != "$version" ]; then
  echo "linker: plug-in versions disagree: pom $version, linker.php header '$header', LINKER_VERSION '$const', readme.txt stable tag '$stable'" >&2
  exit 1
fi
if ! command -v php >/dev/null 2>&1; then
  if [ "${CI:-}" = true ]; then
    echo "linker: php not found (apt-get install php-cli); CI=true, so this fails" >&2
    exit 1
  fi
  echo "[WARNING] linker: php not found: the plug-in's PHP files were not checked (apt-get install php-cli)" >&2
  exit 0
fi
n=0
while IFS= read -r -d '' f; do
  php -l "$f" >/dev/null || { php -l "$f" >&2; exit 1; }
  n=$((n + 1))
done < <(find linker -name '*.php' -print0)
php check-i18n.php linker
# Coding standards: PHP_CodeSniffer's own sniffs chosen in phpcs.xml (WordPress style where a built-in sniff has it,
# and the security-relevant ones); WPCS itself is no Debian package. Needs php-codesniffer (CI installs it).
if command -v phpcs >/dev/null 2>&1; then
  phpcs -q --standard=phpcs.xml --report=full linker || { echo "linker: phpcs found the problems above (cms-widget/wordpress/phpcs.xml; phpcbf --standard=phpcs.xml linker fixes the marked ones)" >&2; exit 1; }
  sniffs="phpcs ($(phpcs -e --standard=phpcs.xml | grep -c '^  [A-Z]') sniffs of phpcs.xml)"
elif [ "${CI:-}" = true ]; then
  echo "linker: phpcs not found (apt-get install php-codesniffer); CI=true, so this fails" >&2
  exit 1
else
  echo "[WARNING] linker: phpcs not found: the plug-in's coding standards were not checked (apt-get install php-codesniffer)" >&2
  sniffs="no phpcs"
fi
# The scripts: syntax only (node --check), where Node.js is installed.
js=0
if command -v node >/dev/null 2>&1; then
  for f in linker/*.js; do
    node --check "$f" || exit 1
    js=$((js + 1))
  done
fi
echo "linker: php -l, text domain and $sniffs on $n PHP files, node --check on $js scripts of the WordPress plug-in $version"
