"""Execute one notebook with nbclient and write the result in place.

Run as a script by the fresh environment's own Python (see fresh_env.py), so it may
import only what that environment has: nbformat and nbclient, nothing of this
repository. Prints one JSON line, ``{"error": null}`` or the failing cell's error.

    python run_notebook.py NOTEBOOK KERNEL_NAME TIMEOUT
"""

import json
import sys
from pathlib import Path

import nbformat
from nbclient import NotebookClient
from nbclient.exceptions import CellExecutionError


def main(path, kernel, timeout):
    nb = nbformat.read(path, as_version=4)
    client = NotebookClient(
        nb,
        kernel_name=kernel,
        timeout=int(timeout),
        resources={"metadata": {"path": str(Path(path).parent)}},
    )
    error = None
    try:
        client.execute()
    except CellExecutionError as exc:
        error = str(exc)[-3000:]
    nbformat.write(nb, path)
    print(json.dumps({"error": error}))


if __name__ == "__main__":
    main(*sys.argv[1:4])
