"""`as 平 alone`: a sub-question whose 用神 is not the matter's answers nothing beyond its own axis.

46.1 「占丰歉以财，占治乱以鬼」: asked of war, plague or water, the harvest's rulings are not read, so
the 财's grade must not stand as an answer on 丰 / 歉 (乾之小畜 in 未 on 戊午, the 财 失令, printed
「年时: 歉」 before); asked of the harvest, it still answers (丰 by 46.1 「财无病而百果结」)."""

import pytest

from handcharts import answers


def _axes(question, cast, month, day, **options):
    return {a["sub_question"]: a["answer"] for a in answers(question, cast, month, day, **options)
            if not a["axis"].startswith("by ")}


@pytest.mark.parametrize("sub", ["兵凶", "疾疫", "水旱"])
def test_the_years_calamities_do_not_answer_the_harvest(sub):
    found = _axes(f"年时.{sub}", "乾之小畜", "未", "戊午")
    assert f"年时.{sub}" in found and "年时" not in found


def test_the_harvest_asked_is_still_answered_by_the_wealth():
    # the 寅 财 失令 but not 空破散绝: 46.1 「财无病而百果结」 (丰, 歉 before that ruling could win)
    assert _axes("年时.丰荒", "乾之小畜", "未", "戊午")["年时.丰荒"] == "丰"
