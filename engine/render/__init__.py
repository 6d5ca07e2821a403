"""Renderers: terminal text (rich, plain when piped) and JSON."""
