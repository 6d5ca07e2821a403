"""The chart input flags shared by every command that takes a chart (cast, chart, judge, why, ...).

One place turns flags into a `Cast` and a `Moment`, so every command accepts the same inputs and
rejects the same conflicts with the same one-line message.
"""

from __future__ import annotations

import argparse
import re
from datetime import date, datetime, time
from typing import Callable, Sequence

from .calendar import DAY_BOUNDARIES, Moment
from .cast import COINS_HELP, Cast
from .errors import UsageError

# Resolves a --hexagram text (豐之萃, 萃, 雷火丰) to the bits of the original and changed hexagram.
# The table lives in the rulebook (chapter 3); the caller that has loaded it passes the resolver.
HexagramResolver = Callable[[str], "tuple[Sequence[int], Sequence[int] | None]"]

CAST_FLAGS = ("lines", "coins", "random")
PILLAR_FLAGS = ("year", "month", "day", "hour")


def add_chart_arguments(parser: argparse.ArgumentParser) -> None:
    """Add the cast and moment flags to a command's parser (all optional; conflicts are
    reported by `cast_from_args` and `moment_from_args`)."""
    cast = parser.add_argument_group("cast (one of --lines, --coins, --random; --hexagram alone or to check them)")
    cast.add_argument("--lines", metavar="DIGITS", help="six line values 6/7/8/9, bottom line first, e.g. 877987")
    cast.add_argument("--coins", metavar="TOSSES", help=COINS_HELP)
    cast.add_argument("--hexagram", metavar="NAME", help="a hexagram by name: 豐之萃 (original 之 changed), 萃, or 雷火丰")
    cast.add_argument("--random", action="store_true", help="throw three fair coins per line")
    cast.add_argument("--seed", type=int, metavar="N", help="with --random: the seed, to replay a cast")

    moment = parser.add_argument_group(
        "moment (one of --date, --lunar, or given 干支 --year/--month/--day/--hour)"
    )
    moment.add_argument(
        "--date",
        metavar="ISO",
        help="the moment, e.g. 2024-02-04T16:30+08:00; without an offset it is wall time in --tz; "
        "a date alone (2024-02-04) leaves the hour unknown",
    )
    moment.add_argument(
        "--tz",
        metavar="ZONE",
        help="time zone of a --date without an offset: an IANA name (America/New_York) or an offset (+08:00); "
        "default Asia/Shanghai. Pillars are reckoned on Beijing time (UTC+8)",
    )
    moment.add_argument(
        "--zi-boundary",
        choices=DAY_BOUNDARIES,
        help="when the day pillar advances: 23:00 (子初, the default) or 00:00 (midnight); "
        "23:00-01:00 is the 子 hour either way",
    )
    moment.add_argument("--lunar", metavar="Y-M-D", help="a Chinese lunar date, e.g. 2024-01-05 (正月初五)")
    moment.add_argument("--leap", action="store_true", help="with --lunar: the month is the leap (闰) month")
    moment.add_argument("--time", metavar="HH:MM[:SS]", help="with --lunar: the time, Beijing wall time (Asia/Shanghai)")
    moment.add_argument("--year", metavar="干支", help="year 干支 or branch, e.g. 甲辰")
    moment.add_argument("--month", metavar="干支", help="month branch or 干支, e.g. 申 or 壬申")
    moment.add_argument("--day", metavar="干支", help="day 干支 or branch alone, e.g. 丁酉 or 酉")
    moment.add_argument("--hour", metavar="干支", help="hour branch or 干支, e.g. 子")


def cast_from_args(args: argparse.Namespace, resolve_hexagram: HexagramResolver | None = None) -> Cast | None:
    """The cast the flags describe, or None when they give none.

    --hexagram needs `resolve_hexagram` (the rulebook's table). Given together with --lines or
    --coins it must agree with them, and then the typed lines (with their tosses) are kept.
    """
    _refuse_empty(args, ("lines", "coins", "hexagram"))
    given = [flag for flag in CAST_FLAGS if _get(args, flag)]
    if len(given) > 1:
        raise UsageError(f"give one of --lines, --coins, --random, not {_flags(given)}")
    seed = _get(args, "seed")
    if seed is not None and "random" not in given:
        raise UsageError("--seed goes with --random")
    if "lines" in given:
        cast = Cast.from_lines(args.lines)
    elif "coins" in given:
        cast = Cast.from_coins(args.coins)
    elif "random" in given:
        cast = Cast.random(seed)
    else:
        cast = None

    name = _get(args, "hexagram")
    if not name:
        return cast
    if cast is not None and cast.source == "random":
        raise UsageError("give --hexagram or --random, not both")
    if resolve_hexagram is None:
        raise UsageError("--hexagram needs the hexagram table of the rulebook (chapter 3), which is not available here")
    named = Cast.from_hexagram_lines(*resolve_hexagram(name))
    if cast is None:
        return named
    if (cast.original, cast.changed) != (named.original, named.changed):
        flag = "--lines" if "lines" in given else "--coins"
        raise UsageError(f"--hexagram {name} does not match {flag} {cast.digits()}")
    return cast


def moment_from_args(args: argparse.Namespace) -> Moment | None:
    """The moment the flags describe, or None when they give none."""
    _refuse_empty(args, ("date", "tz", "lunar", "time", *PILLAR_FLAGS))
    pillars = {flag: _get(args, flag) for flag in PILLAR_FLAGS}
    forms = [
        flag
        for flag, present in (
            ("--date", _get(args, "date")),
            ("--lunar", _get(args, "lunar")),
            ("--year/--month/--day/--hour", any(pillars.values())),
        )
        if present
    ]
    if len(forms) > 1:
        raise UsageError(f"give the moment one way, not {_flags(forms)}")
    form = forms[0] if forms else None
    for flag, forms_allowed in (("tz", ("--date",)), ("leap", ("--lunar",)), ("time", ("--lunar",)), ("zi_boundary", ("--date", "--lunar"))):
        if _get(args, flag) and form not in forms_allowed:
            raise UsageError(f"--{flag.replace('_', '-')} goes with {' or '.join(forms_allowed)}")
    boundary = _get(args, "zi_boundary") or "23:00"

    if form == "--date":
        text = args.date.strip()
        day = _parse_date_only(text)
        if day is not None:
            if _get(args, "tz"):
                raise UsageError("--tz needs a time: a calendar date alone has no zone")
            return Moment.from_date(day, boundary)
        return Moment.from_datetime(_parse_datetime(text), _get(args, "tz"), boundary)
    if form == "--lunar":
        year, month, day_number = _parse_lunar(args.lunar)
        at = _parse_time(args.time) if _get(args, "time") else None
        return Moment.from_lunar(year, month, day_number, bool(_get(args, "leap")), at, boundary)
    if form is not None:
        return Moment.from_pillars(**pillars)
    return None


def _refuse_empty(args: argparse.Namespace, names: Sequence[str]) -> None:
    """A flag given an empty value is refused, never read as absent (`--date ''` is no moment)."""
    for name in names:
        value = _get(args, name)
        if isinstance(value, str) and not value.strip():
            raise UsageError(f"--{name.replace('_', '-')} is empty; give a value or leave the flag out")


def _get(args: argparse.Namespace, name: str):
    return getattr(args, name, None)


def _flags(names: Sequence[str]) -> str:
    spelled = [name if name.startswith("-") else f"--{name}" for name in names]
    return " and ".join(spelled)


def _parse_date_only(text: str) -> date | None:
    if re.fullmatch(r"\d{4}-\d{2}-\d{2}", text):
        try:
            return date.fromisoformat(text)
        except ValueError as error:
            raise UsageError(f"--date {text!r}: {error}") from error
    return None


def _parse_datetime(text: str) -> datetime:
    try:
        return datetime.fromisoformat(text.replace("Z", "+00:00"))
    except ValueError as error:
        raise UsageError(f"--date {text!r} is not an ISO date-time such as 2024-02-04T16:30+08:00") from error


def _parse_lunar(text: str) -> tuple[int, int, int]:
    match = re.fullmatch(r"\s*(\d{1,4})-(\d{1,2})-(\d{1,2})\s*", text)
    if not match:
        raise UsageError(f"--lunar {text!r} is not a lunar date YEAR-MONTH-DAY such as 2024-01-05 (add --leap for a leap month)")
    year, month, day = (int(part) for part in match.groups())
    return year, month, day


def _parse_time(text: str) -> time:
    try:
        found = time.fromisoformat(text.strip())
    except ValueError as error:
        raise UsageError(f"--time {text!r} is not a time HH:MM or HH:MM:SS") from error
    if found.tzinfo is not None:
        raise UsageError(f"--time {text!r} has a zone offset; --time is Beijing wall time (use --date for another zone)")
    return found
