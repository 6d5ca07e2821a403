"""The Python API: the same inputs as the CLI flags, the same validation, the same outputs."""

from __future__ import annotations

import argparse
from functools import partial
from typing import Mapping, Sequence

from .calendar import Moment
from .cast import Cast
from .chart import SHOWN, Chart, base_facts, book_conventions
from .errors import UsageError
from .evaluate import Engine
from .facts import Fact
from .hexagrams import HexagramNames
from .inputs import cast_from_args, moment_from_args
from .judge import Judgement, judged, parse_question
from .rulebook import load_engine

SCHOOL = "易冒"


def _namespace(**flags) -> argparse.Namespace:
    return argparse.Namespace(**flags)


def rulebook_label(rulebook: Sequence[str] | None) -> str:
    """How a chart records which rulebook derived it."""
    return "shipped" if not rulebook else ", ".join(rulebook)


def resolver(engine: Engine) -> HexagramNames:
    return HexagramNames(engine.program)


def _engine(engine: Engine | None, rulebook: Sequence[str] | None, school: str | None = None) -> Engine:
    """The engine a call uses: the caller's, else the rulebook's (loaded once per process and
    reused while its files are unchanged; see `load_engine`)."""
    return engine if engine is not None else load_engine(rulebook, school=school)


def cast(*, lines: str | None = None, coins: str | None = None, hexagram: str | None = None,
         random: bool = False, seed: int | None = None, rulebook: Sequence[str] | None = None,
         engine: Engine | None = None) -> Cast:
    """A cast from one of: six line digits, coin faces, a hexagram name, or seeded random coins."""
    engine = _engine(engine, rulebook)
    found = cast_from_args(_namespace(lines=lines, coins=coins, hexagram=hexagram, random=random, seed=seed),
                           resolver(engine).resolve)
    if found is None:
        raise UsageError("give a cast: --lines, --coins, --hexagram or --random")
    return found


def moment(*, date: str | None = None, tz: str | None = None, zi_boundary: str | None = None,
           lunar: str | None = None, leap: bool = False, time: str | None = None, year: str | None = None,
           month: str | None = None, day: str | None = None, hour: str | None = None) -> Moment | None:
    return moment_from_args(_namespace(date=date, tz=tz, zi_boundary=zi_boundary, lunar=lunar, leap=leap, time=time,
                                       year=year, month=month, day=day, hour=hour))


def evaluate_chart(engine: Engine, the_cast: Cast, the_moment: Moment | None, label: str,
                   extra: Sequence[Fact] = (), wanted: frozenset[str] | None = None) -> Chart:
    """The chart with every rule evaluated (a comparison, an example's checks read far beyond the
    chart's cells), or with `wanted` only what those predicates depend on (the chart's cells, what
    a judgement reads: see `judge.judged`), the whole fact base evaluated when `result` is read."""
    base = base_facts(engine, the_cast, the_moment) + list(extra)
    conventions = book_conventions(the_moment, engine.program.school, label)
    if wanted is None:
        return Chart(the_cast, the_moment, engine.evaluate(base), conventions)
    return Chart(the_cast, the_moment, engine.evaluate(base, wanted=wanted), conventions, partial(engine.evaluate, base), wanted)


def shown_chart(engine: Engine, the_cast: Cast, the_moment: Moment | None, label: str) -> Chart:
    """The chart to show: only the rules its cells depend on are evaluated (a tenth of them);
    its `result`, the whole fact base, is evaluated when first asked for."""
    return evaluate_chart(engine, the_cast, the_moment, label, wanted=SHOWN)


def chart(*, lines: str | None = None, coins: str | None = None, hexagram: str | None = None,
          random: bool = False, seed: int | None = None, date: str | None = None, tz: str | None = None,
          zi_boundary: str | None = None, lunar: str | None = None, leap: bool = False, time: str | None = None,
          year: str | None = None, month: str | None = None, day: str | None = None, hour: str | None = None,
          rulebook: Sequence[str] | None = None, school: str | None = None, engine: Engine | None = None) -> Chart:
    """The chart for a cast and a moment; `.to_dict()` is exactly `yimao chart --json`.  `engine`:
    one the caller loaded (`yimao.load_engine`), instead of the rulebook's."""
    engine = _engine(engine, rulebook, school)
    the_cast = cast(lines=lines, coins=coins, hexagram=hexagram, random=random, seed=seed, engine=engine)
    the_moment = moment(date=date, tz=tz, zi_boundary=zi_boundary, lunar=lunar, leap=leap, time=time,
                        year=year, month=month, day=day, hour=hour)
    return shown_chart(engine, the_cast, the_moment, rulebook_label(rulebook))


def judge(*, question: str, about: str | None = None, birth_year: str | None = None, asker: str | None = None,
          course: str | None = None, period: str | None = None, born: bool = False,
          matter_month: str | None = None, matter_day: str | None = None,
          matter_year: str | None = None, age: int | None = None, member: str | None = None, side: str | None = None,
          suit: str | None = None, given: Mapping[str, str] | None = None,
          lines: str | None = None, coins: str | None = None, hexagram: str | None = None, random: bool = False,
          seed: int | None = None, date: str | None = None, tz: str | None = None, zi_boundary: str | None = None,
          lunar: str | None = None, leap: bool = False, time: str | None = None, year: str | None = None,
          month: str | None = None, day: str | None = None, hour: str | None = None,
          rulebook: Sequence[str] | None = None, school: str | None = None, engine: Engine | None = None) -> Judgement:
    """Judge a question on a chart; `.to_dict()` is exactly `yimao judge --json`.  `engine`: as for `chart`."""
    engine = _engine(engine, rulebook, school)
    the_question = parse_question(engine.program, question, about=about, birth_year=birth_year, asker=asker,
                                  course=course, period=period, born=born, matter_month=matter_month,
                                  matter_day=matter_day, matter_year=matter_year, age=age, member=member,
                                  side=side, suit=suit, given=given or {})
    the_cast = cast(lines=lines, coins=coins, hexagram=hexagram, random=random, seed=seed, engine=engine)
    the_moment = moment(date=date, tz=tz, zi_boundary=zi_boundary, lunar=lunar, leap=leap, time=time,
                        year=year, month=month, day=day, hour=hour)
    label = rulebook_label(rulebook)
    return Judgement(the_question, evaluate_chart(engine, the_cast, the_moment, label, the_question.facts(),
                                                  judged(engine.program, the_question)))
