import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# tools/ holds developer scripts that tests also exercise.
sys.path.insert(0, str(ROOT / "tools"))

import os
import tempfile

# Keep the on-disk rulebook cache of a test run away from the user's cache.
os.environ.setdefault("YIMAO_CACHE_DIR", tempfile.mkdtemp(prefix="yimao-cache-"))
