"""The chart marks what the book's readers look for first (空 破 暗动 伏 临日 临月) and numbers its
lines, in the JSON, the terminal table and the SVG; the side panel speaks in words; the cast form
offers the question catalog; the judge page opens with the answers and folds the reasoning."""

import re

import pytest

import yimao
from yimao.cli import main
from yimao.web.app import create_app

# 鼎 in 卯 month on 甲子: 旬空 戌亥; line 3 (亥) void and its hidden 妻财 absent from the cast.
CHART = dict(lines="787878", month="卯", day="甲子")


@pytest.fixture(scope="module")
def chart():
    return yimao.chart(**CHART).to_dict()


def test_marks_are_the_facts(chart):
    from yimao.chart import LINE_NAMES

    marks = {line["position"]: line["marks"] for line in chart["lines"]}
    assert marks[6] == ["临日"] and marks[5] == ["空"] and marks[3] == ["空", "伏"] and marks[1] == ["临月"]
    for line in chart["lines"]:  # each mark agrees with the chart's own cells
        assert ("临日" in line["marks"]) == (line["branch"] == "子")
        assert ("临月" in line["marks"]) == (line["branch"] == "卯")
    assert LINE_NAMES[0] == "初" and LINE_NAMES[5] == "上"


def test_terminal_table_numbers_lines_and_shows_marks(capsys):
    assert main(["chart", "--lines", "787878", "--month", "卯", "--day", "甲子"]) == 0
    rows = [line for line in capsys.readouterr().out.splitlines() if re.match(r"^(初|二|三|四|五|上) \d", line)]
    assert [row[:3] for row in rows] == ["上 6", "五 5", "四 4", "三 3", "二 2", "初 1"]
    assert rows[3].rstrip().endswith("空 伏") and rows[0].rstrip().endswith("临日")


def test_svg_and_side_panel(chart):
    client = create_app().test_client()
    page = client.get("/chart", query_string=CHART).get_data(as_text=True)
    assert '<text class="number"' in page and ">三3</text>" in page
    assert '<text class="line-marks"' in page and ">空 伏</text>" in page
    assert "from the lines as typed: lines 787878 (bottom first)" in page
    dated = client.get("/chart", query_string={"lines": "787878", "date": "2024-03-01T10:00"}).get_data(as_text=True)
    panel = dated[dated.index('class="facts"'):]
    assert "calendar_time" not in panel and "late_zi_hour" not in panel and "calendar reckoned on" in panel


def test_cast_form_offers_the_catalog_and_judge_folds_the_reasoning():
    client = create_app().test_client()
    form = client.get("/").get_data(as_text=True)
    select = form[form.index('<select id="question"'):form.index("</select>", form.index('<select id="question"'))]
    assert '<option value="疾病">' in select and '<option value="疾病.症候">' in select
    page = client.get("/judge", query_string={**CHART, "question": "疾病"}).get_data(as_text=True)
    assert page.index('<section class="answers">') < page.index('<details class="more">') < page.index("<h2>用神</h2>")
    assert page.index('<details class="more">') < page.index('<article class="verdict')
