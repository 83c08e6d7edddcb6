// "mvn linker:audit" ran the audit with the pom's configuration (formats as a list).
def log = new File(basedir, 'build.log').text
assert log.contains('BUILD SUCCESS')
assert log =~ /--- linker-maven-plugin:[^:]+:audit \(default-cli\) @ prefix-in-pom ---/
assert log =~ /Linker: 4 pages, 9 links; orphans 0/
assert new File(basedir, 'target/linker/report.json').isFile()
assert new File(basedir, 'target/linker/report.md').isFile()
assert !new File(basedir, 'target/linker/report.html').exists()
true
