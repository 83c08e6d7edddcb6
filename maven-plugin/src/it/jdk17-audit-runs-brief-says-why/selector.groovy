// Runs only where a JDK 17 is known (bin/mvn21 passes JAVA17_HOME or one under /usr/lib/jvm as linker.jdk17.home).
// Without one the test is skipped with a line saying how to run it — but never in CI, where that is a failure.
def home = binding.hasVariable('jdk17') ? jdk17?.toString() : ''
if (home && !home.startsWith('${') && new File(home, 'bin/java').canExecute()) {
    return true
}
def why = 'no JDK 17 found for the plugin test on Java 17: install one (apt-get install openjdk-17-jdk-headless) or ' +
        'set JAVA17_HOME, and build with bin/mvn21'
if (System.getenv('CI') == 'true') {
    throw new IllegalStateException(why + ' (CI=true: not skipped)')
}
println '[linker] skipping jdk17-audit-runs-brief-says-why: ' + why
return false
