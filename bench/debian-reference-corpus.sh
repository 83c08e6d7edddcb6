#!/bin/sh
# Builds a multilingual corpus (one site per language) from the Debian Reference manual's translations.
# Usage: bench/debian-reference-corpus.sh OUT   (default /tmp/lang-corpus); needs apt-get and dpkg.
# Packages: debian-reference-{en,de,fr,es,it,pt,ja,zh-cn} 2.100 (Debian; GPL-2+, Osamu Aoki and translators).
# Each OUT/LANG/ holds that language's 15 HTML pages (chNN.LANG.html, apa, index, pr01), linked to each other.
set -eu
out=${1:-/tmp/lang-corpus}
work=$(mktemp -d)
cd "$work"
for lang in en de fr es it pt ja zh-cn; do apt-get download "debian-reference-$lang" >/dev/null; done
for deb in *.deb; do dpkg -x "$deb" x; done
for lang in en de fr es it pt ja zh-cn; do
  mkdir -p "$out/$lang"
  cp x/usr/share/debian-reference/*."$lang".html "$out/$lang/"
done
ls "$work"/*.deb
rm -rf "$work"
