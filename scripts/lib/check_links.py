"""Every internal link of a built book leads somewhere.

Reads each HTML page under the directory given, and checks each relative
`href` and `src`: the file it names exists, and the `#fragment` it names is
the id of an element of that page. Links to other sites are not followed.
Prints each broken link with its page, and exits 1 if there is any.
"""

import sys
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit


class Page(HTMLParser):
    def __init__(self):
        super().__init__()
        self.ids = set()
        self.links = []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if attrs.get("id"):
            self.ids.add(attrs["id"])
        if tag == "a" and attrs.get("name"):
            self.ids.add(attrs["name"])
        for name in ("href", "src"):
            if attrs.get(name):
                self.links.append(attrs[name])


def parse(path):
    page = Page()
    page.feed(path.read_text(encoding="utf-8"))
    return page


def main(root):
    root = Path(root).resolve()
    pages = {path: parse(path) for path in root.rglob("*.html")}
    broken = []
    for path, page in pages.items():
        # mdBook's own pages (print.html, 404.html, the search index) link
        # the book's chapters in their own way; the chapters are what is read.
        if path.name in ("print.html", "404.html", "toc.html"):
            continue
        for link in page.links:
            parts = urlsplit(link)
            if parts.scheme or parts.netloc or link.startswith(("mailto:", "javascript:")):
                continue
            target = path if not parts.path else (path.parent / unquote(parts.path)).resolve()
            if target.is_dir():
                target = target / "index.html"
            if not target.exists():
                broken.append(f"{path.relative_to(root)}: {link} (no such file)")
                continue
            if parts.fragment and target.suffix == ".html":
                ids = pages[target].ids if target in pages else parse(target).ids
                if unquote(parts.fragment) not in ids:
                    broken.append(f"{path.relative_to(root)}: {link} (no such heading)")
    for line in broken:
        print(line)
    print(f"{len(pages)} pages, {len(broken)} broken links", file=sys.stderr)
    return 1 if broken else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
