def brief = new File(basedir, 'briefs/cold-brew.md')
assert brief.isFile() : 'briefs/cold-brew.md was written'
assert brief.text.contains('requiredLinks:\n  - url: "/') : brief.text
assert new File(basedir, 'briefs/grind.md').isFile() : 'the second brief read the static index'
def log = new File(basedir, 'build.log').text
assert log.contains('with static:all-minilm-l6-v2-q-pca256') : log
assert !log.contains('with local:') : log
assert log.contains('linker.embedder unknown embedder type \'statik\': use local, static or openai') : log
return true
