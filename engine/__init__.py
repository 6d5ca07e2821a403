"""yimao: a declarative rule engine for 《易冒》 (程良玉, 1660s).

The API mirrors the CLI: `engine.cast(...)`, `engine.chart(...)` take the same inputs as the
flags of `yimao cast` and `yimao chart`, and `.to_dict()` gives the `--json` output.
"""

from .book import load_book
from . import cast as _cast_module  # noqa: F401  (bind the module before the function shadows its name)
from .api import cast, chart, judge, moment

__all__ = ["load_book", "cast", "chart", "judge", "moment"]
