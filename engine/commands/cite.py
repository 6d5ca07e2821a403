"""`yimao cite`: print a paragraph of the book, a chapter's paragraphs, or find a clause."""

from __future__ import annotations

import argparse

from rich.text import Text

from ..book import Book, Chapter, CitationError, Paragraph, load_book
from ..errors import UsageError
from ..render.output import console, print_json


def register(subparsers) -> None:
    parser = subparsers.add_parser(
        "cite",
        help="print a paragraph (25.3), list a chapter (25), or find a clause (--find)",
        description="Print the classical paragraph and its modern translation for a citation 章.段, "
        "list the paragraphs of a chapter, or find the paragraphs holding a clause "
        "(simplified or traditional input alike).",
    )
    parser.add_argument("ref", nargs="?", help="CHAPTER or CHAPTER.PARAGRAPH, e.g. 25 or 25.3")
    parser.add_argument("--find", metavar="CLAUSE", help="find the paragraph(s) whose classical text holds CLAUSE")
    parser.add_argument("--json", action="store_true", help="print JSON")
    parser.set_defaults(run=run)


def paragraph_json(book: Book, p: Paragraph) -> dict:
    chapter = book.chapter(p.chapter)
    return {
        "ref": p.ref,
        "chapter": p.chapter,
        "chapter_name": chapter.name,
        "name_inferred": chapter.name_inferred,
        "paragraph": p.ordinal,
        "classical": p.classical,
        "translation": p.translation,
        "source_line": p.source_line,
    }


def chapter_json(book: Book, chapter: Chapter) -> dict:
    return {
        "chapter": chapter.number,
        "title": chapter.title,
        "name": chapter.name,
        "name_inferred": chapter.name_inferred,
        "kind": chapter.kind,
        "paragraphs": [paragraph_json(book, p) for p in chapter.paragraphs],
    }


def _heading(book: Book, p: Paragraph) -> Text:
    chapter = book.chapter(p.chapter)
    inferred = " (name inferred)" if chapter.name_inferred else ""
    return Text(f"§{p.ref}  {chapter.title}{inferred}  line {p.source_line}", style="bold")


def _show_paragraph(book: Book, p: Paragraph, out) -> None:
    out.print(_heading(book, p))
    out.print(Text(p.classical))
    out.print(Text(p.translation, style="dim"))


def run(args: argparse.Namespace) -> int:
    if (args.ref is None) == (args.find is None):
        raise UsageError("cite takes either a reference (25 or 25.3) or --find CLAUSE")
    book = load_book()
    out = console()
    if args.find is not None:
        found = book.find(args.find)
        if args.json:
            print_json({"clause": args.find, "paragraphs": [paragraph_json(book, p) for p in found]})
        elif not found:
            out.print(f"no paragraph holds {args.find!r}")
        else:
            for i, p in enumerate(found):
                if i:
                    out.print()
                _show_paragraph(book, p, out)
        return 0
    try:
        target = book.resolve(args.ref)
    except CitationError as error:
        raise UsageError(str(error)) from None
    if isinstance(target, Paragraph):
        if args.json:
            print_json(paragraph_json(book, target))
        else:
            _show_paragraph(book, target, out)
        return 0
    if args.json:
        print_json(chapter_json(book, target))
        return 0
    inferred = " (name inferred)" if target.name_inferred else ""
    out.print(Text(f"chapter {target.number}  {target.title}{inferred}  {len(target.paragraphs)} paragraphs", style="bold"))
    for p in target.paragraphs:
        out.print(Text.assemble((f"§{p.ref}  ", "bold"), p.classical))
    return 0
