"""Property: on generated programs with negation, the engine's facts equal a deliberately naive
evaluation (every rule re-run over all facts until nothing changes, stratum by stratum)."""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from yimao.facts import Fact
from yimao.ir import Atom, Binding, Comparison, Const, Negation, Var
from yimao.rulebook import load_engine

PREDICATES = ["甲", "乙", "丙", "丁", "戊"]  # level = index: negation only looks at lower levels
ARITY = {"甲": 1, "乙": 2, "丙": 1, "丁": 2, "戊": 2}
ARGS = ["一", "二"]
VARS = ["X", "Y", "Z"]
DOMAIN = [1, 2, 3]


@st.composite
def programs(draw):
    base = draw(st.lists(st.tuples(st.sampled_from(["甲", "乙"]), st.tuples(*[st.sampled_from(DOMAIN)] * 2)), max_size=8))
    rules = []
    for number in range(draw(st.integers(1, 6))):
        head = draw(st.sampled_from(PREDICATES[1:]))
        level = PREDICATES.index(head)
        positives = []
        for _ in range(draw(st.integers(1, 3))):
            pred = draw(st.sampled_from(PREDICATES[: level + 1]))
            args = [draw(st.one_of(st.sampled_from(VARS), st.sampled_from(DOMAIN))) for _ in range(ARITY[pred])]
            positives.append((pred, args))
        bound = sorted({a for _, args in positives for a in args if isinstance(a, str)})
        if not bound:
            continue
        literals = [f"{p}({', '.join(f'{ARGS[i]}: {a}' for i, a in enumerate(args))})" for p, args in positives]
        if level > 0 and draw(st.booleans()):
            pred = draw(st.sampled_from(PREDICATES[:level]))
            args = [draw(st.sampled_from(bound + ["_", 2])) for _ in range(ARITY[pred])]
            literals.append(f"not {pred}({', '.join(f'{ARGS[i]}: {a}' for i, a in enumerate(args))})")
        if draw(st.booleans()):
            op = draw(st.sampled_from(["<", "!=", "=", ">="]))
            literals.append(f"{draw(st.sampled_from(bound))} {op} {draw(st.sampled_from(bound + [2]))}")
        if draw(st.booleans()):
            literals.append(f"W = ({draw(st.sampled_from(bound))} + 1) % 3 + 1")
            bound.append("W")
        head_args = [draw(st.sampled_from(bound)) for _ in range(ARITY[head])]
        rules.append(f"rule 测.规{number} when {', '.join(literals)} then {head}({', '.join(f'{ARGS[i]}: {a}' for i, a in enumerate(head_args))})")
    facts = [Fact(p, vals[: ARITY[p]]) for p, vals in base]
    return rules, facts


def _source(rules) -> str:
    declarations = "\n".join(
        f"{'input' if p in ('甲', '乙') else 'predicate'} {p}({', '.join(ARGS[: ARITY[p]])})" for p in PREDICATES
    )
    return f"chapter 25 月破\n{declarations}\n§25.1\n" + "\n".join(rules) + "\n"


def _match(atom: Atom, values, env):
    env = dict(env)
    for arg, value in zip(atom.args, values):
        term = arg.term
        if isinstance(term, Const):
            if term.value != value:
                return None
        elif isinstance(term, Var):
            if env.setdefault(term.name, value) != value:
                return None
    return env


def _value(expr, env):
    if isinstance(expr, Var):
        return env[expr.name]
    if isinstance(expr, Const):
        return expr.value
    left, right = _value(expr.left, env), _value(expr.right, env)
    return {"+": left + right, "-": left - right, "*": left * right, "%": left % right if right else None}[expr.op]


def _naive(program, base: list[Fact]) -> set[Fact]:
    facts = set(base)
    for level, head in enumerate(PREDICATES):  # stratum by stratum, in level order
        rules = [r for r in program.rules if r.heads[0].predicate == head]
        changed = True
        while changed:
            changed = False
            for rule in rules:
                envs = [{}]
                pending = list(rule.body)
                for literal in [l for l in pending if isinstance(l, Atom)]:
                    envs = [e2 for e in envs for f in facts if f.predicate == literal.predicate
                            for e2 in [_match(literal, f.values, e)] if e2 is not None]
                for literal in [l for l in pending if isinstance(l, Binding)]:
                    envs = [{**e, literal.var.name: _value(literal.expr, e)} for e in envs]
                for literal in pending:
                    if isinstance(literal, Comparison):
                        op = {"<": "__lt__", "!=": "__ne__", "=": "__eq__", ">=": "__ge__"}[literal.op]
                        envs = [e for e in envs if getattr(_value(literal.left, e), op)(_value(literal.right, e))]
                    elif isinstance(literal, Negation):
                        envs = [e for e in envs if not any(
                            f.predicate == literal.atom.predicate and _match(literal.atom, f.values, e) is not None for f in facts)]
                head_atom = rule.heads[0]
                for e in envs:
                    fact = Fact(head, tuple(_value(a.term, e) for a in head_atom.args))
                    if fact not in facts:
                        facts.add(fact)
                        changed = True
    return facts


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(programs())
def test_engine_equals_naive_evaluation(case):
    rules, base = case
    folder = Path(tempfile.mkdtemp())
    try:
        (folder / "25-月破.ym").write_text(_source(rules), encoding="utf-8")
        engine = load_engine([folder])
        result = engine.evaluate(base)
        assert set(result.facts()) == _naive(engine.program, base)
        again = engine.evaluate(list(reversed(base)))
        assert [f for f in again.sorted_facts()] == [f for f in result.sorted_facts()]
    finally:
        shutil.rmtree(folder)


def test_a_fixed_program_with_recursion_and_negation(tmp_path):
    rules = [
        "rule 测.一 when 乙(一: X, 二: Y) then 丁(一: X, 二: Y)",
        "rule 测.二 when 丁(一: X, 二: Y), 乙(一: Y, 二: Z) then 丁(一: X, 二: Z)",
        "rule 测.三 when 甲(一: X), not 乙(一: X, 二: X) then 丙(一: X)",
        "rule 测.四 when 丁(一: X, 二: Y), not 丙(一: Y), X != Y then 戊(一: X, 二: Y)",
    ]
    (tmp_path / "25-月破.ym").write_text(_source(rules), encoding="utf-8")
    engine = load_engine([tmp_path])
    base = [Fact("乙", (1, 2)), Fact("乙", (2, 3)), Fact("乙", (3, 1)), Fact("乙", (2, 2)),
            Fact("甲", (1,)), Fact("甲", (3,)), Fact("甲", (2,))]
    result = engine.evaluate(base)
    assert set(result.facts()) == _naive(engine.program, base)
    assert len(result.facts("丁")) == 9  # the 1-2-3 cycle closes over all pairs
    assert engine.program.strata.strata[engine.program.strata.stratum_of["丁"]].recursive
