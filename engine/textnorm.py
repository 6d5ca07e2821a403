"""Folding of Chinese text so that simplified and traditional spellings compare equal.

OpenCC's t2s is the base, but it is wrong for this book in places: it turns 乾 (the trigram)
into 干, so 乾为天 would read 干为天.  We protect 乾 before converting.  Folding is applied to
both sides of every comparison, so 幹/干, 醜/丑, 餘/余 and the like become equal.
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache


# Characters OpenCC's t2s must not touch in this book.
_PROTECTED = "乾"
_PLACEHOLDERS = "\ue000"  # private-use stand-ins, one per protected character

# Spellings the book treats as one term but OpenCC does not unify.
_EXTRA = str.maketrans({"玄": "元"})  # 玄武 = 元武 (the Kangxi-era spelling)


@lru_cache(maxsize=1)
def _converter():
    """OpenCC's t2s, made when first needed (loading it takes a few ms a command that reads no
    name would pay for nothing)."""
    import opencc

    return opencc.OpenCC("t2s")

_protect = str.maketrans(dict(zip(_PROTECTED, _PLACEHOLDERS)))
_restore = str.maketrans(dict(zip(_PLACEHOLDERS, _PROTECTED)))


@lru_cache(maxsize=65536)
def fold(text: str) -> str:
    """Canonical form for matching: NFKC, traditional to simplified (乾 kept), variants unified."""
    text = unicodedata.normalize("NFKC", text).translate(_protect)
    return _converter().convert(text).translate(_restore).translate(_EXTRA)


def to_simplified(text: str) -> str:
    """Simplified spelling for display of user input; keeps 乾 and the book's 元武."""
    return _converter().convert(text.translate(_protect)).translate(_restore)
