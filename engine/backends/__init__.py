"""Other engines that run the same checked IR, as independent cross-checks of our evaluator.

`yimao chart|facts --backend durable` evaluates with durable-rules (see `durable.py`); without
`--rulebook` it runs the chart layer (chapters 1-10, see `layer.py`), the part it can run exactly.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..errors import UsageError

BACKENDS = ("yimao", "durable")


def backend_engine(backend: str, rulebook: Sequence[str] | None, school: str | None = None):
    """The engine a command evaluates with when `--backend` is not ours: an `Engine` look-alike."""
    from ..rulebook import load_engine
    from ..schools import BASE_SCHOOL
    from .durable import durable_engine, unavailable
    from .layer import load_chart_layer

    if backend != "durable":
        raise UsageError(f"unknown backend {backend} (known: {', '.join(BACKENDS)})")
    problem = unavailable()
    if problem:
        raise UsageError(f"--backend durable: {problem}")
    if rulebook:
        return durable_engine(load_engine(rulebook, school=school).program, ", ".join(rulebook))
    if school and school != BASE_SCHOOL:
        raise UsageError("--backend durable runs the chart layer of the base rulebook (chapters 1-10); "
                         "to try a school, give --rulebook as well")
    layer = load_chart_layer()
    return durable_engine(layer.program, f"{layer.label}; durable-rules backend")
