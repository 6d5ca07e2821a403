"""Print the README's question catalog table from what the rulebook declares (`yimao questions`):
each question's answer words, its sub-questions marked with what they are answered in beside their
axis, how its 用神 is taken, and what the asker may state beside the chart (`--given`).
Run: python tools/catalog_report.py
"""

from __future__ import annotations

from yimao.commands.questions import catalog
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
        own = row["answers"].get(row["question"])
        axis = f"{' '.join(own['left'])} / {' '.join(own['right'])}" if own else ""
        kinds = row["answered_in_kind"]
        subs = []
        for sub in row["sub_questions"]:
            by = kinds.get(f"{row['question']}.{sub}")
            subs.append(f"{sub}→{'、'.join(b['by'] for b in by)}" if by else sub)
        if kinds.get(row["question"]):
            subs.insert(0, "(→" + "、".join(b["by"] for b in kinds[row["question"]]) + ")")
        given = " ".join(f"{g['name']}={_cell('|'.join(g['values']))} ({g['cite']})" for g in row["given"])
        print(f"| {row['chapter']} | {row['question']} | {axis} | {' '.join(subs)} | {_cell(row['use_god'] or '')} | {given} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
