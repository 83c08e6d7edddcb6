// No findings: the build passes, the summary is logged and the four default reports are written.
def log = new File(basedir, 'build.log').text
assert log.contains('BUILD SUCCESS')
assert log =~ /Linker: 4 pages, 9 links; orphans 0/
assert log.contains('Linker: 0 findings')
assert new File(basedir, 'target/linker').list().sort() == ['report.html', 'report.json', 'report.sarif', 'report.txt']
assert new File(basedir, 'target/linker/report.json').text.contains('"pages"')
assert log.contains('Linker report: target/linker/report.html')
true
