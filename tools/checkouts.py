"""The checkouts a benchmark compares: this one, and another named by `--baseline DIR` -- a
checkout's root (`git worktree add DIR <commit>`, whose package is `DIR/engine`) or a folder holding
its `yimao` package.  Each runs as `python -m yimao.cli` with its package first on PYTHONPATH.

Two ways a comparison silently measures the wrong thing, both guarded here: a checkout root put on
PYTHONPATH as it is holds no `yimao`, so the baseline imported this checkout's package (the
installed one); and a machine that sets PYTHONDONTWRITEBYTECODE never writes bytecode, so every
fresh process of a checkout not compiled would time recompiling its modules.
"""

from __future__ import annotations

import compileall
import os
import subprocess
import sys
import tempfile
from pathlib import Path


def package_path(folder: Path) -> Path:
    """The folder to put on PYTHONPATH so that `import yimao` finds `folder`'s package."""
    folder = folder.resolve()
    if (folder / "yimao").is_dir():
        return folder
    if (folder / "engine" / "__init__.py").is_file():
        shim = Path(tempfile.mkdtemp(prefix="yimao-baseline-"))
        (shim / "yimao").symlink_to(folder / "engine")
        return shim
    raise SystemExit(f"--baseline {folder}: neither a checkout (engine/) nor a folder holding a yimao package")


def environment(code: Path | None, **variables: str) -> dict[str, str]:
    """The environment of a `yimao` process of a checkout (`code`: its PYTHONPATH entry from
    `prepare`, None for this one), with `variables` set."""
    env = dict(os.environ, **variables)
    if code is not None:
        env["PYTHONPATH"] = str(code)
    return env


def imported_from(path: Path | None) -> Path:
    """Where a fresh process with `path` first on PYTHONPATH imports the package from."""
    env = environment(path)
    found = subprocess.run([sys.executable, "-c", "import yimao, pathlib; print(pathlib.Path(yimao.__file__).resolve().parent)"],
                           check=True, capture_output=True, text=True, env=env).stdout.strip()
    return Path(found)


def prepare(baseline: Path | None) -> list[Path | None]:
    """[None for this checkout, the baseline's PYTHONPATH entry]: each package's bytecode compiled,
    and the baseline checked to import its own package, not this one."""
    codes: list[Path | None] = [None]
    if baseline is not None:
        codes.append(package_path(baseline))
    packages = [imported_from(code) for code in codes]
    if len(packages) == 2 and packages[0] == packages[1]:
        raise SystemExit(f"--baseline {baseline}: its processes import {packages[0]}, this checkout's package")
    for package in packages:
        compileall.compile_dir(str(package), quiet=1)
    return codes
