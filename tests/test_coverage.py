"""`yimao coverage` and the shipped rulebook's health."""

import json

from yimao.cli import main
from rulebooks import write

TEXT = """\
chapter 25 月破
predicate 月破(位)
§25.1 「以用处反，名为月破」
rule 月破.定 when 纳甲(位: P, 支: 子), 月建(支: 午) then 月破(位: P)
§25.2 narrative "illustration only"
§25.3
"""


def test_coverage_json_shape(tmp_path, capsys):
    write(tmp_path, TEXT)
    assert main(["coverage", "--rulebook", str(tmp_path), "--chapters", "25", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    (row,) = data["chapters"]
    assert row == {"chapter": 25, "name": "月破", "paragraphs": 3, "cited": 1, "partial": {}, "narrative": 1,
                   "untouched": [3], "accounted_percent": 66.7, "complete": False}
    assert data["total"]["paragraphs"] == 3 and data["total"]["untouched"] == 1


def test_coverage_counts_every_chapter_by_default(tmp_path, capsys):
    write(tmp_path, TEXT)
    assert main(["coverage", "--rulebook", str(tmp_path), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [r["chapter"] for r in data["chapters"]] == list(range(1, 92))
    assert data["total"]["paragraphs"] == sum(r["paragraphs"] for r in data["chapters"])


def test_bad_chapter_range(capsys):
    assert main(["coverage", "--chapters", "x"]) == 2
    assert main(["coverage", "--chapters", "95"]) == 2


def test_shipped_rulebook_is_clean(capsys):
    assert main(["check"]) == 0, capsys.readouterr().err


def test_chapters_1_to_10_fully_accounted(capsys):
    assert main(["coverage", "--chapters", "1-10", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert all(not row["untouched"] for row in data["chapters"]), data["chapters"]
    # every paragraph cited or narrative (7.6's first sentence since the spirits ride on the 用神
    # as the stars do); 9.4 that what stands on the bodies is shown (readings) but weighs nothing, 10.1
    # the obstructions of matters no question chapter asks (举动 交与 从事), and 8.13 the mansions
    # at dusk and dawn, which no verdict reads (6.3 and 8.15 were closed with the question chapters);
    # 8.7-8.9 the planets' omens (「必以独发」: which lone mover shows them, the text does not say),
    # 8.14 the 世's omens, derived by 42.6's 世应忌 but weighed only by the question chapters; 8.11
    # 刘基's mansions on the four other lines of an 二世 or 五世 hexagram (the worked hexagrams leave
    # two orders)
    partial = {ref for row in data["chapters"] for ref in row["partial"]}
    assert partial == {"8.7", "8.8", "8.9", "8.11", "8.13", "8.14", "9.4", "10.1"}
    assert data["total"]["accounted_percent"] == 86.7


PARTIAL = TEXT.replace("§25.3\n", '''§25.3 「值日」 partial "the repair on a later day"
rule 月破.值日 when 月破(位: P) then 月破(位: P)
''')


def test_partial_paragraph_is_neither_cited_nor_complete(tmp_path, capsys):
    write(tmp_path, PARTIAL)
    assert main(["coverage", "--rulebook", str(tmp_path), "--chapters", "25", "--json"]) == 0
    (row,) = json.loads(capsys.readouterr().out)["chapters"]
    assert row["cited"] == 1 and row["partial"] == {"25.3": "the repair on a later day"} and row["untouched"] == []
    assert row["complete"] is False and row["accounted_percent"] == 66.7
    assert main(["coverage", "--rulebook", str(tmp_path), "--chapters", "25"]) == 0
    assert "§25.3 partial: the repair on a later day" in capsys.readouterr().out


def test_complete_chapter_once_partial_mark_goes(tmp_path, capsys):
    write(tmp_path, PARTIAL.replace(' partial "the repair on a later day"', ""))
    assert main(["coverage", "--rulebook", str(tmp_path), "--chapters", "25", "--json"]) == 0
    (row,) = json.loads(capsys.readouterr().out)["chapters"]
    assert row["partial"] == {} and row["untouched"] == [] and row["complete"] is True


def test_partial_mark_on_an_uncited_paragraph_is_an_error(tmp_path, capsys):
    write(tmp_path, PARTIAL.replace('§25.2 narrative "illustration only"', '§25.2 partial "all of it"'))
    assert main(["check", str(tmp_path)]) == 1
    err = capsys.readouterr().err
    assert "partial §25.2: no rule or table cites this paragraph" in err


def test_partial_mark_must_name_what_is_missing(tmp_path, capsys):
    write(tmp_path, PARTIAL.replace('"the repair on a later day"', '"  "'))
    assert main(["check", str(tmp_path)]) == 1
    assert "partial §25.3: name the rulings not yet encoded" in capsys.readouterr().err


UNREAD = """\
chapter 25 月破
predicate 月破(位)
predicate 破象(位, 象) "what the break shows"
§25.1 「以用处反，名为月破」
rule 月破.定 when 纳甲(位: P, 支: 子), 月建(支: 午) then 月破(位: P)
rule 月破.象 when 月破(位: P) then 破象(位: P, 象: 散)
rule 月破.断 when 月破(位: P) then 断 凶 "月破"
"""


def test_unused_predicate_is_a_warning_not_an_error(tmp_path, capsys):
    write(tmp_path, UNREAD)
    assert main(["check", str(tmp_path)]) == 0
    err = capsys.readouterr().err
    assert "25-月破.ym:3:11: warning: predicate 破象 is derived but no rule, verdict or output reads it" in err
    assert "月破 is derived" not in err.replace("破象 is derived", "")  # 月破 is read by two rules
    assert main(["check", str(tmp_path), "--no-unused"]) == 0
    assert "warning" not in capsys.readouterr().err


def test_unused_predicate_with_a_reason_is_not_reported(tmp_path, capsys):
    write(tmp_path, UNREAD.replace('"what the break shows"', '"what the break shows" shown "an image for the reader"'))
    assert main(["check", str(tmp_path), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["warnings"] == []
    write(tmp_path, UNREAD)
    assert main(["check", str(tmp_path), "--json"]) == 0
    (warning,) = json.loads(capsys.readouterr().out)["warnings"]
    assert (warning["line"], warning["column"]) == (3, 11) and "破象" in warning["message"]


def test_a_shown_predicate_a_rule_now_reads_is_a_stale_reason(tmp_path, capsys):
    """`shown "why"` says nothing reads the predicate; once a rule (a later chapter) reads it, the
    reason is stale and `yimao check` says so at the declaration."""
    text = UNREAD.replace('"what the break shows"', '"what the break shows" shown "an image for the reader"')
    write(tmp_path, text + 'rule 月破.散断 when 破象(位: P, 象: 散) then 断 凶 "散"\n')
    assert main(["check", str(tmp_path), "--json"]) == 0
    (warning,) = json.loads(capsys.readouterr().out)["warnings"]
    assert (warning["line"], warning["column"]) == (3, 11)
    assert "破象 is declared shown (nothing reads it) but a rule or an answer now reads it" in warning["message"]


def test_a_paragraph_cited_by_a_precedence_alone_is_accounted(tmp_path, capsys):
    """42.21's 先索不善 is a precedence, not a rule: the paragraph it cites is cited."""
    def untouched(text):
        write(tmp_path, text)
        assert main(["coverage", "--rulebook", str(tmp_path), "--chapters", "25", "--json"]) == 0
        (row,) = json.loads(capsys.readouterr().out)["chapters"]
        return row["untouched"]

    assert 2 in untouched(UNREAD)
    assert 2 not in untouched(UNREAD + "§25.2 「生之不长，扶之不起」\nprecedence 甲 「生之不长」: side 凶 over side 吉\n")
