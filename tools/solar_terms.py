"""Write (or check) engine/tables/solar-terms.tsv: the 24 solar terms of each year 1900-2100 as
tyme4py reckons them (`yimao.calendar.reckoned_terms`: from the 冬至 before the year, Beijing wall
time to the second), so that a chart's moment reads them instead of reckoning them by astronomy.

Run: python tools/solar_terms.py [--check]
"""

from __future__ import annotations

import argparse
import sys

from yimao.calendar import TERMS_TABLE, reckoned_terms

FIRST, LAST = 1900, 2100


def table_text() -> str:
    years = {year: reckoned_terms(year) for year in range(FIRST, LAST + 1)}
    names = [name for _, name in years[FIRST]]
    lines = ["year\t" + "\t".join(names)]
    for year, terms in years.items():
        assert [name for _, name in terms] == names, year
        lines.append(f"{year}\t" + "\t".join(at.isoformat() for at, _ in terms))
    return "\n".join(lines) + "\n"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare the shipped table with tyme4py instead of writing it")
    args = parser.parse_args()
    text = table_text()
    if args.check:
        same = TERMS_TABLE.read_text(encoding="utf-8") == text
        print(f"{TERMS_TABLE}: {'agrees with' if same else 'DIFFERS from'} tyme4py for {FIRST}-{LAST}")
        return 0 if same else 1
    TERMS_TABLE.write_text(text, encoding="utf-8")
    print(f"wrote {TERMS_TABLE} ({LAST - FIRST + 1} years)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
