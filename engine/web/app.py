"""`yimao serve`: the Flask application.  Routes read only named query fields, turn them into the
CLI's own arguments, and render the shared templates; nothing a request sends can name a file.

Requests are served concurrently, with no lock: an engine is read-only once built (its lazily
made parts -- join functions, indexes over shared tables, pruned plans -- are made whole and then
stored in one assignment, so two requests at worst make one twice), and every evaluation's state
is its own.  `yimao serve` runs waitress threads in one worker process per core.
"""

from __future__ import annotations

import threading
from typing import Any, Sequence

from flask import Flask, Response, request
from werkzeug.exceptions import HTTPException

from ..book import load_book
from ..diagnostics import screenful, triage
from ..errors import ISSUES, RulebookError, UsageError
from ..evaluate import EvaluationLimit
from ..rulebook import load_engine, rulebook_files, school_files
from ..schools import BASE_SCHOOL
from .forms import CHART_FIELDS, MAX_FIELD, QUESTION_FIELDS, Fields, argv_for, cli_message, parse
from .links import Links, NoLinks
from .pages import Page, chart_page, compare_page, judge_page, why_page
from .rulebook_view import RulebookView
from .sources import RuleSources
from .templating import render

FORM_FIELDS = CHART_FIELDS + QUESTION_FIELDS + ("school", "school2", "fact")
SECURITY_HEADERS = {
    "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; img-src data:; "
                               "form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
}


class Workbench:
    """The server's rulebook (fixed at start) and the views built from it, rebuilt when it changes."""

    def __init__(self, rulebook: Sequence[str] | None) -> None:
        self.rulebook = list(rulebook) if rulebook else None
        self._view: tuple[Any, RulebookView] | None = None

    def schools(self) -> tuple[list[dict[str, Any]], str | None]:
        """The school overlays, or none and the reason when their files do not check (the base
        rulebook still serves)."""
        from ..commands.schools import describe_schools

        try:
            return describe_schools(self.rulebook), None
        except RulebookError as error:
            found = triage(error.diagnostics)
            first = found.shown[0].render().split("\n", 1)[0] if found.shown else ""
            return [], f"the school overlays have {found.summary()} (`yimao check`): {first}"

    def questions(self) -> list[str]:
        program = load_engine(self.rulebook).program
        return sorted(q.name + (f".{sub}" if sub else "") for q in program.questions for sub in ("", *q.subquestions))

    def rulebook_view(self) -> RulebookView:
        engine = load_engine(self.rulebook)
        if self._view is None or self._view[0] is not engine:
            files = rulebook_files(self.rulebook) + school_files(self.rulebook)
            sources = RuleSources(files, engine.program.modules)
            self._view = (engine, RulebookView(engine.program, load_book(), sources, self.schools()[0]))
        return self._view[1]


def _fields() -> Fields:
    return Fields(request.args, repeatable=("school",))


def _schools(fields: Fields) -> list[str]:
    return [s for s in (fields.get("school"), fields.get("school2")) if s]


def _page(page: Page, status: int = 200) -> Response:
    template, context = page
    return Response(render(template, standalone=False, **context), status=status, mimetype="text/html")


def _form_values() -> dict[str, str]:
    """The submitted fields as typed (first values, cut to the field limit), to refill the form."""
    return {name: request.args.get(name, "")[:MAX_FIELD] for name in FORM_FIELDS if request.args.get(name)}


# werkzeug compiles each route with `ast.parse`, and CPython 3.11's conversion of an AST keeps one
# recursion counter for the interpreter, not one per thread: two apps built at once on two threads
# can fail with "SystemError: AST constructor recursion depth mismatch" (seen once in the suite's
# concurrency test).  An app is built rarely, so one at a time.
_BUILDING = threading.Lock()


def create_app(rulebook: Sequence[str] | None = None) -> Flask:
    """The workbench's Flask app for a rulebook (the shipped one by default)."""
    with _BUILDING:
        return _build_app(rulebook)


def _build_app(rulebook: Sequence[str] | None) -> Flask:
    bench = Workbench(rulebook)
    app = Flask("yimao.web", static_folder=None, template_folder=None)
    app.config["MAX_CONTENT_LENGTH"] = 16 * 1024  # GET forms only; a body is never read

    def cast_page(values: dict[str, str], error: str | None = None) -> Page:
        overlays, notice = bench.schools()
        schools = [{"value": "", "label": f"{BASE_SCHOOL} (the book)"}]
        schools += [{"value": s["school"], "label": f"{s['school']} — {s['doc']}" if s["doc"] else s["school"]}
                    for s in overlays]
        return "cast.html", {"title": "cast", "values": values, "error": error, "notice": notice, "schools": schools,
                             "questions": bench.questions(), "max_field": MAX_FIELD, "links": Links()}

    @app.get("/")
    def cast() -> Response:
        return _page(cast_page(_form_values()))

    @app.get("/chart")
    def chart() -> Response:
        from ..commands.chart import chart_from_args

        fields = _fields()
        args = parse(argv_for("chart", fields, CHART_FIELDS, fields.all("school")[:1]), bench.rulebook)
        return _page(chart_page(chart_from_args(args), Links(fields.given(CHART_FIELDS + ("school",)))))

    @app.get("/judge")
    def judge() -> Response:
        from ..commands.judge import judgement_from_args

        fields = _fields()
        args = parse(argv_for("judge", fields, CHART_FIELDS + QUESTION_FIELDS, fields.all("school")[:1]), bench.rulebook)
        return _page(judge_page(judgement_from_args(args), Links(fields.given(CHART_FIELDS + QUESTION_FIELDS + ("school",)))))

    @app.get("/why")
    def why() -> Response:
        from ..commands.explain import Why

        fields = _fields()
        argv = argv_for("why", fields, CHART_FIELDS + QUESTION_FIELDS + ("depth", "all"), fields.all("school")[:1],
                        positional=fields.get("fact"))
        args = parse(argv, bench.rulebook)
        return _page(why_page(Why(args), Links(fields.given(CHART_FIELDS + QUESTION_FIELDS + ("school",)))))

    @app.get("/compare")
    def compare() -> Response:
        from ..commands.compare import comparison_from_args

        fields = _fields()
        args = parse(argv_for("compare", fields, CHART_FIELDS + ("question", "about"), _schools(fields)), bench.rulebook)
        return _page(compare_page(comparison_from_args(args), Links(fields.given(CHART_FIELDS))))

    @app.get("/rulebook")
    def rulebook_index() -> Response:
        view = bench.rulebook_view()
        chapters = view.index()
        totals = {"rules": len(view.program.rules), "paragraphs": sum(c["paragraphs"] for c in chapters if c["counted"])}
        return _page(("rulebook.html", {"title": "rulebook", "chapters": chapters, "totals": totals,
                                        "school": BASE_SCHOOL, "predicates": view.predicates(Links()),
                                        "links": Links()}))

    @app.get("/rulebook/<int:number>")
    def rulebook_chapter(number: int) -> Response:
        view = bench.rulebook_view()
        if number not in {c.number for c in view.book.chapters}:
            return _error(404, "No such chapter", [f"the book has chapters 0-92, not {number}"])
        chapter = view.chapter(number, Links())
        return _page(("chapter.html", {"title": f"{number} {chapter['title']}", "chapter": chapter, "links": Links()}))

    @app.get("/rulebook/predicate/<name>")
    def rulebook_predicate(name: str) -> Response:
        found = bench.rulebook_view().predicate(name, Links())
        if found is None:
            return _error(404, "No such predicate", [f"the rulebook declares no predicate {name!r}"])
        return _page(("predicate.html", {"title": name, "p": found, "links": Links()}))

    @app.errorhandler(UsageError)
    def bad_input(error: UsageError) -> Response:
        try:
            return _page(cast_page(_form_values(), cli_message(error)), status=400)
        except (UsageError, RulebookError):  # the form itself cannot be built: the bare message
            return _error(400, "Bad input", [cli_message(error)])

    @app.errorhandler(RulebookError)
    def rulebook_broken(error: RulebookError) -> Response:
        # Not a server failure: the workbench is working and shows what is wrong in the files being
        # edited, syntax errors first and alone, a screenful at most.
        return _error(200, "The rulebook has errors", [], listing="\n".join(screenful(error.diagnostics)))

    @app.errorhandler(EvaluationLimit)
    def runaway(error: EvaluationLimit) -> Response:
        from ..render.diagnostics import limit_lines

        return _error(500, "The rulebook has errors", [*limit_lines(error), "1 error(s)"])

    @app.errorhandler(HTTPException)
    def http_error(error: HTTPException) -> Response:
        return _error(error.code or 500, f"{error.code} {error.name}", [error.description or ""])

    @app.errorhandler(Exception)
    def internal(error: Exception) -> Response:
        app.logger.exception("request failed")
        return _error(500, "Internal error", [f"{type(error).__name__}: the request could not be answered (see the server "
                                              f"log); this is a bug in yimao: please report it at {ISSUES}"])

    @app.after_request
    def headers(response: Response) -> Response:
        response.headers.update(SECURITY_HEADERS)
        return response

    return app


def _error(status: int, heading: str, lines: list[str], listing: str = "") -> Response:
    """An error page: one paragraph a line, or a `listing` kept as typed (diagnostics and carets)."""
    return _page(("error.html", {"title": heading, "heading": heading, "lines": lines, "listing": listing,
                                 "links": NoLinks()}), status)
