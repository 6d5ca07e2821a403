"""An example or two for each command's --help, the way a first-time user would type them (`fmt`
and `completion` carry their own)."""

from __future__ import annotations

import argparse

from rich.cells import cell_len

CHART = "--lines 877987 --date 2024-03-01T10:00"

EXAMPLES: dict[str, tuple[str, ...]] = {
    "cast": ("yimao cast --coins 背背眉,背眉眉,眉眉眉,背背背,背眉背,眉背眉", "yimao cast --hexagram 豐之萃"),
    "chart": (f"yimao chart {CHART}", "yimao chart --hexagram 萃 --month 申 --day 丁酉 --html chart.html"),
    "judge": (f"yimao judge --question 疾病 {CHART}", f"yimao judge --question 疾病.症候 --about 父 {CHART} --json"),
    "cite": ("yimao cite 25.3", "yimao cite --find 值日则能实其破"),
    "check": ("yimao check", "yimao check rulebook/26-旬空.ym"),
    "compare": (f"yimao compare --school 黄金策 {CHART}", "yimao compare --school 黄金策 --sweep random --count 200"),
    "coverage": ("yimao coverage", "yimao coverage --chapters 1-10 --json"),
    "facts": (f"yimao facts {CHART} --predicate 纳甲",),
    "why": (f"yimao why '月破(位: P)' {CHART}", f"yimao why '断 愈' --question 疾病 {CHART}"),
    "whynot": (f"yimao whynot '月破(位: 1)' {CHART}",),
    "examples": ("yimao examples --chapter 42", "yimao examples --format tsv"),
    "questions": ("yimao questions", "yimao questions --format tsv"),
    "schools": ("yimao schools", f"yimao chart --school 黄金策 {CHART}"),
    "serve": ("yimao serve --port 8000",),
    "sweep": ("yimao sweep report sweep.jsonl", "yimao sweep report space-parquet --json"),
    "cache": ("yimao cache info", "yimao cache clear"),
}


class WideAware(argparse.HelpFormatter):
    """argparse pads an option's invocation to the help column by its length in characters; a
    placeholder in the book's terms (`--birth-year 支`, `--matter-day 干支`) is wider on a terminal
    than it is long, so its help would start a column late per character: pad by display width."""

    def _format_action(self, action: argparse.Action) -> str:
        text = super()._format_action(action)
        invocation = self._format_action_invocation(action)
        extra = cell_len(invocation) - len(invocation)
        head, found, rest = text.partition(invocation)
        padding = len(rest) - len(rest.lstrip(" "))
        if extra and found and not head.strip() and padding > extra and rest.strip() and rest.lstrip(" ")[:1] != "\n":
            text = head + invocation + rest[extra:]
        return text


class RawHelpFormatter(WideAware, argparse.RawDescriptionHelpFormatter):
    """A description kept as written (fmt, completion), with the help column aligned."""


class HelpFormatter(WideAware):
    """argparse's formatter, but an epilog of examples keeps its lines (descriptions still wrap)."""

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        if text.startswith("examples:"):
            return text
        return super()._fill_text(text, width, indent)


def add_examples(commands: dict[str, argparse.ArgumentParser]) -> None:
    for name, parser in commands.items():
        if name in EXAMPLES and not parser.epilog:
            parser.epilog = "examples:\n" + "\n".join(f"  {line}" for line in EXAMPLES[name])
        if parser.formatter_class is argparse.HelpFormatter or name in EXAMPLES:
            parser.formatter_class = HelpFormatter
