"""The moment of divination: 年月日时 干支 and the solar term, reckoned with tyme4py.

The Chinese calendar is defined on Beijing time (UTC+8): every input instant is converted to it
before the pillars are reckoned. The month and the year switch at the exact 节 / 立春 instant,
to the second. Partial input is normal (a book case may give only the month branch and the day
干支): what is not known stays None and yields no base fact.
"""

from __future__ import annotations

import bisect
import functools
import re
from datetime import date, datetime, time, timedelta, timezone, tzinfo
from pathlib import Path
from types import MappingProxyType
from typing import Mapping
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from attrs import evolve, field, frozen

from .errors import UsageError

# Tuples, not strings: `x in BRANCHES` is then one of the twelve, never a run of them (子丑) or ''.
STEMS = tuple("甲乙丙丁戊己庚辛壬癸")
BRANCHES = tuple("子丑寅卯辰巳午未申酉戌亥")
SIXTY = tuple(STEMS[i % 10] + BRANCHES[i % 12] for i in range(60))  # the sixty 干支, 甲子 first
PILLARS = ("year", "month", "day", "hour")

DEFAULT_ZONE = "Asia/Shanghai"
BEIJING = timezone(timedelta(hours=8))
DAY_BOUNDARIES = ("23:00", "00:00")
DEFAULT_DAY_BOUNDARY = "23:00"


@functools.cache
def calendar_library() -> str:
    """The calendar library and its version (imported when a date is first reckoned or this is
    asked: a moment given by month and day needs no astronomy)."""
    import tyme4py

    return f"tyme4py {tyme4py.__version__}"  # (importlib.metadata costs 20 ms to import)

# The input predicates of rulebook/00-输入.ym, per pillar: (branch fact, stem fact).
PILLAR_FACTS = {
    "year": (("岁君", "支"), ("岁干", "干")),
    "month": (("月建", "支"), ("月干", "干")),
    "day": (("日辰", "支"), ("日干", "干")),
    "hour": (("时辰", "支"), ("时干", "干")),
}
SOLAR_TERM_FACT = ("节气", "名")
PENTAD_FACT = ("候", "序")
# Every input predicate a moment may supply.
MOMENT_PREDICATES = frozenset(
    [p for facts in PILLAR_FACTS.values() for p, _ in facts] + [SOLAR_TERM_FACT[0], PENTAD_FACT[0]]
)

BOUNDARY_RULES = {
    "23:00": "the day pillar advances at 23:00 (子初); 23:00-01:00 is the 子 hour of the next day",
    "00:00": "the day pillar advances at midnight; 23:00-24:00 is the late 子 hour (夜子) of the same day",
}
# tyme4py's hour pillar (and the usual 五鼠遁 practice) takes 23:00-24:00 as the 子 hour of the next
# day under both boundaries; under 00:00 the late 子 hour therefore has the next day's 子 stem
# while the day pillar stays (tyme4py's LunarSect2 provider: 晚子时日柱算当天).
LATE_ZI_HOUR = "23:00-24:00 is 子 with the stem of the next day's 子 hour (五鼠遁 from the next day's stem), under either boundary"
BEIJING_NOTE = "pillars and solar terms are reckoned on Beijing time (UTC+08:00), on which the Chinese calendar is defined"


def _check_stem(instance, attribute, value: str | None) -> None:
    if value is not None and value not in STEMS:
        raise UsageError(f"{attribute.name.replace('_', ' ')} {value!r} is not a heavenly stem (甲…癸)")


def _check_branch(instance, attribute, value: str | None) -> None:
    if value is not None and value not in BRANCHES:
        raise UsageError(f"{attribute.name.replace('_', ' ')} {value!r} is not an earthly branch (子…亥)")


def _frozen_mapping(value: Mapping[str, str | None]) -> Mapping[str, str | None]:
    return MappingProxyType(dict(value))


@frozen
class Moment:
    """The moment of divination: the four pillars (any part may be unknown) and the solar term.

    `instant` is the moment in Beijing time when a time was given; `civil_date` the Beijing date
    when a date was given. `jie` is the 节 (or 立春) that opened the month and `jie_instant` its
    instant; `solar_term` is the latest of the 24 节气 (节 or 中气) at or before the moment, and
    `pentad` which third of that term's span (its 候, 1-3, about five days each: 19.3 counts a
    trigram's 余旺 and a branch's 先司 in 候) the moment falls in.
    """

    year_stem: str | None = field(default=None, validator=_check_stem)
    year_branch: str | None = field(default=None, validator=_check_branch)
    month_stem: str | None = field(default=None, validator=_check_stem)
    month_branch: str | None = field(default=None, validator=_check_branch)
    day_stem: str | None = field(default=None, validator=_check_stem)
    day_branch: str | None = field(default=None, validator=_check_branch)
    hour_stem: str | None = field(default=None, validator=_check_stem)
    hour_branch: str | None = field(default=None, validator=_check_branch)
    solar_term: str | None = None
    pentad: int | None = None
    jie: str | None = None
    jie_instant: datetime | None = None
    instant: datetime | None = None
    civil_date: date | None = None
    source: str = "干支"
    conventions: Mapping[str, str | None] = field(factory=dict, converter=_frozen_mapping, hash=False)

    def __attrs_post_init__(self) -> None:
        for name in PILLARS:
            _check_pillar(name, self.stem(name), self.branch(name))

    # -- constructors -------------------------------------------------------------------------

    @classmethod
    def from_datetime(cls, moment: datetime, zone: str | None = None, day_boundary: str = DEFAULT_DAY_BOUNDARY) -> Moment:
        """From an instant. A naive datetime is wall time in `zone` (default Asia/Shanghai);
        an aware one carries its own offset and takes no zone. Seconds count; fractions of a
        second are dropped (tyme4py reckons to the second)."""
        _check_boundary(day_boundary)
        _check_year(moment.year)
        if moment.tzinfo is not None and moment.utcoffset() is not None:
            if zone is not None:
                raise UsageError(f"the time {moment.isoformat()} already has an offset; give no time zone with it")
            zone_name = _zone_label(moment)
            aware = moment
        else:
            zone_name = zone or DEFAULT_ZONE
            aware = _localize(moment, _zone(zone_name))
            zone_name = _zone_label(aware)
        beijing = aware.astimezone(BEIJING).replace(microsecond=0)
        reckoned = _reckon(beijing, day_boundary)
        return cls(
            **reckoned,
            instant=beijing,
            civil_date=beijing.date(),
            source=aware.isoformat(),
            conventions=_conventions(day_boundary, zone_name, reckoned),
        )

    @classmethod
    def from_date(cls, day: date, day_boundary: str = DEFAULT_DAY_BOUNDARY) -> Moment:
        """From a Beijing civil date without a time: the day pillar is the date's; month, year
        and solar term only where they hold all day (on the day of a 节 the month is unknown)."""
        _check_boundary(day_boundary)
        _check_year(day.year)
        start = datetime.combine(day, time(0, 0, 0), BEIJING)
        first, last = _reckon(start, "00:00"), _reckon(start.replace(hour=23, minute=59, second=59), "00:00")
        # Keep what holds over the whole day; the hour is unknown.
        known = {key: value if last[key] == value else None for key, value in first.items()}
        known["hour_stem"] = known["hour_branch"] = None
        if known["month_branch"] is None:
            known["jie"] = known["jie_instant"] = None
        return cls(
            **known,
            civil_date=day,
            source=day.isoformat(),
            conventions=_conventions(day_boundary, None, known, note="a calendar date without a time: the hour is unknown"),
        )

    @classmethod
    def from_lunar(
        cls,
        year: int,
        month: int,
        day: int,
        leap: bool = False,
        at: time | None = None,
        day_boundary: str = DEFAULT_DAY_BOUNDARY,
    ) -> Moment:
        """From a Chinese lunar date (leap month if `leap`), with an optional Beijing wall time."""
        solar = lunar_to_solar(year, month, day, leap)
        label = f"lunar {year}-{'闰' if leap else ''}{month:02d}-{day:02d}"
        if at is None:
            moment = cls.from_date(solar, day_boundary)
        else:
            moment = cls.from_datetime(datetime.combine(solar, at.replace(tzinfo=None)), DEFAULT_ZONE, day_boundary)
            label += f" {at.strftime('%H:%M:%S')}"
        return evolve(moment, source=label)

    @classmethod
    def from_pillars(
        cls,
        *,
        year: str | None = None,
        month: str | None = None,
        day: str | None = None,
        hour: str | None = None,
    ) -> Moment:
        """From given 干支, as the book's cases state them: each pillar a full 干支 ("丁酉") or a
        bare branch ("酉"), any of them omitted. A full pair must be one of the sixty; the month
        stem must follow from the year stem (五虎遁) and the hour stem from the day stem (五鼠遁;
        a 子 hour may also carry the next day's 子 stem, the late 子 hour)."""
        given = {"year": year, "month": month, "day": day, "hour": hour}
        parts: dict[str, str | None] = {}
        for name, text in given.items():
            stem, branch = parse_pillar(text, name)
            parts[f"{name}_stem"], parts[f"{name}_branch"] = stem, branch
        moment = cls(**parts, source="干支", conventions=_conventions(note="干支 given as input: nothing reckoned"))
        moment._check_derived_stems()
        return moment

    # -- views --------------------------------------------------------------------------------

    def stem(self, pillar: str) -> str | None:
        return getattr(self, f"{pillar}_stem")

    def branch(self, pillar: str) -> str | None:
        return getattr(self, f"{pillar}_branch")

    def pillar(self, pillar: str) -> str | None:
        """"甲辰", or the bare branch "辰" when the stem is unknown, or None."""
        return "".join(part for part in (self.stem(pillar), self.branch(pillar)) if part) or None

    @property
    def missing(self) -> tuple[str, ...]:
        """The pillars (and the solar term) that are unknown, for outputs that say what is missing."""
        unknown = [name for name in PILLARS if self.branch(name) is None]
        unknown += [f"{name} stem" for name in PILLARS if self.branch(name) is not None and self.stem(name) is None]
        return tuple(unknown) + (() if self.solar_term else ("solar term",))

    def base_facts(self) -> tuple[tuple[str, dict[str, str | int]], ...]:
        """The base facts this moment supplies, with the input predicates of rulebook/00-输入.ym;
        only the known ones."""
        facts: list[tuple[str, dict[str, str | int]]] = []
        for name in PILLARS:
            (branch_predicate, branch_arg), (stem_predicate, stem_arg) = PILLAR_FACTS[name]
            if self.branch(name) is not None:
                facts.append((branch_predicate, {branch_arg: self.branch(name)}))
            if self.stem(name) is not None:
                facts.append((stem_predicate, {stem_arg: self.stem(name)}))
        if self.solar_term is not None:
            predicate, arg = SOLAR_TERM_FACT
            facts.append((predicate, {arg: self.solar_term}))
        if self.pentad is not None:
            predicate, arg = PENTAD_FACT
            facts.append((predicate, {arg: self.pentad}))
        return tuple(facts)

    def to_dict(self) -> dict:
        return {
            "pillars": {name: self.pillar(name) for name in PILLARS},
            "solar_term": self.solar_term,
            "pentad": self.pentad,
            "jie": self.jie,
            "jie_instant": _iso(self.jie_instant),
            "instant": _iso(self.instant),
            "date": None if self.civil_date is None else self.civil_date.isoformat(),
            "input": self.source,
            "conventions": dict(self.conventions),
        }

    def _check_derived_stems(self) -> None:
        """Given stems must agree: month stem by 五虎遁 from the year stem, hour stem by 五鼠遁."""
        pairs = (("year", "month", month_stem_for), ("day", "hour", hour_stem_for))
        for upper, lower, rule in pairs:
            upper_stem, lower_stem, lower_branch = self.stem(upper), self.stem(lower), self.branch(lower)
            if upper_stem is None or lower_stem is None or lower_branch is None:
                continue
            allowed = [rule(upper_stem, lower_branch)]
            if lower == "hour" and lower_branch == "子":
                allowed.append(hour_stem_for(STEMS[(STEMS.index(upper_stem) + 1) % 10], "子"))  # late 子 hour
            if lower_stem not in allowed:
                raise UsageError(
                    f"{lower} {lower_stem}{lower_branch} does not fit the {upper} stem {upper_stem}: "
                    f"its {lower} stem would be {' or '.join(allowed)}"
                )


# -- reckoning -------------------------------------------------------------------------------


# The month branch each 节 opens (立春 the 寅 month … 小寒 the 丑 month).
JIE_MONTH = {"立春": "寅", "惊蛰": "卯", "清明": "辰", "立夏": "巳", "芒种": "午", "小暑": "未",
             "立秋": "申", "白露": "酉", "寒露": "戌", "立冬": "亥", "大雪": "子", "小寒": "丑"}
_DAY_ZERO = date(2000, 1, 1)  # a 戊午 day: index 54 of the sixty


def _reckon(beijing: datetime, day_boundary: str) -> dict:
    """Pillars, solar term and the month's 节 at a Beijing-time instant (to the second).

    Only the solar terms need astronomy: tyme4py gives each year's 24 instants once (cached); the
    pillars then follow by the calendar's arithmetic, as tyme4py itself reckons them (the year
    turns at 立春 and the month at its 节, to the second; the day is the civil date's, advanced at
    23:00 under that boundary; the hour stem by 五鼠遁 from the day that begins at 23:00).  Each
    chart used to ask tyme4py for its lunar hour, a fifth of the API's time per chart;
    tests/test_calendar.py checks this against tyme4py's own reckoning, boundaries included."""
    _check_year(beijing.year)
    instant = beijing.replace(tzinfo=None)
    terms = _terms_around(beijing.year)
    at = bisect.bisect_right(terms, (instant, "\uffff")) - 1
    term_at, term = terms[at]
    elapsed, span = (instant - term_at).total_seconds(), (terms[at + 1][0] - term_at).total_seconds()
    pentad = min(3, 1 + int(3 * elapsed // span))  # the term's three 候, each a third of its span
    jie_at, jie = next((t for t in reversed(terms[:at + 1]) if t[1] in JIE_MONTH))
    spring = next(t for t in terms if t[1] == "立春" and t[0].year == beijing.year)[0]
    year = beijing.year if instant >= spring else beijing.year - 1
    year_stem, year_branch = STEMS[(year - 4) % 10], BRANCHES[(year - 4) % 12]
    month_branch = JIE_MONTH[jie]
    civil = (beijing.date() - _DAY_ZERO).days + 54
    next_day = civil + (1 if beijing.hour >= 23 else 0)  # the day that begins at 23:00
    day = next_day if day_boundary == "23:00" else civil
    hour_branch = BRANCHES[(beijing.hour + 1) // 2 % 12]
    return {
        "solar_term": term, "pentad": pentad, "jie": jie, "jie_instant": jie_at.replace(tzinfo=BEIJING),
        "year_stem": year_stem, "year_branch": year_branch,
        "month_stem": month_stem_for(year_stem, month_branch), "month_branch": month_branch,
        "day_stem": STEMS[day % 10], "day_branch": BRANCHES[day % 12],
        "hour_stem": hour_stem_for(STEMS[next_day % 10], hour_branch), "hour_branch": hour_branch,
    }


# The terms of 1900-2100 as tyme4py reckons them (tools/solar_terms.py writes the file; a test
# reckons a sample of its years again): a chart's moment needs three years of terms, and reckoning
# them by astronomy took 10-30 ms, about what evaluating the chart takes.
TERMS_TABLE = Path(__file__).resolve().parent / "tables" / "solar-terms.tsv"


@functools.cache
def _tabulated() -> dict[int, tuple[tuple[datetime, str], ...]]:
    """The shipped table of terms by year (empty when it is missing: then every year is reckoned)."""
    try:
        lines = TERMS_TABLE.read_text(encoding="utf-8").splitlines()
    except OSError:
        return {}
    names = lines[0].split("\t")[1:]
    table = {}
    for line in lines[1:]:
        year, *instants = line.split("\t")
        table[int(year)] = tuple((datetime.fromisoformat(at), name) for at, name in zip(instants, names))
    return table


@functools.cache
def _terms_of(year: int) -> tuple[tuple[datetime, str], ...]:
    """The 24 solar terms tyme4py counts for `year` (from the 冬至 before it), Beijing wall time."""
    found = _tabulated().get(year)
    return found if found is not None else reckoned_terms(year)


def reckoned_terms(year: int) -> tuple[tuple[datetime, str], ...]:
    """`_terms_of` by tyme4py's astronomy (for a year the table lacks, and to write the table)."""
    from tyme4py.solar import SolarTerm

    first = SolarTerm.from_index(year, 0)
    return tuple((term_instant(t).replace(tzinfo=None), t.get_name()) for t in (first.next(i) for i in range(24)))


@functools.cache
def _terms_around(year: int) -> tuple[tuple[datetime, str], ...]:
    """The terms from the 冬至 before the year before `year` to the last of the year after it."""
    return _terms_of(year - 1) + _terms_of(year) + _terms_of(year + 1)


def term_instant(term) -> datetime:
    """The instant of a solar term in Beijing time, to the second (tyme4py rounds to the second)."""
    t = term.get_julian_day().get_solar_time()
    return datetime(t.get_year(), t.get_month(), t.get_day(), t.get_hour(), t.get_minute(), t.get_second(), tzinfo=BEIJING)


def solar_term_instant(year: int, name: str) -> datetime:
    """The instant of the named solar term of a Gregorian year (小寒 … 冬至 of that year)."""
    from tyme4py.solar import SolarTerm

    try:
        term = SolarTerm.from_name(year, name)
    except ValueError as error:
        raise UsageError(f"unknown solar term {name!r}") from error
    # tyme4py counts a year's terms from the previous 冬至; step to the one inside `year`.
    instant = term_instant(term)
    return instant if instant.year == year else term_instant(term.next(24))


def lunar_to_solar(year: int, month: int, day: int, leap: bool = False) -> date:
    """The Gregorian date of a Chinese lunar date; a leap month that year lacks is an error."""
    from tyme4py.lunar import LunarDay

    _check_year(year)
    try:
        solar = LunarDay.from_ymd(year, -month if leap else month, day).get_solar_day()
    except ValueError as error:
        raise UsageError(f"no lunar date {year}-{'闰' if leap else ''}{month:02d}-{day:02d}: {error}") from error
    return date(solar.get_year(), solar.get_month(), solar.get_day())


def month_stem_for(year_stem: str, month_branch: str) -> str:
    """五虎遁: the 寅 month of a 甲/己 year is 丙寅, and the stems run on from there."""
    first = (STEMS.index(year_stem) % 5 * 2 + 2) % 10
    return STEMS[(first + (BRANCHES.index(month_branch) - 2) % 12) % 10]


def hour_stem_for(day_stem: str, hour_branch: str) -> str:
    """五鼠遁: the 子 hour of a 甲/己 day is 甲子, and the stems run on from there."""
    return STEMS[(STEMS.index(day_stem) % 5 * 2 + BRANCHES.index(hour_branch)) % 10]


# -- input checks and conventions -----------------------------------------------------------


def parse_pillar(text: str | None, name: str) -> tuple[str | None, str | None]:
    """"丁酉" → ("丁", "酉"); "酉" → (None, "酉"); None → (None, None). Anything else is an error."""
    if text is None:
        return None, None
    text = text.strip()
    if text in BRANCHES:
        return None, text
    if len(text) == 2 and text[0] in STEMS and text[1] in BRANCHES:
        _check_pillar(name, text[0], text[1])
        return text[0], text[1]
    raise UsageError(f"{name} {text!r} is not a 干支 (e.g. 丁酉) or an earthly branch (e.g. 酉)")


def _check_pillar(name: str, stem: str | None, branch: str | None) -> None:
    if stem is None:
        return
    if branch is None:
        raise UsageError(f"the {name} stem {stem} needs its branch")
    if STEMS.index(stem) % 2 != BRANCHES.index(branch) % 2:
        raise UsageError(f"{name} {stem}{branch} is not one of the sixty 干支 (a yang stem takes a yang branch)")


def _check_boundary(day_boundary: str) -> None:
    if day_boundary not in DAY_BOUNDARIES:
        raise UsageError(f"the 子时 day boundary is 23:00 or 00:00, not {day_boundary!r}")


def _check_year(year: int) -> None:
    # tyme4py reckons years 1-9999; one year of margin keeps the terms around New Year in range.
    if not 2 <= year <= 9998:
        raise UsageError(f"year {year} is outside the calendar's range (2-9998)")


def _zone(name: str) -> tzinfo:
    """An IANA zone (America/New_York) or a fixed offset (+08:00, UTC-05:00)."""
    offset = re.fullmatch(r"(?:UTC|GMT)?([+-])(\d{1,2}):?(\d{2})?", name.strip())
    if offset:
        sign, hours, minutes = offset.groups()
        delta = timedelta(hours=int(hours), minutes=int(minutes or 0))
        if delta >= timedelta(hours=24):
            raise UsageError(f"time zone offset {name!r} is out of range")
        return timezone(-delta if sign == "-" else delta)
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError) as error:
        raise UsageError(f"unknown time zone {name!r} (an IANA name such as Asia/Shanghai, or an offset such as +08:00)") from error


def _localize(wall: datetime, zone: tzinfo) -> datetime:
    """Attach a zone to a wall time, refusing a wall time the zone skips (a DST gap); an
    ambiguous wall time (a DST fold) takes its earlier instant."""
    aware = wall.replace(tzinfo=zone, fold=0)
    if aware.astimezone(timezone.utc).astimezone(zone).replace(tzinfo=None) != wall.replace(tzinfo=None):
        raise UsageError(f"{wall.isoformat()} does not exist in {zone} (clocks were set forward)")
    return aware


def _zone_label(moment: datetime) -> str:
    key = getattr(moment.tzinfo, "key", None)
    if key:
        return key
    offset = moment.utcoffset() or timedelta(0)
    sign = "-" if offset < timedelta(0) else "+"
    minutes = abs(offset) // timedelta(minutes=1)
    return f"UTC{sign}{minutes // 60:02d}:{minutes % 60:02d}"


def _conventions(
    day_boundary: str | None = None,
    zone_name: str | None = None,
    reckoned: Mapping | None = None,
    note: str | None = None,
) -> dict[str, str | None]:
    """The conventions a moment was reckoned under; the same keys for every input form."""
    jie_instant = reckoned.get("jie_instant") if reckoned else None
    reckoning = reckoned is not None
    return {
        "day_boundary": day_boundary,
        "day_boundary_rule": BOUNDARY_RULES.get(day_boundary or ""),
        "late_zi_hour": LATE_ZI_HOUR if reckoning else None,
        "time_zone": zone_name,
        "calendar_time": BEIJING_NOTE if reckoning else None,
        "calendar": calendar_library(),
        "jie_instant": None if jie_instant is None else f"{reckoned['jie']} {jie_instant.isoformat()}",
        "note": note,
    }


def _iso(value: datetime | None) -> str | None:
    return None if value is None else value.isoformat()
