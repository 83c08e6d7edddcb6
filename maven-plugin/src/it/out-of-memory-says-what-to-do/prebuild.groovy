// 32,000 pages of about 9 KB (≈ 2.5 KB each to audit: several times what the 72 MB heap leaves the audit), each with a navigation of 20 links and 12 paragraphs with a content link.
def site = new File(basedir, 'target/generated-site')
site.mkdirs()
def para = '<p>' + ('Internal links decide how authority flows through a site. ' * 12)
int n = 32000
for (int i = 0; i < n; i++) {
    def b = new StringBuilder("<!doctype html><html lang=en><head><title>Page ${i}</title></head><body><nav>")
    for (int k = 0; k < 20; k++) {
        b << "<a href=\"/p${(i + k) % n}.html\">Nav ${k}</a> "
    }
    b << "</nav><main><h1>Page ${i}</h1>"
    for (int k = 0; k < 12; k++) {
        b << para << "<a href=\"/p${(i * 7 + k) % n}.html\">related ${k}</a></p>"
    }
    b << '</main></body></html>'
    new File(site, "p${i}.html").text = b.toString()
}
true
