// linker.yml has "failOnn": the build fails with a message naming the file and the key, without a stack trace.
def log = new File(basedir, 'build.log').text
def error = log.readLines().find { it.startsWith('[ERROR] Failed to execute goal') }
assert error != null
assert error.contains('linker.yml') && error.contains('failOnn')
assert !error.contains('unexpected error')
assert !log.contains('\tat dev.linker')
assert !new File(basedir, 'target/linker').exists()
true
