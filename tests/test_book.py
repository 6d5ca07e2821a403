import csv
import json

import pytest

import check_index
from yimao.book import CitationError, load_book, quote_in
from yimao.cli import main
from yimao.paths import book_dir


def test_index_matches_source_text():
    assert check_index.problems() == []


def test_ninety_one_chapters_with_counts_from_the_chapter_map():
    book = load_book()
    with open(book_dir() / "chapter-map.tsv", encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle, delimiter="\t"))
    assert len(rows) == 91
    for row in rows:
        chapter = book.chapter(int(row["no"]))
        first, last = int(row["first_line"]), int(row["last_line"])
        assert len(chapter.paragraphs) == (last - 2 - first) // 4 + 1
        assert chapter.paragraphs[0].source_line == first
        assert chapter.name_inferred == (row["name_inferred"] == "yes")


def test_known_paragraphs():
    book = load_book()
    assert book.chapter(25).name == "月破"
    assert len(book.chapter(25).paragraphs) == 3
    assert book.paragraph(25, 3).classical.startswith("唯值日则能实其破")
    assert book.paragraph(25, 3).translation.startswith("只有正值日辰")
    assert book.chapter(42).name == "用神" and book.chapter(42).name_inferred
    assert book.chapter(0).paragraphs[0].classical.startswith("新安瞽目程良玉著")
    assert book.chapter(92).kind == "appendix"


@pytest.mark.parametrize("clause", ["值日则能实其破", "值日則能實其破"])
def test_find_simplified_and_traditional(clause):
    assert [p.ref for p in load_book().find(clause)] == ["25.3"]


def test_variants_fold_but_qian_is_kept():
    book = load_book()
    p = book.paragraph(1, 1)
    assert quote_in(p, "天幹有十")  # 幹 folds to 干
    qian = [p.ref for p in book.find("乾為天")]
    assert qian and all("乾为天" in book.resolve(r).classical for r in qian)


def test_bad_references():
    book = load_book()
    for ref in ["95", "25.9", "25.0", "x.y", ""]:
        with pytest.raises(CitationError):
            book.resolve(ref)


def test_cli_cite(capsys):
    assert main(["cite", "25.3", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["ref"] == "25.3" and data["chapter_name"] == "月破" and data["source_line"] == 611
    assert main(["cite", "25", "--json"]) == 0
    assert len(json.loads(capsys.readouterr().out)["paragraphs"]) == 3
    assert main(["cite", "--find", "值日則能實其破", "--json"]) == 0
    assert [p["ref"] for p in json.loads(capsys.readouterr().out)["paragraphs"]] == ["25.3"]


@pytest.mark.parametrize("argv", [["cite", "95"], ["cite", "25.9"], ["cite", "x"], ["cite"], ["nope"]])
def test_cli_bad_input_is_one_line_exit_2(argv, capsys):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err
