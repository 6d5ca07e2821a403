"""yimao: a declarative rule engine for 《易冒》 (程良玉, 1660s)."""

from .book import load_book

__all__ = ["load_book"]
