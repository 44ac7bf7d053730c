"""Clear the notebook cache when the code behind the outputs has changed.

jupyter-cache keys a notebook on its code cells only, so after a change to
``linclass/`` (or to the pinned environment, ``requirements.lock``) a warm
``jupyter-book build`` would reuse outputs the current code no longer produces.
This step hashes every file under ``linclass/`` and the lock file (optional) and
stores the hash beside the cache; when it differs, the cache and Sphinx's doctrees
are removed (without the doctrees Sphinx re-reads every page; with them it would
not even look at an unchanged notebook), so the next build executes every chapter.

Usage: ``python -m tools.book.cache [ROOT]`` (ROOT: the book, default: this repository).
"""

import hashlib
import shutil
import sys
from pathlib import Path

PACKAGE = "linclass"
LOCK_FILE = "requirements.lock"
CACHE = Path("_build", ".jupyter_cache")
DOCTREES = Path("_build", ".doctrees")
STAMP = Path("_build", ".jupyter_cache.fingerprint")


def _inputs(root):
    package = root / PACKAGE
    if not package.is_dir():
        raise FileNotFoundError(f"{root} holds no {PACKAGE}/ folder: is it the book?")
    files = [
        p
        for p in package.rglob("*")
        if p.is_file() and "__pycache__" not in p.parts and p.suffix != ".pyc"
    ]
    if (root / LOCK_FILE).is_file():
        files.append(root / LOCK_FILE)
    return sorted(files)


def fingerprint(root):
    """SHA-256 over the names and contents of the package's files and the lock file.

    Contents, not times: a checkout that restores the same files keeps the cache.
    """
    root = Path(root)
    digest = hashlib.sha256()
    for path in _inputs(root):
        digest.update(path.relative_to(root).as_posix().encode() + b"\0")
        digest.update(path.read_bytes() + b"\0")
    return digest.hexdigest()


def invalidate_if_stale(root):
    """Remove the cache and doctrees unless they were built from the current code.

    A cache without a stored fingerprint is of unknown origin and is removed too.
    Returns True when something was removed.
    """
    root = Path(root)
    current = fingerprint(root)
    stamp = root / STAMP
    stored = stamp.read_text().strip() if stamp.is_file() else None
    stale = stored != current
    removed = False
    if stale:
        for folder in (root / CACHE, root / DOCTREES):
            if folder.exists():
                shutil.rmtree(folder)
                removed = True
    stamp.parent.mkdir(parents=True, exist_ok=True)
    stamp.write_text(current + "\n")
    return removed


def main(argv=None):
    args = sys.argv[1:] if argv is None else argv
    if len(args) > 1:
        raise SystemExit("usage: cache.py [ROOT]")
    root = Path(args[0]) if args else Path(__file__).resolve().parents[2]
    try:
        removed = invalidate_if_stale(root)
    except FileNotFoundError as error:
        raise SystemExit(f"cache.py: {error}") from None
    if removed:
        print(
            f"{PACKAGE}/ or {LOCK_FILE} changed: notebook cache cleared, "
            "every chapter runs again"
        )


if __name__ == "__main__":
    main()
