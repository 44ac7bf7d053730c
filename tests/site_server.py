"""The built site, served on 127.0.0.1 as a learner's browser (or pip) would see it."""

import contextlib
import functools
import http.server
import threading

from book_toc import ROOT

HTML = ROOT / "_build" / "html"


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):  # keep pytest's output readable
        pass


@contextlib.contextmanager
def serve_site(directory=HTML):
    """Serve ``directory``; yield its base URL, ending in a slash."""
    if not (directory / "index.html").exists():
        raise FileNotFoundError(f"no built site in {directory}: run `make book` first")
    handler = functools.partial(_QuietHandler, directory=str(directory))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}/"
    finally:
        server.shutdown()
