"""Install the `engine/` folder as the package `yimao`, in an editable install too.

The wheel renames the folder through `sources`; hatchling's editable install cannot (a rewrite that
changes a path prefix is refused: editables issue 20), so for an editable install this hook adds a
`yimao/__init__.py` that loads the checkout's `engine/__init__.py` as the package `yimao`, with the
checkout's `engine/` as its only search path: `import yimao.api` then reads `engine/api.py`, edits
take effect without reinstalling, and `__file__` points into the checkout (where `paths.py` finds
`grammar/` and `rulebook/`).
"""

from __future__ import annotations

import tempfile
from pathlib import Path

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

SHIM = '''"""yimao, installed in editable mode from {folder}: this loads that folder as the package."""
import importlib.util as _util
import sys as _sys

_spec = _util.spec_from_file_location(__name__, {init!r}, submodule_search_locations=[{folder!r}])
_module = _util.module_from_spec(_spec)
_sys.modules[__name__] = _module
_spec.loader.exec_module(_module)
'''


class EditableAlias(BuildHookInterface):
    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict) -> None:
        if self.target_name != "wheel" or version != "editable":
            return
        folder = Path(self.root, "engine").resolve()
        shim = Path(tempfile.mkdtemp(prefix="yimao-editable-")) / "__init__.py"
        shim.write_text(SHIM.format(folder=str(folder), init=str(folder / "__init__.py")), encoding="utf-8")
        build_data["force_include_editable"][str(shim)] = "yimao/__init__.py"
