"""A folder served on 127.0.0.1, as a learner's browser (or pip) would see the site.

The browser tests, the simulated-Colab runs and the print edition all need the built
site over HTTP rather than from disk; this is the one server they share.
"""

from __future__ import annotations

import contextlib
import functools
import http.server
import threading
from pathlib import Path


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):  # keep the test and build output readable
        pass


@contextlib.contextmanager
def serve(directory):
    """Serve ``directory`` (not the working directory); yield its base URL."""
    handler = functools.partial(_QuietHandler, directory=str(Path(directory)))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_port}/"
    finally:
        server.shutdown()
