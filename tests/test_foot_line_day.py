"""78.4 「足发，当日乃还」 over the lone mover's own day: 45.6's 无妄之否 (子建丙申日, 「是日不雪，客至」),
where the foot line is the moving 用神 itself -- the 应期 led with 独发切's 子日 before, and leads
with the day itself now (78's precedence 足发当日)."""

from handcharts import answers


def _timing(question, cast, month, day, **options):
    row = next(a for a in answers(question, cast, month, day, **options) if a["sub_question"] == question
               and not a["axis"].startswith("by "))
    return row["timing"]["primary"]


def test_the_foot_line_moving_times_the_return_on_the_day_itself():
    primary = _timing("行人", "无妄之否", "子", "丙申", about="友")
    assert primary["by"] == "行人.足发" and primary["when"].startswith("当日")


def test_without_the_foot_line_the_lone_mover_keeps_its_day():
    # 姤之遁: line 2 moves alone (no foot line): 独发切 or the moving 用神's own days, never 当日
    primary = _timing("行人", "姤之遁", "子", "丙申", about="友")
    assert not primary["when"].startswith("当日")
