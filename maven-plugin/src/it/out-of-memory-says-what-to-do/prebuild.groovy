// 48,000 pages of about 10 KB, each with a navigation of 60 links and 12 paragraphs with a content link: 3.5M links, several times
// what the 72 MB heap leaves the audit (links cost ≈ 40 bytes each since issue 32; 32,000 pages of 32 links fitted).
def site = new File(basedir, 'target/generated-site')
site.mkdirs()
def para = '<p>' + ('Internal links decide how authority flows through a site. ' * 12)
int n = 48000
for (int i = 0; i < n; i++) {
    def b = new StringBuilder("<!doctype html><html lang=en><head><title>Page ${i}</title></head><body><nav>")
    for (int k = 0; k < 60; k++) {
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
