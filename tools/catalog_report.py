"""Print the README's question catalog table from what the rulebook declares (`yimao questions`):
each question's answer words, its sub-questions marked with what they are answered in beside their
axis, how its 用神 is taken, and what the asker may state beside the chart (`--given`).
Run: python tools/catalog_report.py
"""

from __future__ import annotations

from yimao.commands.questions import axis_text, catalog, given_text, subs_text
from yimao.rulebook import load_engine

LONGEST = 160  # characters of the 用神 column kept in the README; `yimao questions` prints it whole


def _cell(text: str) -> str:
    text = text.replace("|", "\\|")
    return text if len(text) <= LONGEST else text[: LONGEST - 3] + "…"


def main() -> int:
    rows = catalog(load_engine().program)
    print("| 章 | question | answer | sub-questions (→ answered in its own kind) | 用神 | --given |")
    print("|---:|---|---|---|---|---|")
    for row in rows:
        subs = subs_text(row)
        own = row["answered_in_kind"].get(row["question"])
        if own:  # what the question itself is answered in, before its sub-questions
            subs = " ".join(["(→" + "、".join(b["by"] for b in own) + ")", subs]).strip()
        print(f"| {row['chapter']} | {row['question']} | {axis_text(row)} | {subs} | {_cell(row['use_god'] or '')} "
              f"| {_cell(given_text(row))} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
