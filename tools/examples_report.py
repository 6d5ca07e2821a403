"""Print the README's section on the book's worked examples: the agreement figure and every known
disagreement with its reason, from `yimao examples --json` (run: python tools/examples_report.py)."""

from __future__ import annotations

import sys

from engine.examples import load_cases, run_cases
from engine.rulebook import load_engine


def main() -> int:
    cases = load_cases()
    data = run_cases(load_engine(), cases)
    summary = data["summary"]
    total = sum(summary.values())
    checkable = total - summary["undecidable"]
    verdicts = [c for c in data["cases"] if c["book_verdict"]]
    agreeing_verdicts = [c for c in verdicts if c["status"] == "agree"]
    print(f"{total} worked examples are cases (`yimao examples`): {summary['agree']} agree, "
          f"{summary['known-disagreement']} are known disagreements, {summary['disagree']} disagree without a "
          f"recorded reason, {summary['undecidable']} are undecidable (they state nothing the rules can check yet). "
          f"Of the {checkable} checkable cases, {100 * summary['agree'] / checkable:.1f}% agree; "
          f"{len(agreeing_verdicts)} of the {len(verdicts)} cases that state the book's verdict agree with it.")
    print()
    print("| case | ch. | line | why the engine differs |")
    print("|---|---:|---:|---|")
    for case in data["cases"]:
        if case["status"] == "known-disagreement":
            reason = case["detail"].replace("|", "/").replace("\n", " ")
            print(f"| {case['id']} | {case['chapter']} | {case['source_line']} | {reason} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
