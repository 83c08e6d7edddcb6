// linker.yml (failOn: never, formats: [json]) beats the plugin's defaults; -Dlinker.failOn beats the file.
def log = new File(basedir, 'build.log').text
def results = log.findAll(/BUILD (SUCCESS|FAILURE)/)
assert results == ['BUILD SUCCESS', 'BUILD FAILURE', 'BUILD FAILURE']
// 1 and 2 both found the orphan; only 2 failed on it, pointing at the one report the file asked for.
assert log.findAll(/Linker: 1 finding \(orphan x1\)/).size() == 2
assert log.contains('Linker: 1 finding at or above error: orphan x1 — see target/linker/report.json')
assert new File(basedir, 'target/linker').list() as List == ['report.json']
// 3: the bad value is named with the valid ones.
assert log.contains("Linker: failOn (linker.failOn) must be error, warning or never, not 'sometimes'")
true
