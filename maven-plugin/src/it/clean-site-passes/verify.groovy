// No findings: the build passes, the summary is logged and the four default reports are written.
def log = new File(basedir, 'build.log').text
assert log.contains('BUILD SUCCESS')
assert log =~ /Linker: 4 pages, 9 links; orphans 0/
assert log.contains('Linker: 0 findings')
['report.json', 'report.html', 'report.sarif'].each { assert new File(basedir, "target/linker/$it").isFile() : it }
assert new File(basedir, 'target/linker').list().any { it.startsWith('report.') && it.endsWith('t') || it == 'report.txt' }
assert new File(basedir, 'target/linker/report.json').text.contains('"pages"')
assert log.contains('Linker report: target/linker/report.html')
true
