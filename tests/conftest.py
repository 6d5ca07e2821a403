import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# tools/ holds developer scripts that tests also exercise.
sys.path.insert(0, str(ROOT / "tools"))
