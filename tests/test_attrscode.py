"""attrs's generated methods kept in the cache (`yimao.attrscode`): a second process compiles none
of them, whatever its hash salt; the classes made from code read back behave as compiled ones; a
damaged file is compiled again, silently, and written whole."""

import json
import os
import subprocess
import sys
import textwrap

SCRIPT = textwrap.dedent("""
    import json
    import attrs
    from yimao import attrscode, judge  # noqa: F401  (judge: the classes a judgement defines)
    from yimao.facts import Fact
    a, b = Fact("月建", ("午",)), Fact("月建", ("午",))
    try:
        a.predicate = "日辰"
        frozen = False
    except attrs.exceptions.FrozenInstanceError:
        frozen = True
    print(json.dumps({"compiled": attrscode.compiled_here(), "equal": a == b, "hash": hash(a) == hash(b),
                      "other": a != Fact("月建", ("未",)), "repr": repr(a), "frozen": frozen}, ensure_ascii=False))
""")


def run(cache, seed="0"):
    env = dict(os.environ, YIMAO_CACHE_DIR=str(cache), PYTHONHASHSEED=seed)
    done = subprocess.run([sys.executable, "-c", SCRIPT], capture_output=True, text=True, env=env, timeout=120)
    assert done.returncode == 0 and done.stderr == "", done.stderr
    return json.loads(done.stdout)


def behaves(found):
    return found["equal"] and found["hash"] and found["other"] and found["frozen"] and found["repr"].startswith("Fact(")


def test_a_second_process_compiles_none_of_them_whatever_its_hash_salt(tmp_path):
    first = run(tmp_path, seed="1")
    assert first["compiled"] > 20 and behaves(first)
    assert (tmp_path / "attrs-code").is_file()
    # another salt: attrs's own number in each `__hash__` differs, the key does not
    second = run(tmp_path, seed="2")
    assert second["compiled"] == 0 and behaves(second)


def test_a_damaged_file_is_compiled_again_and_written_whole(tmp_path):
    run(tmp_path)
    path = tmp_path / "attrs-code"
    data = bytearray(path.read_bytes())
    for at in range(len(data) // 2, len(data) // 2 + 64):
        data[at] ^= 0xFF
    path.write_bytes(bytes(data))
    again = run(tmp_path)
    assert again["compiled"] > 20 and behaves(again)
    assert run(tmp_path)["compiled"] == 0
