"""Print the README's section on the book's worked examples: the agreement figures (facts, and
answers where the book states an outcome) and every known disagreement with its reason, from the
cases in tests/cases (run: python tools/examples_report.py)."""

from __future__ import annotations

import sys

from yimao.examples import load_cases, run_cases
from yimao.rulebook import load_engine


def main() -> int:
    cases = load_cases()
    data = run_cases(load_engine(), cases)
    summary = data["summary"]
    total = sum(summary.values())
    checkable = total - summary["undecidable"]
    stated = [c for c in data["cases"] if c["book_verdict"]]
    agree = [c for c in stated if c["status"] == "agree"]
    undecided = [c for c in stated if c["status"] == "undecided" or "未决" in (c["engine_verdict"] or "")]
    known = [c for c in stated if c["status"] == "known-disagreement" and c not in undecided]
    print(f"{total} cases (`yimao examples`): {summary['agree']} agree, {summary['known-disagreement']} are known "
          f"disagreements, {summary['disagree']} disagree without a recorded reason, {summary['undecided']} are "
          f"未决, {summary['undecidable']} are undecidable (they state nothing the rules can check yet).  Of the "
          f"{checkable} checkable cases, {100 * summary['agree'] / checkable:.1f}% agree.")
    print()
    print(f"Answers: {len(stated)} cases state an outcome (愈 / 不愈, 得 / 不得, 来 / 不来 …); the engine's answer "
          f"(`yimao judge`'s first line, not the presence of a ruling) agrees on {len(agree)}, is 未决 on "
          f"{len(undecided)}, and differs on {len(known)} (each a known disagreement below).")
    print()
    print("| case | ch. | line | why the engine differs |")
    print("|---|---:|---:|---|")
    for case in data["cases"]:
        if case["status"] in ("known-disagreement", "undecided", "disagree"):
            reason = case["detail"].replace("|", "/").replace("\n", " ")
            print(f"| {case['id']} | {case['chapter']} | {case['source_line']} | {reason} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
