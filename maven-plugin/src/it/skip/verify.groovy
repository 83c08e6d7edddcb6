def log = new File(basedir, 'build.log').text
assert log.contains('BUILD SUCCESS')
assert log.contains('Linker audit skipped (linker.skip=true)')
assert !new File(basedir, 'target/linker').exists()
true
