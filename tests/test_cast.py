"""Casting: the book's coin convention (ch. 2), the odds of three coins, and every input form."""

import argparse
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from yimao.cast import BACK, FACE, LINE_NAMES, Cast, all_tosses, line_of_toss, split_coins
from yimao.errors import UsageError
from yimao.inputs import add_chart_arguments, cast_from_args

deterministic = settings(derandomize=True, deadline=None, max_examples=200)
line_values = st.lists(st.sampled_from((6, 7, 8, 9)), min_size=6, max_size=6)
bit_patterns = st.tuples(*[st.sampled_from((0, 1))] * 6)


# -- the book's convention -----------------------------------------------------------------------


@pytest.mark.parametrize(
    "toss, value, name",
    [
        ((BACK, BACK, FACE), 8, "拆"),  # 两背由来拆
        ((FACE, FACE, BACK), 7, "单"),  # 双眉本是单
        ((FACE, FACE, FACE), 6, "交"),  # 浑眉交定位
        ((BACK, BACK, BACK), 9, "重"),  # 总背是重看
    ],
)
def test_the_four_verses_of_chapter_2(toss, value, name):
    assert line_of_toss(toss) == value
    assert LINE_NAMES[value] == name


def test_a_toss_does_not_depend_on_the_order_of_its_coins():
    for toss in all_tosses():
        assert line_of_toss(toss) == line_of_toss(tuple(reversed(toss))) == line_of_toss(tuple(sorted(toss)))


def test_the_eight_outcomes_of_three_coins_give_the_book_odds():
    outcomes = all_tosses()
    assert len(set(outcomes)) == 8
    assert Counter(line_of_toss(toss) for toss in outcomes) == {6: 1, 7: 3, 8: 3, 9: 1}


# -- --lines -------------------------------------------------------------------------------------


def test_lines_bottom_first_with_moving_lines_and_both_hexagrams():
    cast = Cast.from_lines("877989")
    assert cast.lines == (8, 7, 7, 9, 8, 9)
    assert cast.moving == (4, 6)
    assert cast.names == ("拆", "单", "单", "重", "拆", "重")
    assert cast.original == (0, 1, 1, 1, 0, 1)
    assert cast.changed == (0, 1, 1, 0, 0, 0)
    assert cast.tosses is None
    assert Cast.from_lines("878787").changed is None


@pytest.mark.parametrize(
    "text, message",
    [
        ("12345", "six digits"),
        ("8779871", "got 7 digits"),
        ("877985", "5 is not one of 6, 7, 8, 9"),
        ("87798a", "six digits 6/7/8/9"),
        ("", "six digits"),
    ],
)
def test_bad_lines_are_one_clear_usage_error(text, message):
    with pytest.raises(UsageError, match=message) as caught:
        Cast.from_lines(text)
    assert "\n" not in str(caught.value)


@given(line_values)
@deterministic
def test_lines_round_trip_and_changed_flips_exactly_the_old_lines(values):
    cast = Cast.from_lines("".join(map(str, values)))
    assert cast.digits() == "".join(map(str, values))
    if cast.changed is not None:
        flipped = tuple(p for p in range(1, 7) if cast.original[p - 1] != cast.changed[p - 1])
        assert flipped == cast.moving


# -- --coins -------------------------------------------------------------------------------------


def test_coins_in_chinese_faces_keep_every_toss():
    cast = Cast.from_coins("背背眉,眉眉背,眉眉眉,背背背,眉背眉,背眉背")
    assert cast.lines == (8, 7, 6, 9, 7, 8)
    assert cast.tosses[2] == (FACE, FACE, FACE)
    assert cast.to_dict()["tosses"][0] == "背背眉"
    assert cast.source == "coins"


@pytest.mark.parametrize(
    "text",
    [
        "bbf,ffb,fff,bbb,fbf,bfb",  # b back, f face
        "ttm mmt mmm ttt mtm tmt",  # t tails = back, m = 眉
        "tth/hht/hhh/ttt/hth/tht",  # h heads = the inscribed face
        "背背字，字字背，字字字，背背背，字背字，背字背",  # 字 is 眉; Chinese commas
        "背背眉眉眉背眉眉眉背背背眉背眉背眉背",  # an 18-face run
        "BBF,FFB,FFF,BBB,FBF,BFB",
    ],
)
def test_every_spelling_of_the_faces_gives_the_same_cast(text):
    assert Cast.from_coins(text).lines == (8, 7, 6, 9, 7, 8)
    assert Cast.from_coins(text).tosses == Cast.from_coins("背背眉,眉眉背,眉眉眉,背背背,眉背眉,背眉背").tosses


def test_coins_by_line_name_give_values_without_tosses():
    cast = Cast.from_coins("单拆重交单單")
    assert cast.lines == (7, 8, 9, 6, 7, 7)
    assert cast.tosses is None
    assert Cast.from_coins("单,拆,背背背,交,单,单").tosses is None  # a partial record is not kept


def test_coins_from_python_sequences_of_face_words():
    tosses = [["back", "back", "face"]] + [["heads", "tails", "heads"]] * 5
    assert Cast.from_coins(tosses).lines == (8, 7, 7, 7, 7, 7)


@pytest.mark.parametrize(
    "text, message",
    [
        ("背背眉,眉眉背,眉眉眉,背背背,眉背眉", "6 tosses"),
        ("背背眉,眉眉背,眉眉眉,背背背,眉背眉,背眉背,背背背", "got 7"),
        ("背背眉,眉眉背,眉眉眉,背背背,眉背眉,背眉", "toss 6 '背眉' has 2 coin faces"),
        ("背背眉,眉眉背,眉眉眉,背背背,眉背眉,背眉背背", "has 4 coin faces"),
        ("背背眉,眉眉背,眉眉眉,背背x,眉背眉,背眉背", "toss 4 '背背x': 'x' is not a coin face"),
        ("", "got 0"),
    ],
)
def test_bad_coins_are_one_clear_usage_error(text, message):
    with pytest.raises(UsageError, match=message):
        Cast.from_coins(text)


def test_tosses_that_contradict_the_lines_are_refused():
    with pytest.raises(UsageError, match="do not give these line values"):
        Cast((7, 7, 7, 7, 7, 7), tosses=[(BACK, BACK, BACK)] * 6)


def test_split_coins_keeps_separated_items():
    assert split_coins(" a, b ,c ") == ["a", "b", "c"]


# -- --random ------------------------------------------------------------------------------------


def test_random_is_reproducible_and_records_every_toss():
    first, again = Cast.random(2024), Cast.random(2024)
    assert first == again
    assert first.seed == 2024 and first.source == "random"
    assert tuple(line_of_toss(toss) for toss in first.tosses) == first.lines
    assert any(Cast.random(seed).lines != first.lines for seed in range(10))


def test_random_without_a_seed_records_one_that_replays_it():
    cast = Cast.random()
    assert cast.seed is not None
    assert Cast.random(cast.seed) == cast


def test_random_lines_follow_the_odds_of_three_fair_coins():
    # 2000 casts = 12000 lines; expected 1500 each of 6 and 9, 4500 each of 7 and 8.
    counts = Counter(value for seed in range(2000) for value in Cast.random(seed).lines)
    expected = {6: 1500, 7: 4500, 8: 4500, 9: 1500}
    for value, count in expected.items():
        assert abs(counts[value] - count) < 0.1 * count, counts


def test_each_random_coin_is_fair_and_coins_are_not_tied():
    tosses = [toss for seed in range(500) for toss in Cast.random(seed).tosses]
    coins = Counter(face for toss in tosses for face in toss)
    assert abs(coins[BACK] - coins[FACE]) < 0.05 * len(tosses) * 3
    assert abs(Counter(tosses)[(BACK, FACE, BACK)] - len(tosses) / 8) < 0.2 * len(tosses) / 8


# -- --hexagram (bits from the rulebook's table) ------------------------------------------------


def test_hexagram_bits_make_moving_lines_where_the_hexagrams_differ():
    # 豐 (離 101 below, 震 100 above) 之 萃 (坤 000 below, 兌 110 above), bottom first.
    cast = Cast.from_hexagram_lines((1, 0, 1, 1, 0, 0), (0, 0, 0, 1, 1, 0))
    assert cast.lines == (9, 8, 9, 7, 6, 8)
    assert cast.source == "hexagram"
    assert Cast.from_hexagram_lines((1, 0, 1, 1, 0, 0)).lines == (7, 8, 7, 7, 8, 8)


@given(bit_patterns, bit_patterns)
@deterministic
def test_hexagram_bits_round_trip(original, changed):
    if original == changed:
        with pytest.raises(UsageError, match="equals the original"):
            Cast.from_hexagram_lines(original, changed)
        return
    cast = Cast.from_hexagram_lines(original, changed)
    assert (cast.original, cast.changed) == (original, changed)


@pytest.mark.parametrize("bits", [(1, 0, 1), (1, 0, 1, 1, 0, 2), (1, 0, 1, 1, 0, 0, 1)])
def test_bad_hexagram_bits(bits):
    with pytest.raises(UsageError, match="6 bits"):
        Cast.from_hexagram_lines(bits)


# -- the shared CLI flags ------------------------------------------------------------------------


def parse(*argv):
    parser = argparse.ArgumentParser()
    add_chart_arguments(parser)
    return parser.parse_args(list(argv))


def test_flags_make_casts():
    assert cast_from_args(parse("--lines", "877987")).lines == (8, 7, 7, 9, 8, 7)
    assert cast_from_args(parse("--coins", "bbf,ffb,fff,bbb,fbf,bfb")).lines == (8, 7, 6, 9, 7, 8)
    assert cast_from_args(parse("--random", "--seed", "7")) == Cast.random(7)
    assert cast_from_args(parse()) is None


@pytest.mark.parametrize(
    "argv, message",
    [
        (("--lines", "877987", "--coins", "单单单单单单"), "not --lines and --coins"),
        (("--lines", "877987", "--random"), "not --lines and --random"),
        (("--seed", "3"), "--seed goes with --random"),
        (("--lines", "877987", "--seed", "3"), "--seed goes with --random"),
        (("--hexagram", "豐之萃"), "hexagram table"),
        (("--hexagram", "豐之萃", "--random"), "--hexagram or --random"),
        (("--lines", "12345",), "six digits"),
    ],
)
def test_flag_conflicts_are_usage_errors(argv, message):
    with pytest.raises(UsageError, match=message):
        cast_from_args(parse(*argv))


def test_hexagram_flag_resolves_through_the_given_table_and_must_agree_with_lines():
    table = {"豐之萃": ((1, 0, 1, 1, 0, 0), (0, 0, 0, 1, 1, 0)), "豐": ((1, 0, 1, 1, 0, 0), None)}
    resolve = table.__getitem__
    assert cast_from_args(parse("--hexagram", "豐之萃"), resolve).lines == (9, 8, 9, 7, 6, 8)
    agreeing = cast_from_args(parse("--hexagram", "豐之萃", "--lines", "989768"), resolve)
    assert agreeing.source == "lines"
    with pytest.raises(UsageError, match="does not match --lines 989768"):
        cast_from_args(parse("--hexagram", "豐", "--lines", "989768"), resolve)
