"""Where a sweep keeps its results: a JSONL file for small runs, a folder of Parquet files for
large ones; both resumable, and both read back as the same rows.

A row is {"id": chart id, "spec": the chart's lines and moment flags, "changes": [change keys]}.
A JSONL file gets one line per chart, flushed per chunk; a half-written last line is an
interruption and is cut before appending.  A Parquet folder gets one file per chunk of charts,
written under a temporary name and renamed into place, so a reader (or a resumed run) never sees
half a file, and two runs or many workers' results only ever add files.
"""

from __future__ import annotations

import hashlib
import json
import os
import stat
from pathlib import Path
from typing import Any, Iterator

from .errors import UsageError

MOMENT_KEYS = ("date", "tz", "zi_boundary", "lunar", "leap", "time", "year", "month", "day", "hour")
Row = dict[str, Any]


def open_store(path: Path) -> "JsonlStore | ParquetStore":
    """The store `--out PATH` names: `*.jsonl` a file, anything else a folder of Parquet files."""
    return JsonlStore(path) if path.suffix == ".jsonl" else ParquetStore(path)


def check_out(path: Path, folder: bool) -> None:
    """Refuse, with one line, a path the store cannot write: a device or other special file (which
    would be read without end), the wrong kind of entry, or a missing parent folder."""
    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        mode = None
    except OSError as error:
        raise UsageError(f"--out {path}: {error.strerror}") from None
    if mode is not None and not (stat.S_ISREG(mode) or stat.S_ISDIR(mode)):
        raise UsageError(f"--out {path} is not a regular file or folder (a device?); give a file or folder to write")
    if mode is not None and folder and not stat.S_ISDIR(mode):
        raise UsageError(f"--out {path} is a file; Parquet results go in a folder (or name a .jsonl file)")
    if mode is not None and not folder and stat.S_ISDIR(mode):
        raise UsageError(f"--out {path} is a folder; JSONL results go in a file")
    parent = path.absolute().parent
    if mode is None and not parent.is_dir():
        raise UsageError(f"--out {path}: the folder {parent} does not exist")


class JsonlStore:
    folder = False

    def __init__(self, path: Path) -> None:
        self.path = path

    def prepare(self) -> None:
        """Cut a half-written last line (an interrupted write), so appended rows stay one per line."""
        check_out(self.path, folder=False)
        if not self.path.exists():
            return
        data = self.path.read_bytes()
        if data and not data.endswith(b"\n"):
            self.path.write_bytes(data[: data.rfind(b"\n") + 1])

    def rows(self) -> Iterator[Row]:
        if not self.path.exists():
            return
        with self.path.open("rb") as source:
            for number, line in enumerate(source, 1):
                if not line.endswith(b"\n"):
                    return  # cut by an interruption: redone on resume
                yield _valid_row(line, f"{self.path}:{number}")

    def write(self, rows: list[Row]) -> None:
        with self.path.open("a", encoding="utf-8") as sink:
            for row in rows:
                sink.write(json.dumps(row, ensure_ascii=False, sort_keys=True) + "\n")


def _valid_row(line: bytes, where: str) -> Row:
    try:
        row = json.loads(line)
    except ValueError:
        row = None
    if not (isinstance(row, dict) and isinstance(row.get("id"), str) and isinstance(row.get("spec"), dict)
            and isinstance(row.get("changes"), list) and all(isinstance(c, str) for c in row["changes"])):
        shown = line.decode("utf-8", "replace").strip()
        raise UsageError(f"{where}: not a sweep result line ({shown[:60]!r}); "
                         "remove the line, or the file to start over")
    return row


class ParquetStore:
    folder = True

    def __init__(self, path: Path) -> None:
        self.path = path

    def prepare(self) -> None:
        """Make the folder, and drop the temporary file of a write an interruption cut short."""
        check_out(self.path, folder=True)
        _pyarrow()
        self.path.mkdir(exist_ok=True)
        for leftover in self.path.glob(".part-*.tmp"):
            leftover.unlink()

    def files(self) -> list[Path]:
        return sorted(self.path.glob("part-*.parquet")) if self.path.is_dir() else []

    def rows(self) -> Iterator[Row]:
        pq = _pyarrow().parquet

        for file in self.files():
            try:
                table = pq.read_table(file)
            except (OSError, ValueError) as error:
                raise UsageError(f"{file}: not a readable Parquet file ({error}); remove it to redo its charts") from None
            if "id" not in table.column_names or "changes" not in table.column_names:
                raise UsageError(f"{file}: not a sweep result file (no id or changes column); remove it to redo its charts")
            for record in table.to_pylist():
                spec = {k: record[k] for k in ("lines", *MOMENT_KEYS) if record.get(k) not in (None, False)}
                yield {"id": record["id"], "spec": {"id": record["id"], **spec}, "changes": list(record["changes"])}

    def write(self, rows: list[Row]) -> None:
        import pyarrow as pa
        import pyarrow.parquet as pq

        if not rows:
            return
        name = "part-" + hashlib.sha1("\n".join(r["id"] for r in rows).encode()).hexdigest()[:20]
        columns: dict[str, list] = {"id": [r["id"] for r in rows], "lines": [r["spec"]["lines"] for r in rows]}
        for key in MOMENT_KEYS:
            columns[key] = [_moment_value(key, r["spec"].get(key)) for r in rows]
        columns["changes"] = [r["changes"] for r in rows]
        temporary = self.path / f".{name}.tmp"
        pq.write_table(pa.Table.from_pydict(columns, schema=_schema()), temporary)
        os.replace(temporary, self.path / f"{name}.parquet")


def _pyarrow():
    try:
        import pyarrow
        import pyarrow.parquet  # noqa: F401
    except ImportError:
        raise UsageError("Parquet results need pyarrow: pip install 'yimao[parquet]', or give --out FILE.jsonl") from None
    return pyarrow


def _moment_value(key: str, value):
    if key == "leap":
        return bool(value)
    return None if value is None else str(value)


def _schema():
    import pyarrow as pa

    fields = [pa.field("id", pa.string()), pa.field("lines", pa.string())]
    fields += [pa.field(k, pa.bool_() if k == "leap" else pa.string()) for k in MOMENT_KEYS]
    return pa.schema(fields + [pa.field("changes", pa.list_(pa.string()))])
