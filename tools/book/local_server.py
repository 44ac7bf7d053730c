"""A folder served on 127.0.0.1, as a learner's browser (or pip) would see the site.

The browser tests, the simulated-Colab runs and the print edition all need the built
site over HTTP rather than from disk; this is the one server they share.
``serve(folder, compress=True)`` also gzips text (HTML, CSS, JavaScript, JSON, SVG)
for a client that accepts it, as GitHub Pages does: what ``make lighthouse`` measures.
"""

from __future__ import annotations

import contextlib
import functools
import gzip
import http.server
import io
import threading
from pathlib import Path

# What GitHub Pages compresses; images and fonts are compressed already.
COMPRESSED = {".html", ".css", ".js", ".mjs", ".json", ".svg", ".txt", ".xml", ".map"}


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):  # keep the test and build output readable
        pass


class _GzipHandler(_QuietHandler):
    """Sends a compressible file gzipped when the client accepts gzip."""

    cache: dict = {}

    def send_head(self):
        path = Path(self.translate_path(self.path))
        accepts = "gzip" in self.headers.get("Accept-Encoding", "")
        if not (accepts and path.suffix in COMPRESSED and path.is_file()):
            return super().send_head()
        key = (str(path), path.stat().st_mtime_ns)
        body = self.cache.get(key)
        if body is None:
            body = self.cache[key] = gzip.compress(path.read_bytes(), 6, mtime=0)
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(str(path)))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Vary", "Accept-Encoding")
        self.end_headers()
        return io.BytesIO(body)


@contextlib.contextmanager
def serve(directory, compress=False):
    """Serve ``directory`` (not the working directory); yield its base URL."""
    kind = _GzipHandler if compress else _QuietHandler
    handler = functools.partial(kind, directory=str(Path(directory)))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_port}/"
    finally:
        server.shutdown()
