// Maven ran on Java 17: the audit read the site and wrote its reports; the brief goal said in one line why it cannot.
def log = new File(basedir, 'build.log').text
assert log =~ /Java version: 17\./
def json = new File(basedir, 'target/linker/report.json').text
assert json.contains('"orphan"') && json.contains('winter-paddling')
assert log.contains('linker:brief needs Java 21 or newer (this Maven runs on Java 17')
assert !log.contains('UnsupportedClassVersionError')
assert !log.contains('\tat dev.linker')          // no stack trace
true
