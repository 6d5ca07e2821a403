"""The workbench in the browser (`yimao serve`) and the `--html` reports: every page renders for a
real chart, the SVG draws the lines and their marks, proofs cite and highlight the book, text is
escaped, bad input is a 400 with the CLI's own message, malformed requests are survived, and a
report file needs nothing outside itself.

Chart facts come from the shipped rulebook's chapters 1-10; verdicts and schools from small
temporary rulebooks (tests/rulebooks.py), so these tests do not move when later chapters do.
"""

from __future__ import annotations

import html
import json
import re
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest
from markupsafe import escape
from werkzeug.test import EnvironBuilder

import yimao
from yimao.book import load_book
from yimao.cli import main
from yimao.coverage import coverage
from yimao.rulebook import load_engine
from yimao.textnorm import fold
from yimao.web.app import create_app
from yimao.web.highlight import segments
from rulebooks import write
from test_compare import BASE, SCHOOL  # the compare tests' rulebook and its school 甲派
from test_judge import INPUTS  # the question inputs the judge tests use

ROOT = Path(__file__).resolve().parent.parent
CHART = {"hexagram": "豐之萃", "month": "申", "day": "丁酉"}
CHART_ARGV = ["--hexagram", "豐之萃", "--month", "申", "--day", "丁酉"]

# A question chapter whose texts carry markup, to prove it reaches the page only as text.
QUESTION = """\
chapter 56 疾病
predicate 用神候(位, 层) "a <b>bold</b> gloss"
question 疾病 chapter 56 "自占 by 世" sub 症候 防疫
§56.1 「夫死生有命」
answer 疾病: 愈 平 / 不愈
# a comment with <script>alert("rule file")</script> in it
rule 疾病.用神.自 when 问(事: 疾病), 所问(人: 自), 爻(位: P, 值: V), V > 8 then 用神(位: P, 层: 本)
rule 疾病.动吉 when 用神(位: P, 层: 本), 爻(位: P, 值: 9) then 断(位: P) 愈 "用神{P}爻动 <script>x</script>" strength 十之七 timing "{P}日"
§56.2
rule 疾病.静 exception to 疾病.动吉 when 日辰(支: 子) then 断(位: 1) 平 "值日"
rule 疾病.冲 when 爻(位: 1, 值: 9) then 断(位: 1) 不愈 "初爻动"
"""


class Elements(HTMLParser):
    """The SVG's line groups: each `<g class="line">` with its attributes, child elements and text."""

    def __init__(self, text: str) -> None:
        super().__init__()
        self.lines: list[dict] = []
        self._in_line = 0
        self.feed(text)

    def handle_starttag(self, tag, attrs):
        attributes = {k: v or "" for k, v in attrs}
        if tag == "g" and "line" in attributes.get("class", "").split():
            self.lines.append({"attrs": attributes, "children": [], "text": ""})
            self._in_line = 1
        elif self._in_line:
            self.lines[-1]["children"].append((tag, attributes.get("class", "")))
            self._in_line += tag not in ("rect", "circle", "path", "line")  # void in SVG as written

    def handle_endtag(self, tag):
        if self._in_line and tag not in ("rect", "circle", "path", "line"):
            self._in_line -= 1

    def handle_data(self, data):
        if self._in_line:
            self.lines[-1]["text"] += data


@pytest.fixture(scope="module")
def client():
    return create_app().test_client()


@pytest.fixture
def rulebook(tmp_path) -> str:
    """A small rulebook with the school overlay 甲派 (the one tests/test_compare.py uses)."""
    write(tmp_path, BASE)
    (tmp_path / "schools").mkdir()
    (tmp_path / "schools" / "甲派.ym").write_text(SCHOOL, encoding="utf-8")
    return str(tmp_path)


@pytest.fixture
def judge_client(tmp_path):
    write(tmp_path, QUESTION, name="56-疾病.ym", inputs=INPUTS)
    return create_app([str(tmp_path)]).test_client()


def page(client, url, status=200, **query) -> str:
    response = client.get(url, query_string=query)
    assert response.status_code == status, re.findall(r"<main>(.*?)</main>", response.get_data(as_text=True), re.DOTALL)[:1]
    return response.get_data(as_text=True)


def error_line(text: str) -> str:
    (found,) = re.findall(r'<p class="error" role="alert">(.*?)</p>', text, re.DOTALL)
    return html.unescape(found)


def cli_error(capsys, argv) -> str:
    assert main(argv) == 2
    return capsys.readouterr().err.strip()


# --- pages for a real chart -------------------------------------------------------------------

def test_cast_form_offers_every_cli_input(client):
    text = page(client, "/")
    names = set(re.findall(r'name="([a-z_0-9]+)"', text))
    assert names >= {"lines", "coins", "hexagram", "random", "seed", "date", "tz", "zi_boundary", "lunar", "leap", "time",
                     "year", "month", "day", "hour", "question", "about", "birth_year", "asker", "school", "school2",
                     "course", "period", "born", "matter_month", "matter_day", "suit"}
    assert {'formaction="/chart"', 'formaction="/judge"', 'formaction="/compare"'} <= set(re.findall(r'formaction="[^"]+"', text))
    assert "<script" not in text


def test_chart_svg_draws_both_hexagrams_with_moving_marks(client):
    text = page(client, "/chart", **CHART)
    data = yimao.chart(**CHART).to_dict()
    assert data["hexagram"]["name"] == "雷火丰" and data["changed"]["name"] == "泽地萃"
    assert "雷火丰" in text and "泽地萃" in text and "坎宫" in text
    lines = Elements(text).lines
    assert [int(l["attrs"]["data-position"]) for l in lines] == [6, 5, 4, 3, 2, 1]  # top line first
    values = {int(l["attrs"]["data-position"]): int(l["attrs"]["data-value"]) for l in lines}
    assert values == {1: 9, 2: 8, 3: 9, 4: 7, 5: 6, 6: 8}
    original = (1, 0, 1, 1, 0, 0)  # 雷火丰, bottom first
    changed = (0, 0, 0, 1, 1, 0)  # 泽地萃
    for line in lines:
        position = int(line["attrs"]["data-position"])
        classes = [c for _, c in line["children"]]
        # a yang bar is one rect, a yin bar two: six lines in each hexagram
        assert classes.count("bar main") == (1 if original[position - 1] else 2)
        assert classes.count("bar changed") == (1 if changed[position - 1] else 2)
        marks = [c for c in classes if c.startswith("mark")]
        assert marks == {9: ["mark old-yang"], 6: ["mark old-yin"]}.get(values[position], [])
        assert ("moving" in line["attrs"]["class"]) == (values[position] in (6, 9))
        row = data["lines"][position - 1]
        assert row["spirit"] in line["text"]
        assert f"{row['relative']} {row['stem']}{row['branch']} {row['element']}" in line["text"]
        if row["role"]:
            assert row["role"] in line["text"]
        if row["hidden"]:  # 伏神 beside its line
            hidden = row["hidden"]
            assert f"{hidden['relative']}{hidden['stem']}{hidden['branch']}{hidden['element']}" in line["text"]
        if row["changed"]:
            change = row["changed"]
            assert f"{change['relative']} {change['stem']}{change['branch']} {change['element']}" in line["text"]
    roles = {int(l["attrs"]["data-position"]): l["text"] for l in lines}
    assert "世" in roles[5] and "应" in roles[2]  # 雷火丰 is 坎宫五世
    assert ">申</dd>" in text and ">丁酉</dd>" in text and ">辰巳</dd>" in text  # pillars and 旬空
    assert "二老时迁" in text  # conventions


def test_chart_labels_link_to_their_proofs(client):
    text = page(client, "/chart", **CHART)
    queries = [parse_qs(urlsplit(html.unescape(href)).query) for href in re.findall(r'href="(/why\?[^"]+)"', text)]
    (query,) = [q for q in queries if q["fact"] == ["六亲(位: 3)"]]
    assert {k: v[0] for k, v in query.items() if k != "fact"} == CHART  # the proof on this very chart
    proof = page(client, "/why", **{k: v[0] for k, v in query.items()})
    assert "六亲(位: 3, 亲: " in proof


def test_why_page_shows_rule_citation_and_highlighted_clause(client, capsys):
    assert main(["why", "六亲(位: 3)", *CHART_ARGV, "--json"]) == 0
    (proof,) = json.loads(capsys.readouterr().out)["proofs"]
    text = page(client, "/why", fact="六亲(位: 3)", **CHART)
    assert proof["rule"] in text and f"§{proof['cite']}" in text
    paragraph = load_book().resolve(proof["cite"])
    marked = {fold(m) for m in re.findall(r"<mark>(.*?)</mark>", text)}
    assert proof["quotes"] and any(fold(q) in marked for q in proof["quotes"])
    assert str(escape(paragraph.translation)) in text  # one click away, in <details>
    assert '<details class="translation">' in text


def test_why_page_for_an_absent_fact_gives_the_reasons(client):
    text = page(client, "/why", fact="世(位: 1)", **CHART)
    assert "does not hold" in text and "not-derived" in text


def test_pages_are_deterministic(client):
    assert page(client, "/chart", **CHART) == page(client, "/chart", **CHART)


# --- verdicts and schools on small rulebooks ---------------------------------------------------

def test_judge_page_verdicts_with_proofs_conflicts_and_escaping(judge_client):
    text = page(judge_client, "/judge", question="疾病", lines="977777")
    articles = re.findall(r'<article class="([^"]+)" id="[^"]*">(.*?)</article>', text, re.DOTALL)
    by_rule = {re.search(r'<span class="ruleid">([^<]+)</span>', body).group(1): (cls, body) for cls, body in articles}
    cls, body = by_rule["疾病.动吉"]
    assert cls == "verdict conflict" and "愈" in body and "十之七" in body and "1日" in body
    assert "§56.1" in body and "<mark>夫死生有命</mark>" in body
    assert "&lt;script&gt;x&lt;/script&gt;" in body and "<script" not in text
    assert "Conflicts" in text and "疾病.冲" in text
    assert "用神(位: 1, 层: 本)" in text  # the use god and its proof
    # the answer leads the page: 未决, with the pair that blocks it
    assert text.index('class="answers"') < text.index('class="chart') and "未决" in text
    assert "疾病.动吉</span> (愈, §56.1) vs" in text


def test_judge_page_shows_a_defeated_ruling_as_such(judge_client):
    text = page(judge_client, "/judge", question="疾病", lines="977777", day="甲子")
    (defeated,) = re.findall(r'<article class="verdict defeated"[^>]*>(.*?)</article>', text, re.DOTALL)
    assert "defeated by 疾病.静" in defeated and '<p class="defeater-label">defeated by</p>' in defeated
    assert "疾病.静" in defeated and "§56.2" in defeated


def test_rulebook_escapes_rule_files(judge_client):
    text = page(judge_client, "/rulebook/56")
    assert "<script" not in text and "&lt;script&gt;x&lt;/script&gt;" in text
    predicate = page(judge_client, "/rulebook/predicate/用神候")
    assert "<b>bold</b>" not in predicate and "&lt;b&gt;bold&lt;/b&gt;" in predicate


def test_compare_page_side_by_side(rulebook):
    client = create_app([rulebook]).test_client()
    text = page(client, "/compare", school2="甲派", lines="967777", month="午")
    assert "易冒" in text and "甲派" in text
    rows = re.findall(r'<tr class="difference fact">(.*?)</tr>\s*<tr class="changes">(.*?)</tr>', text, re.DOTALL)
    found = {re.search(r'<td class="what">([^<]+)', row).group(1): (row, changes) for row, changes in rows}
    row, changes = found["动(位: 2)"]
    assert row.index('<td class="holds">') < row.index('<td class="absent">')  # holds in 易冒 (left), absent in 甲派
    assert "月破.老阴" in row and "§25.1" in row  # the proof on the side where it holds
    assert "not-derived" in row or "no-rule" in row  # why it is absent on the other
    assert "甲派" in changes and "disable" in changes and "月破.老阴" in changes and "§25.3" in changes


def test_compare_with_the_same_school_twice_is_the_cli_error(rulebook, capsys):
    client = create_app([rulebook]).test_client()
    text = page(client, "/compare", 400, school="甲派", school2="甲派", lines="967777")
    argv = ["compare", "--rulebook", rulebook, "--school", "甲派", "--school", "甲派", "--lines", "967777"]
    assert error_line(text) == cli_error(capsys, argv)


# --- the rulebook woven with the book ----------------------------------------------------------

def test_rulebook_index_and_chapter_paragraphs_with_their_rules(client):
    index = page(client, "/rulebook")
    assert 'href="/rulebook/8"' in index and "世应章第八" in index
    text = page(client, "/rulebook/8")
    program = load_engine().program
    chapter = load_book().chapter(8)
    starts = [text.index(f'id="p-8.{p.ordinal}"') for p in chapter.paragraphs]
    assert starts == sorted(starts)  # the paragraphs in order
    untouched = set(coverage(program, load_book(), [8])["chapters"][0]["untouched"])
    for p, start, end in zip(chapter.paragraphs, starts, starts[1:] + [len(text)]):
        section = text[start:end]
        status = "untouched" if p.ordinal in untouched else None
        if status:
            assert '<span class="status">untouched</span>' in section
        for rule in program.rules:
            if rule.citation.chapter == 8 and rule.citation.paragraph == p.ordinal:
                assert f'id="rule-{rule.id}"' in section  # the rule beneath the paragraph it cites
                shown = re.sub(r"<[^>]+>", "", section)  # the source is highlighted: spans around its tokens
                assert html.escape(f"rule {rule.id}", quote=False) in shown  # its source text


def test_predicate_page_lists_producers_and_consumers(client):
    program = load_engine().program
    text = page(client, "/rulebook/predicate/世")
    produced, consumed = text.split("Consumed by", 1)
    for rule in program.rules:
        if any(h.predicate == "世" for h in rule.atoms):
            assert rule.id in produced
        if any(getattr(l, "predicate", None) == "世" for l in rule.body):
            assert rule.id in consumed


def test_highlight_matches_across_scripts():
    paragraph = load_book().find("值日則能實其破")[0]
    quoted = [s.text for s in segments(paragraph.classical, ["值日则能实其破"]) if s.quoted]
    assert len(quoted) == 1 and len(quoted[0]) == len("值日则能实其破")
    assert "".join(s.text for s in segments(paragraph.classical, ["值日则能实其破"])) == paragraph.classical


# --- bad input and malformed requests ----------------------------------------------------------

@pytest.mark.parametrize("query, argv", [
    ({"lines": "12"}, ["--lines", "12"]),
    ({"random": "on", "seed": "x"}, ["--random", "--seed", "x"]),
    ({"lines": "877987", "zi_boundary": "1", "date": "2024-02-04T16:30"}, ["--lines", "877987", "--zi-boundary", "1", "--date", "2024-02-04T16:30"]),
    ({"lines": "877987", "coins": "单单单单单单"}, ["--lines", "877987", "--coins", "单单单单单单"]),
    ({"hexagram": "不是卦"}, ["--hexagram", "不是卦"]),
    ({"lines": "877987", "date": "yesterday"}, ["--lines", "877987", "--date", "yesterday"]),
    ({"lines": "877987", "date": "2024-02-04", "month": "申"}, ["--lines", "877987", "--date", "2024-02-04", "--month", "申"]),
    ({"lines": "<script>alert(1)</script>"}, ["--lines", "<script>alert(1)</script>"]),
    ({}, []),
])
def test_bad_chart_input_is_400_with_the_cli_message(client, capsys, query, argv):
    response = client.get("/chart", query_string=query)
    assert response.status_code == 400
    text = response.get_data(as_text=True)
    assert error_line(text) == cli_error(capsys, ["chart", *argv])
    assert "<script>alert" not in text


def test_bad_judge_input_is_400_with_the_cli_message(judge_client, tmp_path, capsys):
    text = page(judge_client, "/judge", 400, lines="977777")
    assert error_line(text) == cli_error(capsys, ["judge", "--rulebook", str(tmp_path), "--lines", "977777"])
    text = page(judge_client, "/judge", 400, question="疾病", lines="977777", asker="x")
    assert error_line(text) == cli_error(capsys, ["judge", "--rulebook", str(tmp_path), "--question", "疾病",
                                                  "--lines", "977777", "--asker", "x"])


def raw_request(client, path: str, query: bytes):
    """A request whose query string is the given bytes, as a WSGI server would pass them."""
    environ = EnvironBuilder(path=path).get_environ()
    environ["QUERY_STRING"] = query.decode("latin-1")
    return client.open(environ)


def test_server_survives_malformed_requests(client):
    hostile = [
        ("/chart", b"lines=%ff%fe%fd&month=\xff\xfe&day=%C3"),  # invalid UTF-8, escaped and raw
        ("/chart", b"&&&==&%%%&=%zz&lines"),
        ("/why", b"fact=" + b"(" * 150 + b"&hexagram=%E8%90%83"),
        ("/why", "fact=纳甲(位: 99999999999999999999999)&hexagram=萃".encode()),
        ("/chart", b"random=on&seed=" + b"9" * 150),
        ("/judge", b"question=%00%01&lines=877987"),
    ]
    for path, query in hostile:
        response = raw_request(client, path, query)
        assert response.status_code in (200, 400), (path, query, response.get_data(as_text=True)[-800:])
    huge = client.get("/chart", query_string={"lines": "9" * 100_000})
    assert huge.status_code == 400 and "at most 200" in huge.get_data(as_text=True)
    many = client.get("/chart?" + "&".join(f"x{i}=1" for i in range(2000)) + "&hexagram=萃")
    assert many.status_code == 200
    assert client.post("/chart", data={"lines": "877987"}).status_code == 405
    assert client.get("/rulebook/9999").status_code == 404
    assert client.get("/rulebook/-1").status_code == 404
    assert client.get("/nowhere").status_code == 404
    missing = client.get("/rulebook/predicate/<script>alert(1)</script>")
    assert missing.status_code == 404 and "<script>alert" not in missing.get_data(as_text=True)
    assert client.get("/").status_code == 200  # still serving


def test_no_endpoint_reads_a_path_from_the_request(client):
    routes = {rule.rule for rule in client.application.url_map.iter_rules()}
    assert routes == {"/", "/chart", "/judge", "/why", "/compare", "/rulebook", "/rulebook/<int:number>",
                      "/rulebook/predicate/<name>"}
    assert client.get("/rulebook/predicate/..%2F..%2Fetc%2Fpasswd").status_code == 404
    text = page(client, "/chart", rulebook="/etc", **CHART)  # not a field: ignored
    assert ">shipped</td>" in text
    headers = client.get("/").headers
    assert "default-src 'none'" in headers["Content-Security-Policy"] and headers["X-Content-Type-Options"] == "nosniff"


def test_serve_rejects_a_bad_port(capsys):
    assert main(["serve", "--port", "0"]) == 2
    assert "--port" in capsys.readouterr().err


# --- --html reports ---------------------------------------------------------------------------

def assert_self_contained(path: Path) -> str:
    text = path.read_text(encoding="utf-8")
    assert text.startswith("<!doctype html>") and "<style>" in text
    assert "http://" not in text and "https://" not in text
    assert not re.search(r"\ssrc\s*=", text) and "<script" not in text and "<link" not in text
    assert "default-src 'none'" in text  # the file may fetch nothing
    assert not re.search(r'href="/', text)  # no links that need the server
    return text


def test_chart_html_report(tmp_path):
    out = tmp_path / "chart.html"
    assert main(["chart", *CHART_ARGV, "--html", str(out)]) == 0
    text = assert_self_contained(out)
    assert text.count('<g class="line') == 6 and "<svg" in text and "雷火丰" in text and "泽地萃" in text


def test_why_html_report(tmp_path):
    out = tmp_path / "why.html"
    assert main(["why", "六亲(位: 3)", *CHART_ARGV, "--html", str(out)]) == 0
    text = assert_self_contained(out)
    assert "<mark>" in text and '<details class="translation">' in text


def test_judge_and_compare_html_reports(tmp_path, rulebook):
    question_book = tmp_path / "judge"
    question_book.mkdir()
    write(question_book, QUESTION, name="56-疾病.ym", inputs=INPUTS)
    out = tmp_path / "judge.html"
    assert main(["judge", "--rulebook", str(question_book), "--question", "疾病", "--lines", "977777", "--html", str(out)]) == 0
    text = assert_self_contained(out)
    assert "<mark>夫死生有命</mark>" in text and "十之七" in text
    out = tmp_path / "compare.html"
    assert main(["compare", "--rulebook", rulebook, "--school", "甲派", "--lines", "967777", "--month", "午",
                 "--html", str(out)]) == 0
    text = assert_self_contained(out)
    assert "月破.老阴" in text and '<td class="holds">' in text


def test_html_report_to_an_unwritable_place_is_a_usage_error(tmp_path, capsys):
    assert main(["chart", *CHART_ARGV, "--html", str(tmp_path / "no" / "such" / "dir.html")]) == 2
    assert "cannot write --html" in capsys.readouterr().err


def test_html_report_is_the_server_page_without_links(client, tmp_path):
    out = tmp_path / "chart.html"
    assert main(["chart", *CHART_ARGV, "--html", str(out)]) == 0
    served = page(client, "/chart", **CHART)
    report = out.read_text(encoding="utf-8")
    assert served.count("<text") == report.count("<text") and "<a href" in served and "<a href" not in report


def test_wheel_carries_templates_and_stylesheet():
    """The wheel's file selection (what `pip wheel` packs) holds every template and the stylesheet."""
    WheelBuilder = pytest.importorskip("hatchling.builders.wheel").WheelBuilder  # noqa: N806

    selected = {f.distribution_path for f in WheelBuilder(str(ROOT)).recurse_included_files()}
    web = ROOT / "engine" / "web"
    wanted = {"yimao/" + p.relative_to(ROOT / "engine").as_posix() for folder in ("templates", "static") for p in (web / folder).iterdir()}
    assert "yimao/web/static/yimao.css" in wanted and "yimao/web/templates/base.html" in wanted
    assert wanted <= selected


def test_judge_fields_for_what_the_asker_knows(client):
    text = page(client, "/judge", question="疾病", lines="777777", month="申", day="丁酉", course="久",
                matter_month="寅", matter_day="甲寅", born="on")
    assert "病程 久" in text and "事月 寅" in text and "事日 甲寅" in text and "已生" in text
    bad = page(client, "/judge", status=400, question="疾病", lines="777777", month="申", day="丁酉", course="中")
    assert "--course takes 新" in error_line(bad)
    suit = page(client, "/judge", question="词讼", lines="777777", month="子", day="甲子", suit="彼讼")
    assert "讼方 彼讼" in suit


def test_judge_page_with_an_answer_in_its_own_kind(client):
    # a reading (a fact, not a 断) decides the 稳婆 answer: its rule has no verdict anchor to link to
    text = page(client, "/judge", question="胎产.稳婆", lines="777779", month="子", day="甲子")
    assert "稳婆" in text


def test_rulebook_shows_partial_paragraphs_with_what_is_missing(client):
    index = page(client, "/rulebook")
    assert "cited · partial · narrative · untouched" in index
    chapter = page(client, "/rulebook/63")
    assert 'class="paragraph partial"' in chapter and "partial, not yet encoded: 爻爻相助" in chapter


def test_served_judge_page_shows_proofs_to_a_depth_and_links_deeper(client, tmp_path, capsys):
    """A served judge page shows each verdict's proof to PAGE_PROOF_DEPTH levels, a deeper step
    being a link to its own proof page; a report file, with no server behind it, shows every level."""
    from yimao.web.pages import PAGE_PROOF_DEPTH

    verdicts = lambda text: "".join(re.findall(r'<article class="verdict[^"]*"[^>]*>(.*?)</article>', text, re.DOTALL))  # noqa: E731
    served = verdicts(page(client, "/judge", question="求财", **CHART))
    deeper = re.findall(r'… the proof goes deeper: <a href="(/why\?[^"]+)"', served)
    assert deeper, "no verdict's proof reaches past the page's depth"
    query = parse_qs(urlsplit(html.unescape(deeper[0])).query)
    assert {k: v[0] for k, v in query.items() if k not in ("fact", "question")} == CHART
    fact = query["fact"][0]
    assert html.escape(fact, quote=False) in page(client, "/why", **{k: v[0] for k, v in query.items()})  # the link opens its proof
    report = tmp_path / "judge.html"
    assert main(["judge", *CHART_ARGV, "--question", "求财", "--html", str(report)]) == 0
    capsys.readouterr()
    full = verdicts(report.read_text(encoding="utf-8"))
    assert full and "the proof goes deeper" not in full and len(full) > len(served) and PAGE_PROOF_DEPTH >= 3
