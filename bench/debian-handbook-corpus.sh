#!/bin/sh
# Builds a third multilingual corpus (one site per language) from The Debian Administrator's Handbook: 127 Publican
# pages a language, in 26 languages. Usage: bench/debian-handbook-corpus.sh OUT   (default /tmp/dh-corpus); needs
# apt-get and dpkg. Package: debian-handbook 11.20220922 (Debian 12; GPL-2+ or CC-BY-SA 3.0, Raphaël Hertzog, Roland
# Mas and translators). Each OUT/LANG/ (en-US, ru-RU, …) holds that language's HTML pages.
set -eu
out=${1:-/tmp/dh-corpus}
work=$(mktemp -d)
cd "$work"
apt-get download debian-handbook >/dev/null
dpkg -x debian-handbook_*.deb x
for dir in x/usr/share/doc/debian-handbook/html/*/; do
  lang=$(basename "$dir")
  mkdir -p "$out/$lang"
  cp "$dir"*.html "$out/$lang/"
done
ls "$out"
rm -rf "$work"
