"""What `yimao --version` reports: the package, the calendar library, and the rulebook it ships."""

from __future__ import annotations

import hashlib
from importlib.metadata import PackageNotFoundError, version as _installed
from pathlib import Path

from .paths import rulebook_dir


def package_version(name: str = "yimao") -> str:
    try:
        return _installed(name)
    except PackageNotFoundError:
        return "unknown (not installed)"


def rulebook_version(folder: Path | None = None) -> dict:
    """The shipped rulebook's identity: its file count and a digest of their names and content (the
    rulebook has no release number of its own; the digest changes with any edit)."""
    folder = folder or rulebook_dir()
    files = sorted(p for p in folder.rglob("*.ym") if p.is_file())
    digest = hashlib.sha256()
    for path in files:
        digest.update(path.relative_to(folder).as_posix().encode() + b"\0" + path.read_bytes() + b"\0")
    return {"files": len(files), "sha256": digest.hexdigest()[:16]}


def versions() -> dict:
    return {"yimao": package_version(), "tyme4py": package_version("tyme4py"), "rulebook": rulebook_version()}


def version_line() -> str:
    found = versions()
    book = found["rulebook"]
    return f"yimao {found['yimao']} (tyme4py {found['tyme4py']}; rulebook {book['files']} files, {book['sha256']})"
