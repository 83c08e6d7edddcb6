"""What the fold scripts share: a site's links as a user lists them, and a copy of the site without some of them.

A copy is what a user makes by hand: every <a href> from a source to a hidden target is unwrapped (its text stays, as
if never linked), through the site's redirect stubs (meta refresh) too.
"""
import json
import os
import re
import shutil
from urllib.parse import urljoin, urlparse, unquote


def key(base, href):
    """The page key an href names from the page at `base` (a site path), or None when it leaves the site."""
    u = urlparse(urljoin("https://site.invalid" + base, href.strip()))
    if u.scheme not in ("http", "https") or (u.netloc != "site.invalid" and u.netloc != "www.example.com"):
        return None
    p = unquote(u.path) or "/"
    return p[: -len("index.html")] if p.endswith("/index.html") else p


def url_key(u):
    return key("/", u if "://" in u or u.startswith("/") else "/" + u)


def links(path):
    """links.jsonl ({"source", "targets"} a line) as source key -> set of target keys, self-links left out."""
    out = {}
    for line in open(path, encoding="utf-8"):
        row = json.loads(line)
        s = url_key(row["source"])
        targets = {url_key(t) for t in row["targets"]} - {s, None}
        if targets:
            out.setdefault(s, set()).update(targets)
    return out


_REFRESH = re.compile(r'<meta[^>]+http-equiv=["\']?refresh["\']?[^>]*content=["\'][^"\']*url=([^"\'>]+)', re.I)
_ANCHOR = re.compile(r'<a\b[^>]*?\bhref\s*=\s*("([^"]*)"|\'([^\']*)\')[^>]*>(.*?)</a\s*>', re.I | re.S)


def copy_without(site, copy, hidden):
    """Copies `site` to `copy`, unwrapping each <a> from a source of `hidden` (key -> target keys) to one of its
    targets; returns how many were unwrapped."""
    shutil.copytree(site, copy, symlinks=True)
    files = {}
    stubs = {}
    for d, _, names in os.walk(copy):
        for n in names:
            if n.endswith(".html"):
                path = os.path.join(d, n)
                k = "/" + os.path.relpath(path, copy).replace(os.sep, "/")
                k = k[: -len("index.html")] if k.endswith("/index.html") else k
                files[k] = path
                m = _REFRESH.search(open(path, encoding="utf-8", errors="replace").read(4096))
                if m:
                    stubs[k] = key(k, m.group(1))
    unwrapped = 0
    for s, targets in hidden.items():
        path = files.get(s)
        if path is None:
            continue
        html = open(path, encoding="utf-8").read()

        def unwrap(m):
            nonlocal unwrapped
            k = key(s, m.group(2) if m.group(2) is not None else m.group(3))
            k = stubs.get(k, k)
            if k in targets:
                unwrapped += 1
                return m.group(4)
            return m.group(0)
        open(path, "w", encoding="utf-8").write(_ANCHOR.sub(unwrap, html))
    return unwrapped


class JavaRandom:
    """java.util.Random, so folds are dealt as Linker deals them."""
    def __init__(self, seed):
        self.seed = (seed ^ 0x5DEECE66D) & ((1 << 48) - 1)

    def next(self, bits):
        self.seed = (self.seed * 0x5DEECE66D + 0xB) & ((1 << 48) - 1)
        r = self.seed >> (48 - bits)
        return r - (1 << 32) if r >= 1 << 31 else r  # (int) of the shifted seed

    def next_int(self, bound):
        if bound & -bound == bound:
            return (bound * self.next(31)) >> 31
        while True:
            bits = self.next(31)
            val = bits % bound
            if bits - val + (bound - 1) < (1 << 31):
                return val


def java_shuffled(items, seed):
    """Collections.shuffle(items, new Random(seed)) of a copy of `items`."""
    items = list(items)
    rnd = JavaRandom(seed)
    for i in range(len(items), 1, -1):
        j = rnd.next_int(i)
        items[i - 1], items[j] = items[j], items[i - 1]
    return items


def url_fold(url, folds):
    """A source's fold as Linker's FoldCopies deals it: String.hashCode of the address, mixed, modulo `folds`."""
    h = 0
    for unit in url.encode("utf-16-be").hex(" ", 2).split():
        h = (31 * h + int(unit, 16)) & 0xFFFFFFFF
    h = (h * 0x9E3779B9) & 0xFFFFFFFF
    h ^= h >> 16
    if h >= 1 << 31:
        h -= 1 << 32
    return h % folds
