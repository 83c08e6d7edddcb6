#!/bin/sh
# Builds the real sites a prior is learned from and judged on (issue 44, item 1), from Debian's documentation
# packages: one folder of built HTML a site, OUT/<group>/<site>/. A group is one source (a manual and its
# translations, a family of books from one project): leave-one-site-out holds a whole group out at once.
# Usage: bench/prior-corpora.sh [OUT]   (default /tmp/prior-corpora); needs apt-get and dpkg, about 600 MB.
# Packages (Debian 12; licences in each package's copyright file):
#   python3.11-doc 3.11.2        Python's documentation (Sphinx; PSF licence)               python/en
#   python-django-doc 3.2.25     Django's documentation (Sphinx; BSD-3-Clause)               django/en
#   git-doc 2.39.5               Git's manual pages and guides (AsciiDoc; GPL-2)              git/en
#   rust-doc 1.63.0              The Rust book, reference, Rust by Example, nomicon,          rust-books/{book,...}
#                                edition guide (mdBook; MIT or Apache-2.0)
#   apache2-doc 2.4.71           Apache HTTP Server's manual (Apache-2.0), English            apache/en
#   gimp-help-{en,de,fr,es,it,ja,ko,ru,zh-cn} 2.10.34
#                                GIMP's user manual (DocBook; GFDL) in nine languages       gimp/<lang>
#   debian-handbook 11.20220922  The Debian Administrator's Handbook (GPL-2+ or CC-BY-SA 3.0) handbook/{en-US,fr-FR,de-DE,ja-JP}
#   installation-guide-amd64 20230508+deb12u1
#                                The Debian installation guide (GPL-2+)                       install/{en,de,fr,ru,ko,ja}
#   ikiwiki 3.20200202.3, git-annex 10.20230126
#                                the ikiwiki and git-annex websites (wikis by one author and  ikiwiki/{ikiwiki,git-annex}
#                                one engine, hence one group; GPL-2+, AGPL-3+)
# The shared corpora (../shared/corpus: PostgreSQL, go-blog, the Rust blogs) are three more groups.
set -eu
out=${1:-/tmp/prior-corpora}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
chmod 777 "$work"   # apt-get download writes as the _apt user
cd "$work"
gimp="en de fr es it ja ko ru zh-cn"
for p in python3.11-doc python-django-doc git-doc rust-doc apache2-doc debian-handbook installation-guide-amd64 \
         ikiwiki git-annex; do
  apt-get download "$p" >/dev/null
done
for l in $gimp; do apt-get download "gimp-help-$l" >/dev/null; done
for deb in *.deb; do dpkg -x "$deb" x; done
# site GROUP/NAME FROM [FIND-ARGS]: copies FROM's tree (HTML and what it links) into OUT/GROUP/NAME.
site() {
  mkdir -p "$out/$1"
  cp -r "x/$2/." "$out/$1/"
  echo "$1: $(find "$out/$1" -name '*.html' | wc -l) pages"
}
site python/en usr/share/doc/python3.11/html
site django/en usr/share/doc/python-django-doc/html
mkdir -p "$out/git/en" && cp x/usr/share/doc/git-doc/*.html "$out/git/en/" && echo "git/en: $(ls "$out/git/en" | wc -l) pages"
for b in book reference rust-by-example nomicon edition-guide; do site "rust-books/$b" "usr/share/doc/rust-doc/html/$b"; done
site apache/en usr/share/doc/apache2-doc/manual/en
site ikiwiki/ikiwiki usr/share/doc/ikiwiki/html
site ikiwiki/git-annex usr/share/doc/git-annex/html
for l in $gimp; do site "gimp/$l" "usr/share/gimp/2.0/help/$(echo "$l" | sed 's/zh-cn/zh_CN/')"; done
for l in en-US fr-FR de-DE ja-JP; do site "handbook/$l" "usr/share/doc/debian-handbook/html/$l"; done
for l in en de fr ru ko ja; do
  mkdir -p "$out/install/$l" && cp x/usr/share/doc/installation-guide-amd64/"$l"/*.html "$out/install/$l/"
  echo "install/$l: $(ls "$out/install/$l" | wc -l) pages"
done
