// Out of memory is an error of the build with what to do, not a finding and not a stack trace.
def log = new File(basedir, 'build.log').text
assert log.contains('Linker: out of memory with a heap of') && log.contains('MAVEN_OPTS=-Xmx')
assert !log.contains('\tat dev.linker')
true
