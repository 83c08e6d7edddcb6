// The default site directory does not exist: the message names it and says how to point the plugin elsewhere.
def log = new File(basedir, 'build.log').text
assert log.contains('Linker: site directory target/site does not exist')
assert log.contains('-Dlinker.siteDirectory=')
assert !log.contains('\tat dev.linker')
true
