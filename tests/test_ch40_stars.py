"""Chapter 40 (诸星): every star table against the formula the book states for it.

The expected values are computed here from the book's own derivations (「正月起亥而顺行」,
「甲之五遁，丙为食神，故寅为福」, 「禄前一位为羊刃 … 左逆」 …), independently of the rulebook's
tables, which transcribe the mnemonics (法曰).  Where the book gives only a mnemonic, the test
parses the mnemonic out of the paragraph text.  Then a few charts check that the stars land on
lines (星临), are watched only when the line moves (星动), and meet the book's conditions (星兆);
and that the stars (40.44) and the six spirits (7.6) ride on the 用神's grade: supporting it, never
turning an answer.
"""

from __future__ import annotations

from functools import cache

import pytest

import yimao
from yimao.book import load_book
from yimao.chart import base_facts
from yimao.facts import Fact
from yimao.rulebook import load_engine

BR = "子丑寅卯辰巳午未申酉戌亥"
ST = "甲乙丙丁戊己庚辛壬癸"
MONTHS = "寅卯辰巳午未申酉戌亥子丑"  # 正月 … 十二月
SEASONS = "春夏秋冬"
SEASON_PHASE = {"春": "木", "夏": "火", "秋": "金", "冬": "水"}
BIRTH = {"木": "亥", "火": "寅", "金": "巳", "水": "申"}  # 31.1 长生法
STAGE = {"长生": 0, "沐浴": 1, "临官": 3, "帝旺": 4, "衰": 5, "死": 7, "墓": 8, "绝": 9, "胎": 10, "养": 11}
ANIMAL = dict(zip("鼠牛虎兔龙蛇马羊猴鸡犬猪", BR))


def b(i: int) -> str:
    return BR[i % 12]


def ix(branch: str) -> int:
    return BR.index(branch)


def stage(phase: str, name: str) -> str:
    return b(ix(BIRTH[phase]) + STAGE[name])


def frame(branch: str) -> str:
    """The phase of the 三合 frame a branch belongs to (生, 旺 = 生 + 4, 墓 = 生 + 8)."""
    return next(p for p, s in BIRTH.items() if (ix(branch) - ix(s)) % 4 == 0)


def season(month: str) -> str:
    return SEASONS[MONTHS.index(month) // 3]


def clash(branch: str) -> str:
    return b(ix(branch) + 6)


def paragraph(ref: str) -> str:
    chapter, ordinal = map(int, ref.split("."))
    return load_book().paragraph(chapter, ordinal).classical


def song(ref: str, text: str) -> str:
    """A mnemonic quoted from the book: it must be in the paragraph."""
    assert text in paragraph(ref), f"{text} not in §{ref}"
    return text


def stem_song(text: str) -> dict[str, set[str]]:
    """Parse a stem mnemonic (甲羊戊庚牛 …): the stems before an animal take its branch; 巳 is 己."""
    found: dict[str, set[str]] = {}
    pending: list[str] = []
    last_animal = False
    for ch in text:
        ch = "己" if ch == "巳" else ch
        if ch in ST:
            if last_animal:
                pending = []
            pending.append(ch)
            last_animal = False
        elif ch in ANIMAL:
            for s in pending:
                found.setdefault(s, set()).add(ANIMAL[ch])
            last_animal = True
    return found


# ---------------------------------------------------------------- evaluation helpers

@cache
def rulebook():
    return load_engine()


@cache
def stars(month: str | None = None, day_stem: str | None = None, day_branch: str | None = None,
          year: str | None = None, hour: str | None = None) -> frozenset:
    facts = []
    if month:
        facts.append(Fact("月建", (month,)))
    if day_stem:
        facts.append(Fact("日干", (day_stem,)))
    if day_branch:
        facts.append(Fact("日辰", (day_branch,)))
    if year:
        facts.append(Fact("岁君", (year,)))
    if hour:
        facts.append(Fact("时辰", (hour,)))
    result = rulebook().evaluate(facts)
    return frozenset(result.facts("星") + result.facts("干星") + result.facts("星宫") + result.facts("日值星"))


def on(star: str, pillar: str, **moment) -> set[str]:
    """The branches (or stems, or palaces) a star takes at a moment."""
    return {f.values[1] for f in stars(**moment) if f.predicate in ("星", "干星", "星宫")
            and f.values[0] == star and f.values[2] == pillar}


def by_month(star: str) -> dict[str, set[str]]:
    return {m: on(star, "月", month=m) for m in MONTHS}


def by_day_stem(star: str) -> dict[str, set[str]]:
    return {s: on(star, "日", day_stem=s) for s in ST}


def from_first_month(start: str, step: int) -> dict[str, set[str]]:
    """「正月起X顺行」 (step 1) or 逆行 (step -1)."""
    return {m: {b(ix(start) + step * i)} for i, m in enumerate(MONTHS)}


# ---------------------------------------------------------------- the stem formulas (40.6-40.11)

def stem_birth(s: str) -> str:
    """40.9: 甲木生亥 … 乙木生午 … 丙戊生于寅 … 丁己生于酉; 「阴阳顺逆，各以类推」: a yin stem is born
    where its yang brother dies (死 = 长生 + 7)."""
    yang = {"甲": "亥", "丙": "寅", "戊": "寅", "庚": "巳", "壬": "申"}
    i = ST.index(s)
    return yang[s] if i % 2 == 0 else b(ix(yang[ST[i - 1]]) + 7)


def lu(s: str) -> str:
    """「四位临官，即名禄位」: forward for yang stems, backward for yin."""
    return b(ix(stem_birth(s)) + (3 if ST.index(s) % 2 == 0 else -3))


def dun(s: str, k: int) -> str:
    """The 五遁 (五鼠遁) stem on branch k for day stem s: 甲己 甲子, 乙庚 丙子 …"""
    return ST[(2 * ST.index(s) + k) % 10]


def test_lu_as_40_9_derives_it():
    assert {s: lu(s) for s in "甲乙丙戊丁己"} == {"甲": "寅", "乙": "卯", "丙": "巳", "戊": "巳", "丁": "午", "己": "午"}
    assert by_day_stem("天元禄") == {s: {lu(s)} for s in ST}


def test_noble_yang_series_by_the_derivation_of_40_6():
    # 甲 on 子 forward, skipping 辰 (天罗), 午 (端门), 戌 (地网) and 子 (帝座) the second time round;
    # each stem's place is the 阳贵 of the stem it combines with.
    places, k = [], 0
    while len(places) < 10:
        branch = b(k)
        if branch not in "辰午戌" and not (branch == "子" and places):
            places.append(branch)
        k += 1
    partner = {"甲": "己", "乙": "庚", "丙": "辛", "丁": "壬", "戊": "癸"}
    partner |= {v: k for k, v in partner.items()}
    derived = {partner[s]: {p} for s, p in zip(ST, places)}
    yang = stem_song(song("40.7", "甲羊戊庚牛，乙猴巳鼠头，丙鸡丁猪走，壬兔癸蛇游，六辛骑猛虎"))
    assert derived == yang
    yin = stem_song(song("40.7", "甲牛戊庚羊，乙鼠巳猴乡，丙鸡丁猪位，壬蛇癸兔藏，六辛乘骏马"))
    # 「易筮不分阴阳」: the 天乙贵人 is both series, whatever the hour (V24).
    expected = {s: derived[s] | yin[s] for s in ST}
    assert by_day_stem("天乙贵人") == expected
    assert expected["甲"] == {"未", "丑"} and expected["丙"] == {"酉"}
    for s in ST:
        assert on("天乙贵人", "日", day_stem=s, hour="子") == on("天乙贵人", "日", day_stem=s, hour="午") == expected[s]


def test_fortune_star_is_the_food_god_in_the_five_dun():
    # 「甲之五遁，丙为食神，故寅为福；乙之五遁，丁为食神，丑亥为福星也」: the stem two on (the one the
    # day stem generates, same polarity), wherever the day's 五遁 puts it.
    derived = {s: {b(k) for k in range(12) if dun(s, k) == ST[(ST.index(s) + 2) % 10]} for s in ST}
    assert derived["甲"] == {"寅"} and derived["乙"] == {"丑", "亥"}
    assert derived == stem_song(song("40.8", "甲虎乙猪牛，丙同犬鼠游，丁鸡戊猴走，己羊庚马头，辛蛇癸逐兔，壬日占龙楼"))
    assert by_day_stem("福星贵人") == derived


def test_kitchen_star_is_the_lu_of_the_lu():
    # 「甲之五遁，禄于丙寅，寅上之丙，复禄于巳，故甲以巳为天厨」
    derived = {s: {lu(dun(s, ix(lu(s))))} for s in ST}
    assert derived["甲"] == {"巳"} and derived["癸"] == {"亥"}
    assert derived == stem_song(song("40.8", "甲丁蛇位号天厨，丙鼠壬鸡癸伴猪，乙戊辛干皆向马，己猴庚虎福神殊"))
    assert by_day_stem("天厨贵人") == derived


def test_wenchang_three_past_the_lu_but_never_on_the_throne():
    # 「甲禄在寅，逾三位而巳是也。辛则不然，逾三位而当子，子为帝座 … 辛以戌为文昌也」
    derived = {s: {b(ix(lu(s)) + 3)} for s in ST}
    assert [s for s in ST if derived[s] == {"子"}] == ["辛"]
    derived["辛"] = {"戌"}
    assert derived == stem_song(song("40.11", "甲蛇乙马号文昌，丁己寻鸡辛犬方，庚猪癸兔壬从虎，丙戊扬猴最吉祥"))
    assert by_day_stem("文昌") == derived


def test_yang_blade_counts_backward_for_yin_stems():
    # 「禄前一位为羊刃，如甲禄在寅，则右顺卯为羊刃，乙禄到卯，则左逆寅为羊刃」 (V26)
    derived = {s: {b(ix(lu(s)) + (1 if ST.index(s) % 2 == 0 else -1))} for s in ST}
    assert derived == {"甲": {"卯"}, "乙": {"寅"}, "丙": {"午"}, "丁": {"巳"}, "戊": {"午"},
                       "己": {"巳"}, "庚": {"酉"}, "辛": {"申"}, "壬": {"子"}, "癸": {"亥"}}
    # the 法: 「乙逢寅动当为刃，辛见申摇岂不凶，丁己忌巳癸忧亥」
    song("40.30", "乙逢寅动当为刃，辛见申摇岂不凶，丁己忌巳癸忧亥")
    assert by_day_stem("羊刃") == derived
    # 近世's 「乙禄到卯，辰为羊刃」 is what the book corrects.
    assert "辰" not in on("羊刃", "日", day_stem="乙")


def test_joy_spirit_is_the_bing_of_the_five_dun_in_its_quarter():
    # 「甲己五遁得丙寅，则喜神在寅也，乙庚五遁得丙戌，则喜神在戌矣」; the 法's quarters decide
    # between two 丙 (乙庚: 丙子 and 丙戌 → 乾).
    song("40.14", "甲己东北乙庚乾，丙辛独位向坤言，丁壬二日离宫上，戊癸东南喜事连")
    quarter = {"东北": "丑寅", "乾": "戌亥", "坤": "未申", "离": "午", "东南": "辰巳"}
    said = {"甲": "东北", "己": "东北", "乙": "乾", "庚": "乾", "丙": "坤", "辛": "坤",
            "丁": "离", "壬": "离", "戊": "东南", "癸": "东南"}
    derived = {s: {b(k) for k in range(12) if dun(s, k) == "丙" and b(k) in quarter[said[s]]} for s in ST}
    assert all(len(v) == 1 for v in derived.values())
    assert by_day_stem("喜神") == derived


def test_road_cut_void_is_where_the_dun_puts_ren_gui():
    # 「甲己五遁，壬癸加申酉，故申酉为绝路」: the first 壬 and 癸 of the day's 遁 from 子 (戊癸's 遁
    # meets them again on 戌 亥; the 法 has 「戊癸子丑」).
    derived = {s: {b(next(k for k in range(12) if dun(s, k) == g)) for g in "壬癸"} for s in ST}
    assert derived["甲"] == {"申", "酉"} and derived["戊"] == {"子", "丑"}
    assert by_day_stem("绝路空") == derived


def test_five_talismans_from_the_lu_yang_forward_yin_backward():
    names = ["五符", "天曹", "地符", "风伯", "雷公", "雨师", "风云", "堂符", "国印", "天关", "地匣", "陀罗"]
    for s in ST:
        step = 1 if ST.index(s) % 2 == 0 else -1
        for k, name in enumerate(names):
            assert on(name, "日", day_stem=s) == {b(ix(lu(s)) + step * k)}, (s, name)
    # 「寅乃五符 … 亥为天关，子为地匣 … 故终天贼，又名陀罗星」 (甲)
    assert on("天关", "日", day_stem="甲") == {"亥"} and on("地匣", "日", day_stem="甲") == {"子"}
    assert on("陀罗", "日", day_stem="甲") == {"丑"}
    # V27: the 五符 series' 天贼 is 陀罗, never the 满破开 天贼 (a month star).
    assert not on("天贼", "日", day_stem="甲")


# ---------------------------------------------------------------- the month formulas

def test_heaven_virtue_and_moon_virtue():
    assert by_month("天德") == from_first_month("亥", 1)   # 「天德之星，正月起亥而顺行」
    assert by_month("月德") == from_first_month("未", 1)   # 「月德自未而顺行」


def test_stem_heaven_virtue_as_its_mnemonic_gives_it():
    text = song("40.3", "正丁二申宫，三壬四辛同，五亥六甲上，七癸八寅从，九丙十居乙，子巳丑庚逢")
    keys = "正二三四五六七八九十子丑"
    derived, pos = {}, 0
    for i, key in enumerate(keys):
        pos = text.index(key, pos) + 1
        while text[pos] not in ST + BR:
            pos += 1
        derived[MONTHS[i]] = text[pos]
        pos += 1
    # 40.4 spells four of them out: 寅 丁, 辰 壬, 巳 辛, 未 甲; and 「坤乾艮巽，即申亥寅巳尔」.
    assert [derived[m] for m in "寅辰巳未"] == list("丁壬辛甲")
    assert [derived[m] for m in "卯午酉子"] == list("申亥寅巳")
    # 40.4 withdraws those four branches for stems: 「坤乾艮巽，即申亥寅巳尔……故不列天德也，此法用天干」 --
    # 「卯内人元癸，天与阳贵坤中壬水助之」, 「午内乙，天与阳贵乾中甲木助之」, 「余六位仿此」: the yang stem born
    # at the corner (壬 at 申, 甲 at 亥, 丙 at 寅, 庚 at 巳).
    stems = dict(zip("卯午酉子", "壬甲丙庚"))
    for m in MONTHS:
        assert on("天干天德", "月", month=m) == {stems.get(m, derived[m])}


def test_stem_moon_virtue_and_month_void_by_frame():
    # 「天干月德寅午戌建而举丙，亥卯未建而举甲，巳酉丑月德在庚，申子辰月德在壬」
    virtue = {"火": "丙", "木": "甲", "金": "庚", "水": "壬"}
    # 「寅午戌月壬废为月空 … 亥卯未月庚废戌煞，申子辰月丙废未煞，巳酉丑月甲废辰煞」; 「空衰为月煞」
    void = {"火": "壬", "木": "庚", "水": "丙", "金": "甲"}
    stem_phase = dict(zip(ST, "木木火火土土金金水水"))
    for m in MONTHS:
        assert on("天干月德", "月", month=m) == {virtue[frame(m)]}
        assert on("月空", "月", month=m) == {void[frame(m)]}
        # the 月煞 of 40.23: where the 月空 stem's phase is 衰 (壬水衰于丑)
        assert stage(stem_phase[void[frame(m)]], "衰") in on("月煞", "月", month=m)


def test_heaven_and_earth_wealth_two_a_month():
    # 「正月以辰为天财，巳为地财，顺而终之」: the pair moves two places a month (子午鼠牛 …)
    for i, m in enumerate(MONTHS):
        assert on("天财", "月", month=m) == {b(ix("辰") + 2 * i)}
        assert on("地财", "月", month=m) == {b(ix("巳") + 2 * i)}


def test_heaven_horse_runs_the_qian_lines_from_the_fourth():
    # 「正月用乾四爻为天马，二月五爻申，循环用之」: 乾 纳 子 寅 辰 午 申 戌 from the bottom.
    qian = "子寅辰午申戌"
    for i, m in enumerate(MONTHS):
        assert on("天马", "月", month=m) == {qian[(3 + i) % 6]}


def test_the_general_star_series_and_the_post_horse():
    # 「故亥卯未，将星在卯，而攀辰鞍，驾巳马，马前六害 … 害前华盖 … 将后为七煞，自申至寅七位是也」
    series = ["将星", "攀鞍", "驿马", "六害", "华盖", "劫煞", "灾煞", "天煞", "地煞", "年煞", "月煞", "亡人煞"]
    for m in MONTHS:
        centre = stage(frame(m), "帝旺")  # 「将星法起中神」
        for k, name in enumerate(series):
            assert b(ix(centre) + k) in on(name, "月", month=m), (m, name)
    assert on("将星", "月", month="卯") == {"卯"} and on("华盖", "月", month="卯") == {"未"}
    assert on("亡人煞", "月", month="卯") == {"寅"}
    # 40.13's 法 for 驿马 agrees: 「寅午戌马居申，亥卯未马在巳，申子辰成居寅，巳酉丑马在亥」
    horse = {"火": "申", "木": "巳", "水": "寅", "金": "亥"}
    assert by_month("驿马") == {m: {horse[frame(m)]} for m in MONTHS}
    # the 驿马 is the clash of the frame's birth
    assert all(horse[p] == clash(BIRTH[p]) for p in horse)


def test_heaven_joy_is_completion_and_not_the_physician():
    # 「寅到戌而成，卯至亥而成，辰至子而成」; 法 「春戌夏丑为天喜，秋辰冬未三三指」
    start = dict(zip(SEASONS, "戌丑辰未"))
    joy = {m: {b(ix(start[season(m)]) + MONTHS.index(m) % 3)} for m in MONTHS}
    assert joy == {m: {b(ix(m) + 8)} for m in MONTHS}
    assert by_month("天喜") == joy
    # 天医 (V25): the first 丁 of the month's 五虎遁 (正月 甲, 二月 乙 …), never on 酉 (佛境) but 丑.
    physician = {}
    for i, m in enumerate(MONTHS):
        s = i % 10
        j = next(j for j in range(12) if (2 * s + 2 + j) % 10 == ST.index("丁"))
        branch = b(ix("寅") + j)
        physician[m] = {"丑" if branch == "酉" else branch}
    assert physician["寅"] == {"卯"} and physician["辰"] == {"丑"}
    assert by_month("天医") == physician
    assert by_month("天医") != by_month("天喜")   # 「发微通书，以天喜为天医误矣」
    assert by_month("活曜") == from_first_month("卯", 1)


def test_thunder_fire_net_banner_ears_eyes():
    # 「其法正寅二亥，三申四巳，循环三复是焉。然网罗同之」
    thunder = {m: {b(ix("寅") - 3 * i)} for i, m in enumerate(MONTHS)}
    assert by_month("雷火") == thunder == by_month("网罗")
    # 「寅午戌月起于寅，申子辰月起于申」
    assert all(thunder[m] == {"寅"} for m in "寅午戌") and all(thunder[m] == {"申"} for m in "申子辰")
    # 旌旗: 「故起卯，逆征四圉」: 卯 子 酉 午 season by season.
    for q, m in zip(SEASONS, "寅巳申亥"):
        assert on("旌旗", "月", month=m) == {b(ix("卯") - 3 * SEASONS.index(q))}
    # 天目 「始天门，从亥申巳寅为次」; 天耳 「始地户，从巳寅亥申为次」
    for k, q in enumerate(SEASONS):
        for m in MONTHS[3 * k:3 * k + 3]:
            assert on("天目", "月", month=m) == {"亥申巳寅"[k]}
            assert on("天耳", "月", month=m) == {"巳寅亥申"[k]}


def test_hunting_and_herding_stars():
    assert by_month("天罡煞") == {m: {b(ix("寅") + i % 4)} for i, m in enumerate(MONTHS)}  # 寅卯辰巳 ×3
    assert by_month("天犬") == from_first_month("戌", 1)
    assert by_month("天猪") == from_first_month("亥", -1)
    assert by_month("天鼠") == from_first_month("子", -1)
    assert by_month("天牛") == from_first_month("丑", -1)


def test_snake_hidden_metal_and_smash():
    assert by_month("大腾蛇") == from_first_month("辰", -1)   # 「正月自辰起逆行」
    assert by_month("暗金") == {m: {"巳酉丑"[i % 3]} for i, m in enumerate(MONTHS)}
    # 破碎 「以丑酉巳，自丑月起四轮复」
    assert by_month("破碎") == {m: {"丑酉巳"[(i + 1) % 3]} for i, m in enumerate(MONTHS)}
    assert all(on("破碎", "月", month=m) == {"丑"} for m in "辰戌丑未")


def test_wastes_and_wilderness():
    assert by_month("大耗") == from_first_month("申", 1)   # 「正月起申顺行为大耗」
    assert all(on("大耗", "月", month=m) == {clash(m)} for m in MONTHS)   # 「月破曰耗」
    assert by_month("小耗") == from_first_month("未", 1)
    # 荒芜 「春巳酉丑，夏辰申子，秋卯未亥，冬寅午戌」
    frames = dict(zip(SEASONS, ["巳酉丑", "辰申子", "卯未亥", "寅午戌"]))
    assert by_month("荒芜") == {m: set(frames[season(m)]) for m in MONTHS}


def test_heaven_thief_full_broken_open_and_its_dog():
    # 「春之天贼，辰满酉破寅开也，秋之天贼，戌满卯破申开也」: the 满 of the first month of a season,
    # the 破 of the second, the 开 of the third (建除: 满 = 建 + 2, 破 = 建 + 6, 开 = 建 + 10).
    thief = {m: {b(ix(m) + (2, 6, 10)[MONTHS.index(m) % 3])} for m in MONTHS}
    assert [thief[m] for m in "寅卯辰"] == [{"辰"}, {"酉"}, {"寅"}]
    assert [thief[m] for m in "申酉戌"] == [{"戌"}, {"卯"}, {"申"}]
    assert by_month("天贼") == thief
    # 天狗 「随贼而吠 … 其义欲除之、执之、收之」: the 除 执 收 places (建 + 1, + 5, + 9), one behind the
    # thief's 满 破 开; from there it clashes the thief's next place (「天狗随之冲击也」).
    song("40.24", "其义欲除之、执之、收之")
    dog = {m: {b(ix(m) + (1, 5, 9)[MONTHS.index(m) % 3])} for m in MONTHS}
    assert [dog[m] for m in "寅卯辰"] == [{"卯"}, {"申"}, {"丑"}]
    assert by_month("天狗") == dog
    for i, m in enumerate(MONTHS):
        assert {clash(x) for x in dog[m]} == thief[MONTHS[(i + 1) % 12]]
    # not the thief's own clash (成 建 定: 寅月 戌), the modern translation's reading
    assert "戌" not in on("天狗", "月", month="寅")
    assert by_month("地贼") == from_first_month("丑", -1)
    assert by_month("天烛") == from_first_month("巳", 1)
    # 天火 「以寅午戌月火局胎于子 … 四域，子午卯酉四正也，五九月又起子」
    assert by_month("天火") == {m: {"子卯午酉"[i % 4]} for i, m in enumerate(MONTHS)}


def test_life_death_and_the_hammer_gate_officer():
    assert by_month("生气") == from_first_month("子", 1)
    assert by_month("死气") == from_first_month("午", 1) == by_month("死气官符")
    # 「死气及官符从午顺行」: the month's 官符 is the 死气官符 under its short name; the year's 官符
    # (40.42, 太岁 + 4) stays apart by its pillar.
    assert by_month("官符") == by_month("死气官符")
    assert on("官符", "年", year="子", month="寅") == {"辰"} and on("官符", "月", year="子", month="寅") == {"午"}
    # 锤门官符: 「用艮卦自上而下」: 艮 纳 辰 午 申 戌 子 寅 from the bottom, read top down.
    gen = "辰午申戌子寅"[::-1]
    assert by_month("锤门官符") == {m: {gen[i % 6]} for i, m in enumerate(MONTHS)}


def test_prisons_blood_and_the_dark_sha():
    assert by_month("天狱") == {m: {stage(frame(m), "绝")} for m in MONTHS}   # 「绝为天狱」
    assert by_month("地狱") == from_first_month("戌", -1)                     # 「地狱自正月起戌逆行」
    # 「故正三五七九鼠月，以丑寅卯辰巳午为血刃 … 故二四六八十腊月，以未申酉戌亥子为血忌」
    for i, m in enumerate(MONTHS):
        if i % 2 == 0:
            assert on("血刃", "月", month=m) == {"丑寅卯辰巳午"[i // 2]} and not on("血忌", "月", month=m)
        else:
            # 「血忌之星同血刃」 (40.30): the even months' 血忌 is the 血刃 under its second name.
            assert on("血忌", "月", month=m) == on("血刃", "月", month=m) == {"未申酉戌亥子"[i // 2]}
    # 阴煞 「正月起坎之初爻，循环上下」: 坎 纳 寅 辰 午 申 戌 子.
    assert by_month("阴煞") == {m: {"寅辰午申戌子"[i % 6]} for i, m in enumerate(MONTHS)}


def test_snap_bath_and_peach_blossom():
    assert by_month("折煞") == {m: {stage(frame(m), "死")} for m in MONTHS}   # 「死而折之」
    # 浴盆 「春木养戌，而辰折之」: the clash of the season phase's 养
    assert by_month("浴盆煞") == {m: {clash(stage(SEASON_PHASE[season(m)], "养"))} for m in MONTHS}
    # 咸池 「以沐浴为桃花」, 「寅午戌月火局沐浴于卯」
    assert by_month("咸池") == {m: {stage(frame(m), "沐浴")} for m in MONTHS}


def test_mourning_stars():
    # 天哭 「正未二申三酉四戌，五复未而再三」
    assert by_month("天哭") == {m: {"未申酉戌"[i % 4]} for i, m in enumerate(MONTHS)}
    # 丧门 「当墓」, 吊客 「扣墓」 (冲): 「如正月戌为丧门，则辰为吊客」
    for m in MONTHS:
        grave = stage(frame(m), "墓")
        assert on("丧门", "月", month=m) == {grave}
        assert on("吊客", "月", month=m) == {clash(grave)}
        phase = SEASON_PHASE[season(m)]
        # 丧车 「以绝位为亡人，所乘者，乃丧车也。盖冬水以巳绝，乘午为丧车」
        assert on("丧车", "月", month=m) == {b(ix(stage(phase, "绝")) + 1)}
        # 五墓 「即墓神也」; 三坵 the third earth from it 「自未戌数丑日第三」
        assert on("五墓", "月", month=m) == {stage(phase, "墓")}
        assert on("三坵", "月", month=m) == {b(ix(stage(phase, "墓")) + 6)}


def test_lonely_widowed_and_locks():
    # 「近前曰孤，近后曰寡 … 寅卯辰月，巳孤丑寡也」: the branch after and before the season's three.
    for k, q in enumerate(SEASONS):
        for m in MONTHS[3 * k:3 * k + 3]:
            first = MONTHS[3 * k]
            lonely, widow = b(ix(first) + 3), b(ix(first) - 1)
            assert on("孤", "月", month=m) == {lonely}
            assert on("寡", "月", month=m) == {widow}
            assert on("关锁", "月", month=m) == {lonely, widow}
    assert "亥" in on("关锁", "月", month="申")   # 「申酉戌月，亥关锁也」


def test_going_to_ruin_returning_ships_and_waves():
    # 往亡 「正月起寅顺行 … 直游巳申亥而返卯 … 直游午酉子而返辰 … 直游未戌丑而穷焉」
    route = [b(ix(start) + 3 * j) for start in "寅卯辰" for j in range(4)]
    assert by_month("往亡") == {m: {route[i]} for i, m in enumerate(MONTHS)}
    # 归忌 「子月当子而反孟寅，丑月当丑而反仲子，寅月当寅而反季丑 … 后三巡亦然」
    back = {0: "丑", 1: "寅", 2: "子"}  # 孟 仲 季 months
    assert by_month("归忌") == {m: {back[MONTHS.index(m) % 3]} for m in MONTHS}
    assert by_month("覆舟") == from_first_month("申", 1)
    assert by_month("白浪") == from_first_month("寅", 1)


def test_moon_release_and_scatter():
    # 「自戌而辉，行南周天之半 … 故九十月在午，正二月在申也」: from 午 in the ninth month, one place
    # every two months, over the half circle 午 … 亥.
    ninth = MONTHS.index("戌")
    assert by_month("月解") == {m: {b(ix("午") + (i - ninth) % 12 // 2)} for i, m in enumerate(MONTHS)}
    # 喝散 「冲断生根」: the clash of the season phase's 长生
    assert by_month("喝散") == {m: {clash(BIRTH[SEASON_PHASE[season(m)]])} for m in MONTHS}
    # 天解 春寅 夏巳 秋申 冬亥: the season's first branch
    assert by_month("天解") == {m: {MONTHS[3 * (MONTHS.index(m) // 3)]} for m in MONTHS}


def test_three_enclosures_and_the_generals():
    assert by_month("紫微垣") == from_first_month("子", 1)
    assert by_month("天市垣") == from_first_month("寅", 1)
    assert by_month("太微垣") == from_first_month("巳", 1)
    assert by_month("天罡") == from_first_month("巳", 1)   # 「天罡正月起巳顺行」
    assert by_month("河魁") == from_first_month("亥", 1)   # the seventh of the twelve generals
    assert by_month("飞廉") == from_first_month("申", -1)  # 月上飞廉
    assert by_month("五鬼") == from_first_month("寅", -1)  # 月上五鬼


# ---------------------------------------------------------------- year, hour and day

def test_year_spirits():
    order = ["太岁", "太阳", "丧门", "太阴", "官符", "死符", "岁破", "龙德", "白虎", "福德", "吊客", "病符"]
    for year in BR:
        for k, name in enumerate(order):
            assert on(name, "年", year=year) == {b(ix(year) + k)}
    # 40.42 for the 子 year: 丧门 寅 (鬼路), 白虎 申 (神门), 官符 辰, 死符 巳, 病符 亥 …
    assert {n: on(n, "年", year="子") for n in ["丧门", "白虎", "官符", "吊客", "死符", "病符"]} == {
        "丧门": {"寅"}, "白虎": {"申"}, "官符": {"辰"}, "吊客": {"戌"}, "死符": {"巳"}, "病符": {"亥"}}
    for attached, host in [("飞廉", "白虎"), ("五鬼", "官符"), ("栏杆", "岁破"), ("天狗", "吊客")]:
        assert on(attached, "年", year="午") == on(host, "年", year="午")
    # without a year, no year star (the month's 飞廉 stays)
    assert not on("白虎", "年", month="寅") and on("飞廉", "月", month="寅")


def test_broken_army_by_month_and_hour():
    # 「如寅建午时占，以戌加寅起至午时在戌，以戌上为破军，亥是左辅，子是右弼也」
    assert on("破军", "时", month="寅", hour="午") == {"戌"}
    assert on("左辅", "时", month="寅", hour="午") == {"亥"}
    assert on("右弼", "时", month="寅", hour="午") == {"子"}
    for m in MONTHS:
        for h in BR:
            assert on("破军", "时", month=m, hour=h) == {b(ix(m) + ix(h) - ix("戌"))}
    assert not on("破军", "时", month="寅")   # no hour, no 九曜


def heavenly_officer(year: str, month: str) -> str:
    """40.25/40.27: the year frame's 临官 month in the 中宫, two more (乾 兑), then from the 中宫 again
    round the nine palaces: 中 乾 兑 艮 离 坎 坤 震 巽."""
    order = ["中宫", "乾", "兑", "艮", "离", "坎", "坤", "震", "巽"]
    first = stage(frame(year), "临官")
    k = (ix(month) - ix(first)) % 12
    return order[k] if k < 3 else order[k - 3]


def test_heavenly_officer_talisman():
    # 40.27's 子 year, month by month: 「十月在中宫 … 十一月在乾，十二月在兑 … 正月入中宫，二月乾，三月兑，
    # 四月艮，五月离，六坎，七坤，八震，九巽」
    said = dict(zip("亥子丑寅卯辰巳午未申酉戌", ["中宫", "乾", "兑", "中宫", "乾", "兑", "艮", "离", "坎", "坤", "震", "巽"]))
    assert {m: heavenly_officer("子", m) for m in MONTHS} == said
    for year in "子午卯酉丑":
        for m in MONTHS:
            assert on("天官符", "年", year=year, month=m) == {heavenly_officer(year, m)}
    assert not on("天官符", "年", month="申")


def crane_quarter(ordinal: int) -> str | None:
    """40.39: from 己酉 (46): 艮 6 days, 震 5, 巽 6, 离 5, 坤 6, 兑 5, 乾 6, 坎 5, then in heaven."""
    k = (ordinal - 46) % 60
    for quarter, days in [("艮", 6), ("震", 5), ("巽", 6), ("离", 5), ("坤", 6), ("兑", 5), ("乾", 6), ("坎", 5)]:
        if k < days:
            return quarter
        k -= days
    return None


def test_crane_spirit():
    assert crane_quarter(30) is None and crane_quarter(29) == "坎"   # 「第四十五日上天」: 癸巳
    for n in range(1, 61):
        stem, branch = ST[(n - 1) % 10], BR[(n - 1) % 12]
        found = on("鹤神", "日", day_stem=stem, day_branch=branch)
        expected = crane_quarter(n)
        assert found == ({expected} if expected else set()), (stem + branch, found)
    assert on("鹤神", "日", day_stem="己", day_branch="酉") == {"艮"}   # 「始践于艮」
    assert not on("鹤神", "日", day_stem="戊", day_branch="申")         # 「戊申居中」


def test_heavenly_pardon_is_a_day():
    pardoned = lambda m, s, br: any(f.predicate == "日值星" for f in stars(month=m, day_stem=s, day_branch=br))
    assert pardoned("子", "甲", "子") and pardoned("寅", "戊", "寅") and pardoned("午", "甲", "午")
    assert pardoned("申", "戊", "申")
    assert not pardoned("午", "甲", "子") and not pardoned("子", "戊", "寅")


# ---------------------------------------------------------------- on the chart

def chart_result(hexagram=None, lines=None, extra=(), **moment):
    e = rulebook()
    the_cast = yimao.cast(hexagram=hexagram, lines=lines)
    return e.evaluate(base_facts(e, the_cast, yimao.moment(**moment)) + list(extra))


def holds(result, predicate, *values):
    return Fact(predicate, values) in set(result.facts(predicate))


def test_heaven_virtue_stem_on_a_moving_line():
    # 40.4: 「如寅建丁亥子孙发动，以丁为天德也，利用防非」: 兑为泽, line 4 丁亥 (子孙 of metal) moving.
    r = chart_result(lines="778978", month="寅", day="甲子")
    assert holds(r, "星临", 4, "本", "天干天德", "月")
    assert holds(r, "星兆", 4, "天干天德", "防非")
    assert holds(r, "星临", 5, "本", "天干天德", "月")         # 丁酉 carries it too, but is static:
    assert not holds(r, "星兆", 5, "天干天德", "防非")
    # 卯: the mnemonic's 申 (坤) is withdrawn by 40.4 (「故不列天德也」), so line 4's change into
    # 戊申 carries no 天德 on any layer.
    r = chart_result(lines="778978", month="卯", day="甲子")
    assert not [f for f in r.facts("星临") if f.values[2] == "天干天德"]
    assert not [f for f in r.facts("星") if f.values[0] == "天干天德"]


def test_the_book_case_of_line_1375():
    # ch. 47: 「如丙戌子建戊申日 … 占身得小过之艮 … 其午上有天贼元武羊刃大白虎之临」
    r = chart_result(hexagram="小过之艮", year="丙戌", month="子", day="戊申")
    for star, pillar in [("天贼", "月"), ("羊刃", "日"), ("白虎", "年")]:
        assert holds(r, "星临", 4, "本", star, pillar)
        assert holds(r, "星动", 4, star, pillar)           # line 4 (庚午) moves
        assert holds(r, "星临", 2, "本", star, pillar)     # line 2 is 午 too, but static:
        assert not holds(r, "星动", 2, star, pillar)       # 「各伺其动，不动则不伺也」
    assert not holds(r, "星临", 3, "本", "天贼", "月")


def test_yang_blade_on_the_chart_for_a_yin_stem():
    # 泽雷随 (inner 震 子 寅 辰): on an 乙 day the 刃 is 寅 (line 2), not 辰 (line 3).
    r = chart_result(hexagram="随", month="寅", day="乙丑")
    assert holds(r, "星临", 2, "本", "羊刃", "日")
    assert not holds(r, "星临", 3, "本", "羊刃", "日")


def test_heavenly_officer_with_a_moving_ghost_in_kun():
    # 40.27: 「设如七月占，若鬼动坤宫，为天官符也」: 子 year, 申 month, 坤为地 with line 3 (乙卯, 官鬼) moving.
    r = chart_result(lines="886888", year="甲子", month="申", day="甲子")
    assert holds(r, "星临", 3, "本", "天官符", "年")
    assert holds(r, "星兆", 3, "天官符", "词讼")
    assert not holds(r, "星兆", 2, "天官符", "词讼")             # 乙巳 is not a ghost and does not move
    r = chart_result(lines="886888", year="甲子", month="酉", day="甲子")   # 八月: 震
    assert not holds(r, "星兆", 3, "天官符", "词讼")


def test_the_stars_only_ride_on_the_use_god():
    r = chart_result(hexagram="小过之艮", year="丙戌", month="子", day="戊申",
                     extra=[Fact("用神", (4, "本"))])
    assert holds(r, "用神星", 4, "本", "天贼", "月")
    assert not [f for f in r.facts("用神星") if f.values[0] != 4]


def test_heaven_dog_behind_the_thief_on_the_chart():
    # 40.24 「随贼而吠，天狗也，其义欲除之、执之、收之」: 否 (未 巳 卯 / 午 申 戌) in a 寅 month: the thief
    # on 辰 (满), the dog on 卯 (除), line 3; not on 戌, the thief's clash (line 6).
    r = chart_result(hexagram="否", month="寅", day="甲子")
    assert holds(r, "星临", 3, "本", "天狗", "月")
    assert not holds(r, "星临", 6, "本", "天狗", "月")
    # a 卯 month: thief 酉 (破), dog 申 (执), line 5.
    r = chart_result(hexagram="否", month="卯", day="甲子")
    assert holds(r, "星临", 5, "本", "天狗", "月") and not holds(r, "星临", 3, "本", "天狗", "月")


def test_blood_taboo_is_the_blood_blade_of_the_even_months():
    # 40.28/40.30 「血忌之星同血刃」: in a 卯 month the 血忌 on 未 is the 血刃 (否 line 1); in 寅 the 血刃
    # is on 丑, which 否 lacks.
    r = chart_result(hexagram="否", month="卯", day="甲子")
    assert holds(r, "星临", 1, "本", "血刃", "月") and holds(r, "星临", 1, "本", "血忌", "月")
    r = chart_result(hexagram="否", month="寅", day="甲子")
    assert not [f for f in r.facts("星临") if f.values[2] == "血刃"]


def household_troubles(hexagram: str, month: str) -> set[str]:
    j = yimao.judge(question="家宅.灾祥", hexagram=hexagram, month=month, day="甲子")
    return set(next(a["answer"] for a in j.answers() if "宅灾(象)" in a["axis"]).split("、"))


def test_the_even_months_blood_blade_reaches_the_household():
    # 51.11 「血刃主血疾」, 「忌其持世」: 噬嗑 (巽宫五世) holds the 世 on 己未; a 卯 month's 血忌 未 is
    # the 血刃 (40.30), so the household fears 血疾; in a 寅 month (血刃 丑) it does not.
    assert "血疾" in household_troubles("噬嗑", "卯")
    assert "血疾" not in household_troubles("噬嗑", "寅")


def test_the_month_officer_talisman_reaches_the_household():
    # 40.27 「死气及官符从午顺行」: in a 寅 month the month's 官符 is on 午, 无妄's 世 (壬午), and 51.11's
    # 「官符天狱主讼狱」 with 「忌其持世」 shows; in a 巳 month (官符 酉, no 酉 line) it does not.  No year
    # is given, so the year's 官符 (40.42) plays no part.
    r = chart_result(hexagram="无妄", month="寅", day="甲子")
    assert holds(r, "星临", 4, "本", "官符", "月") and not [f for f in r.facts("星") if f.values[2] == "年"]
    assert "讼狱" in household_troubles("无妄", "寅")
    assert "讼狱" not in household_troubles("无妄", "巳")


def test_a_moving_yang_blade_is_baleful():
    # 40.30 「乙逢寅动当为刃，辛见申摇岂不凶」: 随 (庚子 庚寅 庚辰 / 丁亥 丁酉 丁未) on an 乙 day, the blade 寅
    # on line 2.  Moving (768778), it portends 凶; static, the star is there but not watched.
    r = chart_result(lines="768778", month="寅", day="乙丑")
    assert holds(r, "星临", 2, "本", "羊刃", "日") and holds(r, "星兆", 2, "羊刃", "凶")
    r = chart_result(hexagram="随", month="寅", day="乙丑")
    assert holds(r, "星临", 2, "本", "羊刃", "日") and not [f for f in r.facts("星兆") if f.values[1] == "羊刃"]
    # on a 甲 day the blade is 卯, which 随 lacks: nothing on line 2 even when it moves.
    r = chart_result(lines="768778", month="寅", day="甲子")
    assert not holds(r, "星兆", 2, "羊刃", "凶")


# --- 40.44: 「必以用神为主而星辅之，吉以益其吉，凶以甚其凶」 ------------------------------------------

RIDERS = ("星辅.", "神辅.")  # the rulings that ride on the 用神's grade: stars (40.44) and spirits (7.6)

def star_rulings(judgement) -> list[str]:
    return [v["text"] for v in judgement.verdicts() if v["rule"].startswith("星辅.")]


def first_answer(judgement) -> dict:
    return judgement.to_dict()["answers"][0]


def test_a_lucky_star_on_the_moving_use_god_adds_to_its_good():
    # 地雷复: the 世 on line 1 (庚子, moving) is the 用神 of 疾病 asked for oneself, graded 有玷 (月克
    # 日生); in the 未 month the 月德 stands on it.
    j = yimao.judge(question="疾病", lines="966886", month="未", day="丁酉")
    assert star_rulings(j) == ["用神1爻半吉，动临吉星月德（月星，尊）：吉以益其吉"]
    answer = first_answer(j)
    assert answer["answer"] == "愈"
    assert "星辅.益吉" in [r["rule"] for r in answer["supported_by"]]  # it supports, never decides
    # the same line still: 「各伺其动，不动则不伺也」 (the moving 上爻 keeps its own 文昌, 47.14)
    still = star_rulings(yimao.judge(question="疾病", lines="866886", month="未", day="丁酉"))
    assert not [t for t in still if t.startswith("用神1爻")]


def test_a_baleful_star_on_a_fallen_moving_use_god_adds_to_its_bad():
    # 师 (坎宫): the moving 午 妻财 of line 3, broken by the 子 month, asked by a man of his match (asked
    # for profit, 67.9's 「财爻破，得补则复」 would answer 得 when it is mended)
    j = yimao.judge(question="婚姻", asker="男", lines="896888", month="子", day="戊申")
    assert star_rulings(j) == ["用神3爻凶陷，动临凶星天贼（月星，尊）：凶以甚其凶",  # 47.14 「羊刃天贼……有凶」
                               "用神3爻凶陷，动临凶星羊刃（日星，尊）：凶以甚其凶"]
    answer = first_answer(j)
    assert answer["answer"] == "凶" and "用神断.凶陷" in [r["rule"] for r in answer["decided_by"]]
    assert "星辅.甚凶" in [r["rule"] for r in answer["supported_by"]]


def test_a_star_counts_only_for_its_kind_of_matter():
    # 暗金 is dreaded for a woman in childbirth (「产妇」, 40.26): it adds to a fallen 用神 in 胎产
    # and in no other question (「多视其类，非类则弗亲也」).
    births = yimao.judge(question="胎产", lines="778886", month="卯", day="甲子")
    assert "用神6爻凶陷，动临凶星暗金（月星，尊）：凶以甚其凶" in star_rulings(births)
    r = yimao.judge(question="疾病", lines="778886", month="卯", day="甲子").chart.result
    assert ("暗金", "胎产", "凶") not in {f.values for f in r.facts("星宜")}
    assert not any(v[0] == "暗金" for v in (f.values for f in r.facts("星宜")))


def test_a_star_never_leans_against_the_use_gods_grade():
    # 42.16 「贵人见而官文两陷，未遂凌云」: 天干天德 and 天干月德 on the moving, scattered 用神 (凶陷)
    # mend nothing; 丧车 and 羊刃 (baleful) on a good moving 用神 take nothing away.
    fallen = yimao.judge(question="疾病", lines="986979", month="辰", day="癸卯")
    assert {("天干天德", "疾病", "吉"), ("天干月德", "疾病", "吉")} <= {f.values for f in fallen.chart.result.facts("星宜")}
    assert star_rulings(fallen) == []
    good = yimao.judge(question="疾病", lines="686896", month="申", day="甲寅")
    assert all("甚其凶" not in text for text in star_rulings(good))


def test_star_and_spirit_rulings_support_answers_but_never_turn_one():
    """Over seeded random charts, weighing without the 星辅 (40.44) and 神辅 (7.6) rulings gives the
    same answers."""
    import random

    from yimao.answers import Weigher

    rng = random.Random(4044)
    questions = ["疾病", "求财", "功名", "胎产", "医药", "出行", "行人", "抚养", "六畜", "婚姻"]
    seen = 0
    for _ in range(60):
        lines = "".join(rng.choice("6789") for _ in range(6))
        k = rng.randrange(60)
        j = yimao.judge(question=rng.choice(questions), lines=lines, month=b(rng.randrange(12)), day=ST[k % 10] + b(k))
        result = j.chart.shown
        if not any(c.rule.startswith(RIDERS) for c in result.conclusions):
            continue
        seen += 1
        weigher = Weigher(result.program.method, j.question.name, j.question.sub, j._facts_of)
        without = weigher.answers(tuple(c for c in result.conclusions if not c.rule.startswith(RIDERS)))
        assert [(a.axis.name, a.word, a.side) for a in without] == [(a.axis.name, a.word, a.side) for a in j.weighed()]
    assert seen >= 10


def test_what_overrules_the_use_gods_grade_overrules_its_star():
    # 56.2 专重用神 sets 疾病.用生 (a day, month or change that saves the 用神) over the 凶陷 grade;
    # the baleful star riding on that grade falls with it (用神断.* over 星辅.*).  Without that
    # precedence the star, unordered against 用生, would win by 42.21's 先索不善 and turn 愈 to 不愈.
    j = yimao.judge(question="疾病", lines="896669", month="寅", day="戊午")
    answer = first_answer(j)
    assert answer["answer"] == "愈"
    assert [(o["rule"], o["by"]) for o in answer["overruled"] if o["rule"].startswith("星辅.")] == [("星辅.甚凶", "疾病.用生")]


# --- 7.6: 「六神吉者，喜生、喜助、喜动、喜持世，六神凶者，宜制、宜化、宜散、宜逢空」 ----------------------

def spirit_rulings(judgement) -> list[str]:
    return [v["text"] for v in judgement.verdicts() if v["rule"].startswith("神辅.")]


def test_a_lucky_spirit_in_its_element_adds_to_a_good_use_god():
    # the 用神 (the 世, line 3) 全吉, under the 勾陈 (a 吉神, 7.3), generated, moving and holding the 世
    j = yimao.judge(question="疾病", lines="889976", month="辰", day="乙酉")
    assert sorted(spirit_rulings(j)) == sorted(f"用神3爻全吉，临吉神勾陈而{why}：吉" for why in ("生", "动", "持世"))
    assert "神辅.吉" in [r["rule"] for r in first_answer(j)["supported_by"]]


def test_a_baleful_spirit_unchecked_adds_to_a_fallen_use_god_and_held_down_adds_nothing():
    j = yimao.judge(question="疾病", lines="778787", month="巳", day="丙午")
    assert spirit_rulings(j) == ["用神4爻凶陷，临凶神白虎而不受制化散空：凶"]
    # the 白虎 on a fallen 用神 but held down -- 制 (on a fire line, 7.5), 化 (drained), 空, 散
    for lines, month, day, why in [("676777", "丑", "丙辰", "制"), ("787776", "卯", "丁卯", "化"),
                                   ("787776", "卯", "丁卯", "空"), ("968696", "巳", "己巳", "散")]:
        held = yimao.judge(question="疾病", lines=lines, month=month, day=day)
        assert why in {f.values[1] for f in held.chart.result.facts("神受伏")}
        assert spirit_rulings(held) == []


def test_what_overrules_the_use_gods_grade_overrules_its_spirit():
    # 83's 无问生克 sets 词讼.得理 over the 用神's grade; the unchecked 白虎 riding on that 凶陷 grade
    # falls with it (用神断.* over 神辅.*); without the precedence, 42.21 would let it turn 胜 to 负.
    answer = first_answer(yimao.judge(question="词讼", lines="979986", month="巳", day="己巳"))
    assert answer["answer"] == "胜"
    assert ("神辅.凶", "词讼.得理") in [(o["rule"], o["by"]) for o in answer["overruled"]]
