#!/usr/bin/env bash
# The WordPress plug-in's build checks, run by Maven before the zip is made (cms-widget/pom.xml):
#   php -l on every PHP file; every translatable string in the 'linker' text domain (check-i18n.php, PHP's own
#   tokenizer); the version alike in linker.php's header, readme.txt's stable tag and the zip's name ($1).
# Without PHP it skips with one line saying so — but with CI=true it fails.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"
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
echo "linker: php -l and text domain checked on $n PHP files of the WordPress plug-in $version"
