#!/bin/sh
# Builds a multilingual corpus (one site per language) from a Debian manual packaged with its translations.
# Usage: bench/debian-docs-corpus.sh PACKAGE OUT
#   installation-guide  the Debian installation guide (installation-guide-amd64 20230508+deb12u1; GPL-2+, the Debian
#                       Installer team and translators): 84 DocBook pages a language in 19 languages, Russian and Korean
#                       among them (the Debian Reference lacks both); default OUT /tmp/ig-corpus.
#   handbook            The Debian Administrator's Handbook (debian-handbook 11.20220922; GPL-2+ or CC-BY-SA 3.0,
#                       Raphael Hertzog, Roland Mas and translators): 127 pages a language in 26 languages, some of them
#                       half untranslated; default OUT /tmp/dh-corpus.
# Needs apt-get and dpkg. Each OUT/LANG/ holds that language's HTML pages; their <html> declares no language.
set -eu
case "${1:-}" in
  installation-guide) deb=installation-guide-amd64; from=usr/share/doc/installation-guide-amd64; def=/tmp/ig-corpus ;;
  handbook) deb=debian-handbook; from=usr/share/doc/debian-handbook/html; def=/tmp/dh-corpus ;;
  *) echo "usage: $0 installation-guide|handbook [OUT]" >&2; exit 2 ;;
esac
out=${2:-$def}
work=$(mktemp -d)
cd "$work"
apt-get download "$deb" >/dev/null
dpkg -x "$deb"_*.deb x
for dir in x/"$from"/*/; do
  lang=$(basename "$dir")
  mkdir -p "$out/$lang"
  cp "$dir"*.html "$out/$lang/"
done
ls "$out"
rm -rf "$work"
