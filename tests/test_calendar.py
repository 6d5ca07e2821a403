"""The moment: pillars switching at the exact 节 instant, the 子时 boundary, zones, lunar and 干支 input."""

import argparse
import re
from datetime import date, datetime, time, timedelta, timezone
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from lunardate import LunarDate

from yimao.calendar import (
    BEIJING,
    BRANCHES,
    STEMS,
    Moment,
    hour_stem_for,
    lunar_to_solar,
    month_stem_for,
    solar_term_instant,
)
from yimao.errors import UsageError
from yimao.inputs import add_chart_arguments, moment_from_args

deterministic = settings(derandomize=True, deadline=None, max_examples=60)
MINUTE = timedelta(minutes=1)
# The 节 that open the twelve months, with the month branch each opens.
JIE = dict(zip(("立春", "惊蛰", "清明", "立夏", "芒种", "小暑", "立秋", "白露", "寒露", "立冬", "大雪", "小寒"), "寅卯辰巳午未申酉戌亥子丑"))


def at(text: str) -> Moment:
    return Moment.from_datetime(datetime.fromisoformat(text))


def sexagenary(index: int) -> str:
    return STEMS[index % 10] + BRANCHES[index % 12]


def day_pillar(day: date) -> str:
    """Independent of tyme4py: 1949-10-01 was a 甲子 day, and days run on in the sixty."""
    return sexagenary((day - date(1949, 10, 1)).days)


# -- the 节 instant ------------------------------------------------------------------------------


def test_lichun_2024_switches_year_and_month():
    lichun = solar_term_instant(2024, "立春")
    assert lichun.date() == date(2024, 2, 4) and lichun.hour == 16  # published: 16:27 Beijing time
    before = Moment.from_datetime(lichun - MINUTE - timedelta(seconds=1))
    after = Moment.from_datetime(lichun + MINUTE)
    assert (before.pillar("year"), before.pillar("month"), before.solar_term) == ("癸卯", "乙丑", "大寒")
    assert (after.pillar("year"), after.pillar("month"), after.solar_term) == ("甲辰", "丙寅", "立春")
    assert before.jie == "小寒" and after.jie == "立春"
    assert after.jie_instant == lichun
    assert after.conventions["jie_instant"] == f"立春 {lichun.isoformat()}"
    assert before.pillar("day") == after.pillar("day") == day_pillar(date(2024, 2, 4)) == "戊戌"


def test_the_switch_is_to_the_second_never_truncated_to_the_minute():
    lichun = solar_term_instant(2024, "立春")
    assert lichun.second != 0  # otherwise this test would prove nothing
    same_minute_before = lichun.replace(second=0)
    assert Moment.from_datetime(same_minute_before).month_branch == "丑"
    assert Moment.from_datetime(lichun - timedelta(seconds=1)).month_branch == "丑"
    assert Moment.from_datetime(lichun).month_branch == "寅"


@given(st.integers(1901, 2099), st.sampled_from(sorted(JIE)), st.integers(60, 6 * 3600))
@deterministic
def test_every_jie_switches_the_month_at_its_instant(year, jie, seconds):
    instant = solar_term_instant(year, jie)
    before = Moment.from_datetime(instant - timedelta(seconds=seconds))
    after = Moment.from_datetime(instant + timedelta(seconds=seconds))
    assert after.month_branch == JIE[jie] and after.jie == jie
    assert before.month_branch == BRANCHES[(BRANCHES.index(JIE[jie]) - 1) % 12]
    for moment in (before, after):
        assert moment.month_stem == month_stem_for(moment.year_stem, moment.month_branch)  # 五虎遁
    new_year = jie == "立春"
    assert (after.year_branch != before.year_branch) == new_year


@given(st.dates(date(1901, 1, 1), date(2099, 12, 31)), st.integers(1, 22), st.integers(0, 59))
@deterministic
def test_day_and_year_pillars_agree_with_independent_counts(day, hour, minute):
    moment = Moment.from_datetime(datetime.combine(day, time(hour, minute)))
    assert moment.pillar("day") == day_pillar(day)
    assert moment.hour_branch == BRANCHES[(hour + 1) // 2 % 12]
    assert moment.hour_stem == hour_stem_for(moment.day_stem, moment.hour_branch)  # 五鼠遁
    if date(day.year, 3, 1) <= day <= date(day.year, 12, 31):  # safely after 立春
        assert moment.pillar("year") == sexagenary(day.year - 1984)  # 1984 was 甲子


# -- the 子时 day boundary -----------------------------------------------------------------------


@pytest.mark.parametrize(
    "wall, boundary, day, hour",
    [
        ("2024-02-04T22:30", "23:00", "戊戌", "癸亥"),
        ("2024-02-04T22:30", "00:00", "戊戌", "癸亥"),
        ("2024-02-04T23:30", "23:00", "己亥", "甲子"),  # 子初: the next day has begun
        ("2024-02-04T23:30", "00:00", "戊戌", "甲子"),  # late 子: same day, next day's 子 stem
        ("2024-02-05T00:30", "23:00", "己亥", "甲子"),
        ("2024-02-05T00:30", "00:00", "己亥", "甲子"),
        ("2024-02-05T01:30", "00:00", "己亥", "乙丑"),
    ],
)
def test_zi_hour_under_both_day_boundaries(wall, boundary, day, hour):
    moment = Moment.from_datetime(datetime.fromisoformat(wall), day_boundary=boundary)
    assert (moment.pillar("day"), moment.pillar("hour")) == (day, hour)
    assert moment.conventions["day_boundary"] == boundary


def test_the_boundary_moves_only_the_day_pillar():
    late = datetime(2024, 2, 4, 23, 30)
    by_23, by_00 = Moment.from_datetime(late), Moment.from_datetime(late, day_boundary="00:00")
    for pillar in ("year", "month", "hour"):
        assert by_23.pillar(pillar) == by_00.pillar(pillar)


def test_bad_boundary():
    with pytest.raises(UsageError, match="23:00 or 00:00"):
        Moment.from_datetime(datetime(2024, 2, 4, 12), day_boundary="01:00")


# -- time zones ----------------------------------------------------------------------------------


def test_a_non_chinese_zone_is_converted_to_beijing_time():
    new_york = Moment.from_datetime(datetime(2024, 2, 4, 3, 30), zone="America/New_York")  # EST, UTC-5
    beijing = at("2024-02-04T16:30+08:00")
    assert new_york.instant == beijing.instant == datetime(2024, 2, 4, 16, 30, tzinfo=BEIJING)
    assert new_york.to_dict()["pillars"] == beijing.to_dict()["pillars"]
    assert new_york.conventions["time_zone"] == "America/New_York"
    assert "UTC+08:00" in new_york.conventions["calendar_time"]


def test_a_summer_evening_in_new_york_is_the_next_day_in_beijing():
    moment = Moment.from_datetime(datetime(2024, 7, 1, 20, 0), zone="America/New_York")  # EDT, UTC-4
    assert moment.instant == datetime(2024, 7, 2, 8, 0, tzinfo=BEIJING)
    assert moment.pillar("day") == day_pillar(date(2024, 7, 2))


@pytest.mark.parametrize(
    "text",
    ["2024-02-04T14:00+05:30", "2024-02-04T08:30Z", "2024-02-04T08:30+00:00", "2024-02-04T16:30:00+08:00"],
)
def test_dst_free_offsets_give_the_same_moment(text):
    moment = Moment.from_datetime(datetime.fromisoformat(text.replace("Z", "+00:00")))
    assert moment.instant == datetime(2024, 2, 4, 16, 30, tzinfo=BEIJING)
    assert moment.pillar("month") == "丙寅"  # three minutes after 立春


def test_naive_times_default_to_asia_shanghai_and_zones_may_be_offsets():
    assert Moment.from_datetime(datetime(2024, 2, 4, 16, 30)).conventions["time_zone"] == "Asia/Shanghai"
    assert Moment.from_datetime(datetime(2024, 2, 4, 3, 30), zone="-05:00").instant.hour == 16
    kolkata = Moment.from_datetime(datetime(2024, 2, 4, 14, 0), zone="Asia/Kolkata")
    assert kolkata.instant == datetime(2024, 2, 4, 16, 30, tzinfo=BEIJING)


@pytest.mark.parametrize(
    "moment, zone, message",
    [
        (datetime(2024, 3, 10, 2, 30), "America/New_York", "does not exist"),
        (datetime(2024, 2, 4, 12), "Mars/Olympus", "unknown time zone"),
        (datetime(2024, 2, 4, 12, tzinfo=timezone.utc), "Asia/Shanghai", "already has an offset"),
        (datetime(1, 1, 1, 12), None, "outside the calendar's range"),
    ],
)
def test_bad_zones_and_times(moment, zone, message):
    with pytest.raises(UsageError, match=message):
        Moment.from_datetime(moment, zone)


def test_fractions_of_a_second_are_dropped():
    moment = Moment.from_datetime(datetime(2024, 2, 4, 16, 30, 5, 999999))
    assert moment.instant == datetime(2024, 2, 4, 16, 30, 5, tzinfo=BEIJING)


# -- a date without a time -----------------------------------------------------------------------


def test_a_date_alone_leaves_unknown_what_changes_during_the_day():
    on_lichun = Moment.from_date(date(2024, 2, 4))
    assert on_lichun.pillar("day") == "戊戌"
    assert (on_lichun.pillar("year"), on_lichun.pillar("month"), on_lichun.pillar("hour")) == (None, None, None)
    assert on_lichun.solar_term is None and on_lichun.jie_instant is None
    next_day = Moment.from_date(date(2024, 2, 5))
    assert (next_day.pillar("year"), next_day.pillar("month"), next_day.solar_term) == ("甲辰", "丙寅", "立春")
    assert next_day.hour_branch is None and "hour" in next_day.missing


def test_the_pentad_is_the_third_of_the_term_the_moment_falls_in():
    # 春分 2026 falls at 2026-03-20 22:46 Beijing, 清明 at 2026-04-05 02:40: each 候 about 5.06 days.
    spring = solar_term_instant(2026, "春分").replace(tzinfo=None)
    bright = solar_term_instant(2026, "清明").replace(tzinfo=None)
    third = (bright - spring) / 3
    for moment, term, pentad in (
        (spring - timedelta(seconds=1), "惊蛰", 3),
        (spring, "春分", 1),
        (spring + third - timedelta(seconds=1), "春分", 1),
        (spring + third + timedelta(seconds=1), "春分", 2),
        (spring + 2 * third + timedelta(seconds=1), "春分", 3),
        (bright - timedelta(seconds=1), "春分", 3),
        (bright, "清明", 1),
    ):
        m = Moment.from_datetime(moment)
        assert (m.solar_term, m.pentad) == (term, pentad), moment
    assert ("候", {"序": 3}) in Moment.from_datetime(bright - timedelta(hours=1)).base_facts()
    # a date alone gives the 候 only when it holds all day; bare 干支 give none
    assert Moment.from_date(date(2026, 3, 28)).pentad == 2
    assert Moment.from_date((spring + third).date()).pentad is None
    assert Moment.from_pillars(month="卯", day="丁未").pentad is None


# -- lunar dates, against lunardate -------------------------------------------------------------

# The lunar months where tyme4py (the 寿星 astronomical algorithm, with corrections to the
# calendars as published) and lunardate (a fixed table) start a month one day apart. 1933 and 2057
# are known errata of the widely copied lunar table (the Hong Kong Observatory notes that its own
# table is one day out for the new moon of 2057-09-28); tyme4py puts those new moons just after
# Beijing midnight (1933-07-23 00:03, 1978-09-03 00:09, 2057-09-29 00:00:25).
LUNAR_MONTHS_IN_DISPUTE = {(1933, 6), (1954, 11), (1978, 8), (2057, 9)}
# The day moves between a disputed month and the month before it: both differ in length.
MONTH_LENGTHS_IN_DISPUTE = {
    (1933, 5, True), (1933, 6, False), (1954, 10, False), (1954, 11, False),
    (1978, 7, False), (1978, 8, False), (2057, 8, False), (2057, 9, False),
}


def lunar_months(year: int):
    leap = LunarDate.leap_month_for_year(year)
    for month in range(1, 13):
        yield month, False
        if month == leap:
            yield month, True


def has_thirtieth(convert, year, month, leap) -> bool:
    try:
        convert(year, month, 30, leap)
    except (UsageError, ValueError):
        return False
    return True


def lunardate_solar(year, month, day, leap):
    return LunarDate(year, month, day, leap).to_solar_date()


def test_every_lunar_month_1900_2099_starts_on_the_day_lunardate_gives():
    starts, lengths = set(), set()
    for year in range(1900, 2100):
        for month, leap in lunar_months(year):
            if lunar_to_solar(year, month, 1, leap) != lunardate_solar(year, month, 1, leap):
                starts.add((year, month))
            if has_thirtieth(lunar_to_solar, year, month, leap) != has_thirtieth(lunardate_solar, year, month, leap):
                lengths.add((year, month, leap))
    assert starts == LUNAR_MONTHS_IN_DISPUTE
    assert lengths == MONTH_LENGTHS_IN_DISPUTE


def test_a_leap_month_only_where_the_year_has_one():
    for year in range(1900, 2100):
        leap = LunarDate.leap_month_for_year(year)
        for month in range(1, 13):
            if month == leap:
                assert lunar_to_solar(year, month, 1, leap=True) > lunar_to_solar(year, month, 1)
            else:
                with pytest.raises(UsageError, match="no lunar date"):
                    lunar_to_solar(year, month, 1, leap=True)


# The solar days whose lunar date the two libraries give differently: 30 days from each disputed 初一.
DISPUTED_DAYS = {
    start + timedelta(days=k)
    for start in (date(1933, 7, 22), date(1954, 11, 25), date(1978, 9, 2), date(2057, 9, 28))
    for k in range(30)
}


@given(st.dates(date(1900, 1, 31), date(2099, 12, 31)))
@settings(derandomize=True, deadline=None, max_examples=300)
def test_solar_dates_round_trip_through_lunardate(day):
    lunar = LunarDate.from_solar_date(day.year, day.month, day.day)
    if day not in DISPUTED_DAYS:
        assert lunar_to_solar(lunar.year, lunar.month, lunar.day, lunar.is_leap_month) == day


def test_lunar_input_gives_the_moment_of_its_solar_date():
    new_year = Moment.from_lunar(2024, 1, 5, at=time(16, 30))  # 正月初五 = 2024-02-14
    assert new_year.instant == datetime(2024, 2, 14, 16, 30, tzinfo=BEIJING)
    assert new_year.pillar("day") == day_pillar(date(2024, 2, 14))
    assert new_year.source == "lunar 2024-01-05 16:30:00"
    leap = Moment.from_lunar(2023, 2, 1, leap=True)  # 闰二月初一 = 2023-03-22
    assert leap.civil_date == date(2023, 3, 22) and leap.hour_branch is None
    assert leap.to_dict()["input"] == "lunar 2023-闰02-01"
    late = Moment.from_lunar(2024, 1, 5, at=time(23, 30))
    assert late.pillar("day") == day_pillar(date(2024, 2, 15))  # 子初 under the default boundary


@pytest.mark.parametrize(
    "args, message",
    [((2024, 13, 1), "no lunar date"), ((2024, 1, 31), "no lunar date"), ((2024, 4, 1, True), "闰04")],
)
def test_bad_lunar_dates(args, message):
    with pytest.raises(UsageError, match=message):
        Moment.from_lunar(*args)


# -- 干支 given --------------------------------------------------------------------------------


def test_given_pillars_as_the_book_states_them():
    moment = Moment.from_pillars(month="申", day="丁酉", year="甲辰", hour="子")
    assert moment.to_dict()["pillars"] == {"year": "甲辰", "month": "申", "day": "丁酉", "hour": "子"}
    assert moment.base_facts() == (
        ("岁君", {"支": "辰"}),
        ("岁干", {"干": "甲"}),
        ("月建", {"支": "申"}),
        ("日辰", {"支": "酉"}),
        ("日干", {"干": "丁"}),
        ("时辰", {"支": "子"}),
    )
    assert Moment.from_pillars(day="酉").base_facts() == (("日辰", {"支": "酉"}),)
    assert Moment.from_pillars().base_facts() == ()


def test_given_stems_must_follow_the_year_and_day_stems():
    assert Moment.from_pillars(year="甲辰", month="壬申").month_stem == "壬"  # 五虎遁
    with pytest.raises(UsageError, match="does not fit the year stem 甲: its month stem would be 壬"):
        Moment.from_pillars(year="甲辰", month="甲申")
    assert Moment.from_pillars(day="戊戌", hour="癸亥").hour_stem == "癸"  # 五鼠遁
    assert Moment.from_pillars(day="戊戌", hour="甲子").hour_stem == "甲"  # the late 子 hour
    with pytest.raises(UsageError, match="would be 壬 or 甲"):
        Moment.from_pillars(day="戊戌", hour="丙子")


@pytest.mark.parametrize(
    "pillars, message",
    [
        ({"day": "甲丑"}, "not one of the sixty"),
        ({"day": "甲"}, "is not a 干支"),
        ({"month": "x"}, "is not a 干支"),
        ({"year": "甲辰年"}, "is not a 干支"),
        ({"hour": "子丑"}, "is not a 干支"),
    ],
)
def test_bad_given_pillars(pillars, message):
    with pytest.raises(UsageError, match=message):
        Moment.from_pillars(**pillars)


def test_fields_are_validated_too():
    with pytest.raises(UsageError, match="not an earthly branch"):
        Moment(day_branch="甲")
    for run in ("子丑", ""):  # a run of branches, or none, is no branch (a substring test took both)
        with pytest.raises(UsageError, match="not an earthly branch"):
            Moment(month_branch=run)
    with pytest.raises(UsageError, match="not a heavenly stem"):
        Moment(day_stem="甲乙", day_branch="子")
    with pytest.raises(UsageError, match="needs its branch"):
        Moment(day_stem="甲")


# -- base facts and JSON -------------------------------------------------------------------------


def declared_inputs() -> dict[str, tuple[str, ...]]:
    text = (Path(__file__).resolve().parent.parent / "rulebook" / "00-输入.ym").read_text(encoding="utf-8")
    return {name: tuple(a.strip() for a in args.split(",")) for name, args in re.findall(r"^input (\S+)\(([^)]*)\)", text, re.M)}


def test_base_facts_use_exactly_the_declared_input_predicates():
    declared = declared_inputs()
    facts = at("2024-02-04T16:30+08:00").base_facts()
    # 爻 comes from the cast and 用神 (for now) from the user; every other input is the moment's.
    # the cast, the question, and what the asker knows of the matter (judge flags)
    not_the_moment = {"爻", "用神", "问", "子问", "所问", "本命", "问者", "病程", "间月", "已生", "事月", "事日",
                      "事年", "年岁", "身属", "婚方", "讼方"}
    assert {predicate for predicate, _ in facts} == set(declared) - not_the_moment
    for predicate, args in facts:
        assert tuple(args) == declared[predicate]


def test_to_dict_shape():
    data = at("2024-02-04T16:30+08:00").to_dict()
    assert data["pillars"] == {"year": "甲辰", "month": "丙寅", "day": "戊戌", "hour": "庚申"}
    assert data["solar_term"] == "立春"
    assert data["pentad"] == 1
    assert data["jie_instant"].startswith("2024-02-04T16:27")
    assert set(data["conventions"]) >= {"day_boundary", "time_zone", "calendar", "jie_instant"}
    assert data["conventions"]["calendar"] == "tyme4py 1.5.0"


def test_moments_are_values():
    assert at("2024-02-04T16:30+08:00") == at("2024-02-04T16:30+08:00")
    assert len({at("2024-02-04T16:30+08:00"), at("2024-02-04T16:30+08:00"), Moment.from_pillars(day="酉")}) == 2


# -- the shared CLI flags ------------------------------------------------------------------------


def parse(*argv):
    parser = argparse.ArgumentParser()
    add_chart_arguments(parser)
    return parser.parse_args(list(argv))


def test_flags_make_moments():
    assert moment_from_args(parse("--date", "2024-02-04T16:30+08:00")).pillar("month") == "丙寅"
    assert moment_from_args(parse("--date", "2024-02-04T03:30", "--tz", "America/New_York")).pillar("month") == "丙寅"
    assert moment_from_args(parse("--date", "2024-02-05")).pillar("hour") is None
    assert moment_from_args(parse("--date", "2024-02-04T23:30", "--zi-boundary", "00:00")).pillar("day") == "戊戌"
    assert moment_from_args(parse("--lunar", "2023-02-01", "--leap", "--time", "12:00")).civil_date == date(2023, 3, 22)
    assert moment_from_args(parse("--month", "申", "--day", "丁酉")).pillar("day") == "丁酉"
    assert moment_from_args(parse()) is None


@pytest.mark.parametrize(
    "argv, message",
    [
        (("--date", "2024-02-04T16:30", "--lunar", "2024-01-05"), "not --date and --lunar"),
        (("--date", "2024-02-04T16:30", "--day", "丁酉"), "one way"),
        (("--lunar", "2024-01-05", "--tz", "America/New_York"), "--tz goes with --date"),
        (("--date", "2024-02-04T16:30", "--leap"), "--leap goes with --lunar"),
        (("--date", "2024-02-04T16:30", "--time", "12:00"), "--time goes with --lunar"),
        (("--day", "丁酉", "--zi-boundary", "00:00"), "--zi-boundary goes with --date or --lunar"),
        (("--zi-boundary", "00:00",), "--zi-boundary goes with"),
        (("--date", "2024-02-04", "--tz", "America/New_York"), "a calendar date alone"),
        (("--date", "2024-02-04T16:30+08:00", "--tz", "America/New_York"), "already has an offset"),
        (("--date", "yesterday"), "not an ISO date-time"),
        (("--date", "2024-02-30"), "--date '2024-02-30'"),
        (("--lunar", "2024/01/05"), "not a lunar date"),
        (("--lunar", "2024-01-05", "--time", "25:00"), "not a time"),
        (("--day", "甲丑"), "not one of the sixty"),
    ],
)
def test_moment_flag_conflicts_are_usage_errors(argv, message):
    with pytest.raises(UsageError, match=message):
        moment_from_args(parse(*argv))


def _tyme4py_reckoning(beijing: datetime, day_boundary: str) -> dict:
    """The oracle: tyme4py's own lunar hour (what `_reckon` asked it for every chart before)."""
    from tyme4py.solar import SolarTime

    from yimao.calendar import term_instant

    solar = SolarTime.from_ymd_hms(beijing.year, beijing.month, beijing.day, beijing.hour, beijing.minute, beijing.second)
    hour = solar.get_sixty_cycle_hour()
    day = hour.get_day() if day_boundary == "23:00" else solar.get_solar_day().get_lunar_day().get_sixty_cycle()
    term = solar.get_term()
    jie = term if term.is_jie() else term.next(-1)
    found = {"solar_term": term.get_name(), "jie": jie.get_name(), "jie_instant": term_instant(jie)}
    # the 候: which third of the span from this term's instant to the next term's the moment is in
    begun, ends = term_instant(term), term_instant(term.next(1))
    found["pentad"] = next(k for k in (1, 2, 3) if k == 3 or beijing < begun + (ends - begun) * k / 3)
    for name, cycle in (("year", hour.get_year()), ("month", hour.get_month()), ("day", day), ("hour", hour.get_sixty_cycle())):
        found[f"{name}_stem"] = cycle.get_heaven_stem().get_name()
        found[f"{name}_branch"] = cycle.get_earth_branch().get_name()
    return found


@settings(derandomize=True, deadline=None, max_examples=300)
@given(st.datetimes(min_value=datetime(1801, 1, 1), max_value=datetime(2199, 12, 31, 23, 59, 59)),
       st.sampled_from(["23:00", "00:00"]))
def test_the_arithmetic_reckoning_is_tyme4pys(naive, boundary):
    """Pillars by arithmetic over each year's term instants give what tyme4py's lunar hour gives."""
    from yimao.calendar import _reckon

    beijing = naive.replace(microsecond=0, tzinfo=timezone(timedelta(hours=8)))
    assert _reckon(beijing, boundary) == _tyme4py_reckoning(beijing, boundary)


@pytest.mark.parametrize("year", [1901, 1984, 2024, 2025, 2100])
def test_the_arithmetic_reckoning_at_every_term_and_midnight_edge(year):
    """A second before, at, and after each of a year's 24 term instants, and around 23:00 and
    midnight of those days, under both boundaries."""
    from yimao.calendar import _reckon, _terms_of

    zone = timezone(timedelta(hours=8))
    for instant, _ in _terms_of(year):
        edges = [instant + timedelta(seconds=d) for d in (-1, 0, 1)]
        day = instant.replace(hour=0, minute=0, second=0)
        edges += [day + timedelta(hours=h, seconds=d) for h in (23, 24) for d in (-1, 0)]
        for moment in edges:
            for boundary in ("23:00", "00:00"):
                beijing = moment.replace(tzinfo=zone)
                assert _reckon(beijing, boundary) == _tyme4py_reckoning(beijing, boundary), (moment, boundary)


def test_the_shipped_table_of_terms_is_tyme4py_reckoning():
    """The table a moment reads (1900-2100) holds what tyme4py reckons, on a seeded sample of its
    years and its first and last; a year outside it is reckoned (tools/solar_terms.py --check
    compares every year)."""
    import random

    from yimao.calendar import _tabulated, _terms_of, reckoned_terms

    table = _tabulated()
    assert sorted(table) == list(range(1900, 2101))
    for year in [1900, 2100, *random.Random(7).sample(range(1901, 2100), 8)]:
        assert table[year] == reckoned_terms(year), year
        assert _terms_of(year) is table[year]
    assert 1899 not in table and _terms_of(1899) == reckoned_terms(1899) and len(_terms_of(2300)) == 24
