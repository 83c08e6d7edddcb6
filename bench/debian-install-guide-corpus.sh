#!/bin/sh
# Builds a second multilingual corpus (one site per language) from the Debian installation guide's translations:
# 84 DocBook pages a language, linked to each other, in 18 languages (Russian and Korean among them, which the Debian
# Reference lacks). Usage: bench/debian-install-guide-corpus.sh OUT   (default /tmp/ig-corpus); needs apt-get and dpkg.
# Package: installation-guide-amd64 20230508+deb12u1 (Debian 12; GPL-2+, the Debian Installer team and translators).
# Each OUT/LANG/ holds that language's HTML pages (no lang attribute: Linker detects the language) and its images.
set -eu
out=${1:-/tmp/ig-corpus}
work=$(mktemp -d)
cd "$work"
apt-get download installation-guide-amd64 >/dev/null
dpkg -x installation-guide-amd64_*.deb x
for dir in x/usr/share/doc/installation-guide-amd64/*/; do
  lang=$(basename "$dir")
  mkdir -p "$out/$lang"
  cp "$dir"*.html "$out/$lang/"
done
ls "$out"
rm -rf "$work"
