def brief = new File(basedir, 'briefs/cold-brew.md')
assert brief.isFile() : 'briefs/cold-brew.md was written'
def text = brief.text
assert text.startsWith('---\nurl: "/cold-brew.html"\nquery: "cold brew ratio"') : text
assert text.contains('requiredLinks:\n  - url: "/') : text
assert text.contains('## Pages that should link to this article') : text
def log = new File(basedir, 'build.log').text
assert log.contains('Linker: brief for \'cold brew ratio\' written to') : log
// The planned page is not built yet: the audit reports the brief as unpublished (info), and does not fail.
assert log.contains('brief-unpublished') : log
return true
