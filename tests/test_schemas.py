"""Every `--json` output validates against its shipped schema, on a sample of charts; errors under
--json are one JSON object on stderr."""

import json
import shutil

import pytest
from jsonschema import Draft202012Validator, ValidationError
from referencing import Registry, Resource

from yimao.cli import main
from yimao.paths import rulebook_dir
from yimao.schemas import schemas

REGISTRY = Registry().with_resources((s["$id"], Resource.from_contents(s)) for s in schemas().values())
CHARTS = [  # a sample: different hexagrams, moving lines, months and days
    ["--lines", "877987", "--date", "2024-03-01T10:00"],
    ["--lines", "999999", "--date", "2023-08-15T23:30"],
    ["--lines", "687968", "--month", "申", "--day", "丁酉"],
]


def validate(name: str, data) -> None:
    Draft202012Validator(schemas()[name], registry=REGISTRY).validate(data)


def run_json(capsys, argv):
    assert main(argv) in (0, 1)
    return json.loads(capsys.readouterr().out)


def test_every_schema_is_valid_and_every_json_command_has_one():
    from yimao.cli import build_parser

    for schema in schemas().values():
        Draft202012Validator.check_schema(schema)
    commands = build_parser()._subparsers._group_actions[0].choices
    with_json = {name for name, parser in commands.items() if any("--json" in a.option_strings for a in parser._actions)}
    assert with_json <= set(schemas()), with_json - set(schemas())


@pytest.mark.parametrize("chart", CHARTS, ids=lambda c: c[1])
def test_chart_outputs_validate(chart, capsys):
    for name, argv in [("cast", ["cast", *chart]), ("chart", ["chart", *chart]),
                       ("judge", ["judge", "--question", "疾病", *chart]), ("judge", ["judge", "--question", "求财", *chart]),
                       ("facts", ["facts", "--predicate", "纳甲", *chart]), ("why", ["why", "旬空(支: B)", *chart]),
                       ("whynot", ["whynot", "月破(位: 1)", *chart]), ("compare", ["compare", "--school", "黄金策", *chart])]:
        data = run_json(capsys, [*argv, "--json"])
        validate(name, data)
        assert data["schema_version"] == 1


def test_cache_outputs_validate(capsys, tmp_path, monkeypatch):
    monkeypatch.setenv("YIMAO_CACHE_DIR", str(tmp_path))
    for argv in (["cache", "info", "--json"], ["cache", "clear", "--json"]):
        validate("cache", run_json(capsys, argv))


def test_judge_answers_have_the_documented_shape(capsys):
    data = run_json(capsys, ["judge", "--question", "疾病", *CHARTS[0], "--json"])
    answer = data["answers"][0]
    assert answer["answer"] in answer["axis"].split(" / ") and answer["decided_by"][0]["cite"]


def test_catalog_outputs_validate(capsys):
    for name, argv in [("questions", ["questions"]), ("schools", ["schools"]), ("cite", ["cite", "25.3"]),
                       ("cite", ["cite", "25"]), ("cite", ["cite", "--find", "值日则能实其破"]),
                       ("coverage", ["coverage", "--chapters", "1-3"]), ("examples", ["examples"])]:
        validate(name, run_json(capsys, [*argv, "--json"]))


def test_check_output_validates(tmp_path, capsys):
    for path in rulebook_dir().glob("*.ym"):  # the chapters without the school overlays: one check, not sixteen
        shutil.copy(path, tmp_path / path.name)
    bad = tmp_path / "26-旬空.ym"
    bad.write_text(bad.read_text(encoding="utf-8").replace("临空(位: P, 层: L), 临月", "临空(位: P, 层: L) 临月"), encoding="utf-8")
    data = run_json(capsys, ["check", "--json", str(bad)])
    validate("check", data)
    assert data["errors"][0]["syntax"] is True


@pytest.mark.parametrize("argv", [["judge", "--question", "无此", *CHARTS[0]], ["chart", "--lines", "87"],
                                  ["cite", "99.99"]], ids=["question", "lines", "cite"])
def test_errors_under_json_are_json_on_stderr(argv, capsys):
    assert main([*argv, "--json"]) == 2
    captured = capsys.readouterr()
    error = json.loads(captured.err)
    validate("error", error)
    assert error["exit"] == 2 and error["error"].startswith("yimao") and captured.out == ""


def test_version_text_and_json(capsys):
    from importlib.metadata import version

    assert main(["--version"]) == 0
    line = capsys.readouterr().out.strip()
    assert line.startswith(f"yimao {version('yimao')} (tyme4py {version('tyme4py')}; rulebook ")
    data = run_json(capsys, ["--version", "--json"])
    validate("version", data)
    assert data["tyme4py"] == version("tyme4py") and data["rulebook"]["sha256"] in line


def test_sweep_summaries_validate(capsys, tmp_path):
    """`compare --sweep … --json` and `sweep report --json` print the same summary (schema `sweep`),
    the compare naming its two schools; with --question, the changed answers too."""
    out = tmp_path / "sweep.jsonl"
    swept = run_json(capsys, ["compare", "--school", "俗传", "--sweep", "random", "--count", "3", "--jobs", "1",
                              "--question", "疾病", "--out", str(out), "--json"])
    validate("sweep", swept)
    assert swept["schools"] == ["易冒", "俗传"] and swept["charts"] == 3 and swept["answers"] is not None
    report = run_json(capsys, ["sweep", "report", str(out), "--json"])
    validate("sweep", report)
    assert {k: v for k, v in swept.items() if k != "schools"} == report
    with pytest.raises(ValidationError):  # the chart comparison's shape is not a sweep's
        validate("sweep", run_json(capsys, ["compare", "--school", "黄金策", *CHARTS[0], "--json"]))
