// invoker:install copies the plugin into the ITs' local repository, but not the group-level metadata that
// "mvn install" or a deploy to Central writes: dev/linker/maven-metadata*.xml mapping the prefix "linker" to
// linker-maven-plugin. That file is what resolves "linker:audit" through <pluginGroups>; write it as an install does.
def f = new File(localRepositoryPath, 'dev/linker/maven-metadata-local.xml')
f.parentFile.mkdirs()
f.text = '''<?xml version="1.0" encoding="UTF-8"?>
<metadata>
  <plugins>
    <plugin>
      <name>Linker Maven plugin</name>
      <prefix>linker</prefix>
      <artifactId>linker-maven-plugin</artifactId>
    </plugin>
  </plugins>
</metadata>
'''
true
