"""`yimao chart` / `cast` / `examples` end to end, and the Python API mirroring them."""

import json
import re
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

import yimao
from yimao.cli import main

ROOT = Path(__file__).resolve().parent.parent


def run_json(capsys, argv):
    assert main(argv) == 0, capsys.readouterr().err
    return json.loads(capsys.readouterr().out)


def test_chart_json_shape_and_values(capsys):
    # 877987: 火风鼎 (离宫二世) changing at line 4 into 山风蛊 (巽宫归魂); checked by hand against
    # the 京房 八宫 纳甲 tables: 巽 inner 辛丑 辛亥 辛酉, 离 outer 己酉 己未 己巳, 世 2 应 5.
    data = run_json(capsys, ["chart", "--lines", "877987", "--month", "申", "--day", "丁酉", "--json"])
    assert set(data) >= {"hexagram", "changed", "pillars", "void", "lines", "conventions"}
    assert data["hexagram"] == {"name": "火风鼎", "short": "鼎", "palace": "离", "palace_element": "火", "generation": "二世"}
    assert data["changed"] == {"name": "山风蛊", "short": "蛊", "palace": "巽", "palace_element": "木", "generation": "归魂"}
    assert data["pillars"] == {"year": None, "month": "申", "day": "丁酉", "hour": None}
    assert data["void"] == ["辰", "巳"]
    lines = data["lines"]
    assert [l["position"] for l in lines] == [1, 2, 3, 4, 5, 6]
    assert [l["value"] for l in lines] == [8, 7, 7, 9, 8, 7]
    assert [l["stem"] + l["branch"] for l in lines] == ["辛丑", "辛亥", "辛酉", "己酉", "己未", "己巳"]
    assert [l["element"] for l in lines] == ["土", "水", "金", "金", "土", "火"]
    assert [l["relative"] for l in lines] == ["子孙", "官鬼", "妻财", "妻财", "子孙", "兄弟"]
    assert [l["spirit"] for l in lines] == ["朱雀", "勾陈", "腾蛇", "白虎", "元武", "青龙"]
    assert [l["role"] for l in lines] == [None, "世", None, None, "应", None]
    assert [l["moving"] for l in lines] == [False, False, False, True, False, False]
    assert lines[3]["changed"] == {"stem": "丙", "branch": "戌", "element": "土", "relative": "子孙"}
    assert all(l["changed"] is None for i, l in enumerate(lines) if i != 3)
    assert "year" in data["missing"] and "hour" in data["missing"]


def test_api_to_dict_is_the_cli_json(capsys):
    cli = run_json(capsys, ["chart", "--hexagram", "豐之萃", "--date", "2024-02-04T16:30+08:00", "--json"])
    api = yimao.chart(hexagram="豐之萃", date="2024-02-04T16:30+08:00").to_dict()
    assert cli.pop("schema_version") == 1  # the CLI's document is versioned; the API gives the data
    assert json.loads(json.dumps(api, ensure_ascii=False)) == cli
    assert cli["pillars"] == {"year": "甲辰", "month": "丙寅", "day": "戊戌", "hour": "庚申"}
    assert cli["hexagram"]["name"] == "雷火丰" and cli["changed"]["name"] == "泽地萃"
    # After the winter solstice 坤 carries 乙 inside (二老时迁): the changed inner 坤 lines are 乙.
    assert [l["changed"]["stem"] + l["changed"]["branch"] for l in cli["lines"] if l["changed"]] == ["乙未", "乙卯", "丁酉"]


def test_qian_kun_stems_shift_with_the_solstice(capsys):
    winter = run_json(capsys, ["chart", "--hexagram", "乾", "--date", "2024-03-01T12:00", "--json"])
    summer = run_json(capsys, ["chart", "--hexagram", "乾", "--date", "2024-08-01T12:00", "--json"])
    assert [l["stem"] for l in winter["lines"]] == ["甲"] * 3 + ["壬"] * 3
    assert [l["stem"] for l in summer["lines"]] == ["壬"] * 3 + ["甲"] * 3
    unknown = run_json(capsys, ["chart", "--hexagram", "乾", "--month", "子", "--json"])
    assert [l["stem"] for l in unknown["lines"]] == [None] * 6  # a 子 month straddles the solstice
    assert [l["branch"] for l in unknown["lines"]] == list("子寅辰午申戌")


def test_the_stems_move_in_an_impure_hexagram_too(capsys):
    # 4.3 as written moves 乾's stems wherever the trigram stands; 29.4's 遁之节 reads 壬申 on 遁's
    # outer 乾 in a 未 month (EX045, a known disagreement recorded in 04-纳甲.ym).  遁 is 887777.
    summer = run_json(capsys, ["chart", "--hexagram", "遁", "--month", "未", "--json"])
    assert [l["stem"] + l["branch"] for l in summer["lines"]][3:] == ["甲午", "甲申", "甲戌"]
    winter = run_json(capsys, ["chart", "--hexagram", "遁", "--month", "寅", "--json"])
    assert [l["stem"] + l["branch"] for l in winter["lines"]][3:] == ["壬午", "壬申", "壬戌"]
    assert [l["stem"] for l in summer["lines"]][:3] == ["丙"] * 3  # 艮 never moves: 「三少不变」


@pytest.mark.parametrize("argv, message", [
    (["--lines", "12345"], "lines"),
    (["--hexagram", "不存在"], "unknown hexagram"),
    (["--hexagram", "豐之豐"], "cannot change into itself"),
    (["--hexagram", "萃", "--lines", "877987"], "does not match"),
    (["--lines", "877987", "--day", "丁"], ""),
    ([], "give a cast"),
])
def test_bad_chart_input_is_one_line_exit_2(capsys, argv, message):
    assert main(["chart", *argv]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err and message in err


def test_cast_names_the_hexagrams(capsys):
    data = run_json(capsys, ["cast", "--random", "--seed", "7", "--json"])
    again = run_json(capsys, ["cast", "--random", "--seed", "7", "--json"])
    assert data == again and len(data["lines"]) == 6 and data["hexagram"]
    named = run_json(capsys, ["cast", "--hexagram", "雷火丰", "--json"])
    assert named["lines"] == [7, 8, 7, 7, 8, 8] and named["hexagram"] == "雷火丰" and named["changed_hexagram"] is None


def test_why_explains_a_chart_cell(capsys):
    data = run_json(capsys, ["why", "六亲(位: 2)", "--lines", "877987", "--json"])
    proof = data["proofs"][0]
    assert proof["args"] == {"位": 2, "亲": "官鬼"} and proof["source"] == "rule" and proof["cite"].startswith("6.")
    rules = set()

    def walk(node):
        rules.add(node.get("rule"))
        for child in node.get("because", []):
            walk(child)

    walk(proof)
    assert any(r and r.startswith("纳甲") for r in rules)


CASES = """
[[case]]
id = "T1"
chapter = 11
source_line = 359
hexagram = "丰之萃"
month = "申"
day = "酉"
present = ["动(位: P), 纳甲(位: P, 支: 申)"]

[[case]]
id = "T2"
chapter = 11
source_line = 359
hexagram = "丰之萃"
present = ["动(位: P), 纳甲(位: P, 支: 午)"]

[[case]]
id = "T3"
chapter = 11
source_line = 359
hexagram = "丰之萃"
present = ["动(位: P), 纳甲(位: P, 支: 午)"]
known_disagreement = "illustrates the marker"

[[case]]
id = "T4"
chapter = 11
source_line = 1
hexagram = "丰之萃"
present = ["不存在(位: 1)"]
"""


def test_examples_statuses(tmp_path, capsys):
    (tmp_path / "cases.toml").write_text(CASES, encoding="utf-8")
    assert main(["examples", "--cases", str(tmp_path), "--json"]) == 1  # T2 disagrees without a reason
    data = json.loads(capsys.readouterr().out)
    statuses = {c["id"]: c["status"] for c in data["cases"]}
    assert statuses == {"T1": "agree", "T2": "disagree", "T3": "known-disagreement", "T4": "undecidable"}
    assert data["summary"] == {"agree": 1, "disagree": 1, "undecided": 0, "undecidable": 1, "known-disagreement": 1}


def test_shipped_examples_have_no_unexplained_disagreement(capsys):
    assert main(["examples", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["summary"]["disagree"] == 0 and data["summary"]["undecided"] == 0
    assert data["summary"]["agree"] >= 1
    # every case that states the book's outcome is checked on the answer, not on a ruling's presence
    stated = [c for c in data["cases"] if c["book_verdict"]]
    assert len(stated) >= 50
    for case in stated:
        assert case["status"] in ("agree", "known-disagreement"), case
        if case["status"] == "agree":
            assert case["engine_verdict"] and "未决" not in case["engine_verdict"], case


def test_wheel_carries_grammar_rulebook_book_and_cases(tmp_path):
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q", "-w", str(tmp_path), str(ROOT)],
                   check=True, capture_output=True)
    (wheel,) = tmp_path.glob("yimao-*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    assert "yimao/grammar/yimao.lark" in names and "yimao/cli.py" in names
    assert "yimao/rulebook/book/yimao-zh.txt" in names and "yimao/rulebook/book/chapter-map.tsv" in names
    assert any(n.startswith("yimao/rulebook/01-") for n in names)
    assert any(n.startswith("yimao/cases/") for n in names)
    assert not any(n.startswith("engine/") for n in names)  # the import name is yimao, nothing else


def test_the_import_name_is_yimao(tmp_path):
    """`import yimao` in a folder holding its own yimao.py: the package neither is nor imports a
    top-level `engine`, and no source of the repository imports one (issue 23, item 3)."""
    (tmp_path / "engine.py").write_text("raise ImportError('the local engine.py was imported')\n", encoding="utf-8")
    done = subprocess.run([sys.executable, "-c", "import yimao, yimao.api, yimao.cli; print(yimao.__version__, yimao.chart)"],
                          cwd=tmp_path, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split()[0] == yimao.__version__ != "unknown"
    pattern = re.compile(r"^\s*(import engine\b|from engine\b)", re.M)
    sources = [p for folder in ("engine", "tests", "tools") for p in (ROOT / folder).rglob("*.py")]
    assert not [p.relative_to(ROOT) for p in sources if pattern.search(p.read_text(encoding="utf-8"))]


def test_text_output_prints_what_it_is_given(capsys):
    """A user's search (or a rule's gloss) holding rich's markup 「[red]」 or an emoji code 「:smile:」 is
    printed as written: the console reads neither (before, the search came back as 'zz😄')."""
    assert main(["cite", "--find", "[red]zz:smile:"]) == 0
    assert "no paragraph holds '[red]zz:smile:'" in capsys.readouterr().out
