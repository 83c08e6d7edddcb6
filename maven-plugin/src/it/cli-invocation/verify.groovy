// Both command-line invocations ran the audit: by coordinates (default reports) and by prefix (chosen formats).
def log = new File(basedir, 'build.log').text
assert log.findAll(/Linker: 4 pages, 9 links; orphans 0/).size() == 2
assert new File(basedir, 'target/linker/report.html').isFile()
assert new File(basedir, 'target/by-prefix/report.md').isFile()
assert new File(basedir, 'target/by-prefix/report.json').isFile()
assert !new File(basedir, 'target/by-prefix/report.html').exists()
true
