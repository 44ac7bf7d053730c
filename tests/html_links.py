"""The links of an HTML page, as the site tests read them."""

from html.parser import HTMLParser


class Links(HTMLParser):
    """Anchors' ``hrefs``, element ``ids``, and ``srcs`` the browser loads."""

    def __init__(self):
        super().__init__()
        self.hrefs, self.ids, self.srcs = [], set(), []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if attrs.get("id"):
            self.ids.add(attrs["id"])
        if tag == "a" and attrs.get("href"):
            self.hrefs.append(attrs["href"])
        if tag in ("img", "script") and attrs.get("src"):
            self.srcs.append(attrs["src"])
        # A canonical link names the published address; the browser never loads it.
        if tag == "link" and attrs.get("href") and attrs.get("rel") != "canonical":
            self.srcs.append(attrs["href"])


def links(html):
    """Parse ``html`` (a string); return its :class:`Links`."""
    parser = Links()
    parser.feed(html)
    return parser
