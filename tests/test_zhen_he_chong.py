"""「贞合冲」 read as 71.2 lists the same taboos, 贞冲 and 合冲 (61's table 贞合冲), in every chapter
that says it: 52.10 (婚姻.成否), 63.8 (功名.委署), 67.5 (求财.订会), 74.1 (劫质), 77.5 (出行.同行).

乾 is a 六冲 cast (贞冲): before, these clauses read only 合处逢冲, so 订会 on 乾 was 得 and 劫质 成;
贲 is a 六合 whose 世 and 应 the 辰 day clashes (合冲), read before and after."""

import pytest

from handcharts import answers, verdict_rules

CLAUSES = [("婚姻.成否", "成否.合冲"), ("功名.委署", "委署.合冲"), ("求财.订会", "订会.合冲"), ("劫质", "取质.贞合冲"),
           ("出行.同行", "偕行.贞合冲")]


@pytest.mark.parametrize("question, rule", CLAUSES)
@pytest.mark.parametrize("cast", ["乾", "贲"])
def test_both_clashes_are_the_taboo(question, rule, cast):
    assert rule in verdict_rules(question, cast, "戌", "戊辰")


@pytest.mark.parametrize("question, rule", [("求财.订会", "订会.合冲"), ("劫质", "取质.贞合冲")])
def test_a_clashing_cast_now_decides(question, rule):
    # 订会's forming is its topic 成会 (67.5 「贞合冲则不聚」); 劫质 asked at large is 取质
    decided = {a["answer"] for a in answers(question, "乾", "戌", "戊辰") if rule in {r["rule"] for r in a["decided_by"]}}
    assert decided == {"不成"}


def test_a_cast_without_either_clash_is_not_read():
    assert "订会.合冲" not in verdict_rules("求财.订会", "泰之升", "戌", "戊辰")
