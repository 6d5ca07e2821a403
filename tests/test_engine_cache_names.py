"""An engine cached in one directory and loaded in another names its files as this directory
reaches them: the names are part of the engine's key.  Before, the key held each file's absolute
path and content only, so a page or a message built from a cached engine named the files as they
were reached from wherever the engine was first made (`rulebook/25-月破.ym` for a server started
elsewhere), and the same command's output depended on what had run before."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

from yimao import rulebook
from yimao.paths import rulebook_dir


def _declared_in(book: Path) -> str:
    rulebook._CACHE.clear()
    rulebook._LOADED.clear()
    engine = rulebook.load_engine([str(book)])
    return str(engine.program.declarations["月破"].span).rsplit(":", 2)[0]


def test_an_engine_names_its_files_from_the_directory_that_loads_it(tmp_path, monkeypatch):
    book = tmp_path / "book"
    shutil.copytree(rulebook_dir(), book)
    monkeypatch.setenv("YIMAO_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.chdir(tmp_path)
    assert _declared_in(book) == os.path.join("book", "25-月破.ym")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    assert _declared_in(book) == str(book / "25-月破.ym")
    monkeypatch.chdir(book)
    assert _declared_in(book) == "25-月破.ym"
