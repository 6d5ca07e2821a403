"""yimao: a declarative rule engine for 《易冒》 (程良玉, 1660s).

The API mirrors the CLI: `yimao.cast(...)`, `yimao.chart(...)` take the same inputs as the
flags of `yimao cast` and `yimao chart`, and `.to_dict()` gives the `--json` output.  Each call
reuses the engine this process loaded for its rulebook while the rule files are unchanged; a caller
may also load one (`yimao.load_engine(...)`) and pass it as `engine=`.
"""

from . import attrscode as _attrscode

_attrscode.install()  # before any module of the package defines a class

from .book import load_book  # noqa: E402
from . import cast as _cast_module  # noqa: F401,E402  (bind the module before the function shadows its name)
from .api import cast, chart, judge, moment  # noqa: E402
from .rulebook import load_engine  # noqa: E402

__all__ = ["load_book", "cast", "chart", "judge", "moment", "load_engine", "__version__"]


def __getattr__(name: str) -> str:
    """`yimao.__version__`, read from the installed metadata only when asked (importlib.metadata
    costs some 20 ms of every command's start-up)."""
    if name == "__version__":
        from .version import package_version
        return package_version()
    raise AttributeError(f"module 'yimao' has no attribute {name!r}")
