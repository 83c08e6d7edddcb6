// The orphan fails the build with a one-line reason naming the check and pointing at the HTML report.
def log = new File(basedir, 'build.log').text
assert log =~ /Linker: \d+ findings? at or above error: [^\n]*orphan x1[^\n]* — see target\/linker\/report\.html/
assert log.contains('winter-paddling')           // the top findings name the orphan page
assert !log.contains('\tat dev.linker')          // no stack trace
assert new File(basedir, 'target/linker/report.html').isFile()
def json = new File(basedir, 'target/linker/report.json').text
assert json.contains('"orphan"') && json.contains('winter-paddling')
true
