"""How Chinese exam replies write the values they state, read as the rest of the reader reads them.

Gaokao answers and Chinese reasoning models write the same values the English readings know in forms of their own:
full-width characters (``ｘ＞２``, ``（１，２）``, ``－３``), numbers in words built on 分之 / 百分之 / 负 / 根号
(``三分之一``, ``3分之1``, ``二分之根号三``, ``负二``, ``百分之二十``, ``2根号3``), blanks labelled 第一空 / 第二空, a set
in braces written without its backslashes (``{x|x>1}``), the empty set named 空集, a quantity with a measure word
or a unit after a bare number (``共有12种``, ``距离为3千米``, ``8平方厘米``), and bounds (``不超过``, ``至少``).

:func:`plain_chinese` rewrites a response's forms into the notation the reader already reads (math spans, ASCII,
LaTeX, ordered blanks joined by semicolons); :func:`measured_value` and :func:`bounded` serve the reading of a
Chinese closing sentence (``prose``). Nothing here guesses: a numeral inside a word (三角形, 一次函数, 第一) is left
alone, and so is any text without a CJK or full-width character.
"""

from __future__ import annotations

import re

from ..text.patterns import lazy_compile
from .extract import SPAN
from .meaning import claim
from .normalize import CJK_BOUND, number_words

__all__ = ["bounded", "joined_run", "measured_value", "plain_chinese", "stated_claim"]

# full-width digits, letters and operators; Chinese punctuation (，：；（）？！) keeps its role between clauses
_WIDE = {chr(c): chr(c - 0xFEE0) for c in (*range(0xFF10, 0xFF1A), *range(0xFF21, 0xFF3B), *range(0xFF41, 0xFF5B))}
_WIDE.update({"＋": "+", "－": "-", "＝": "=", "＜": "<", "＞": ">", "／": "/", "［": "[", "］": "]", "｜": "|",
              "｛": "{", "｝": "}", "\u3000": " ", "﹣": "-"})
_WIDE_TABLE = str.maketrans(_WIDE)
_WIDE_ANY = lazy_compile("[\uff01-\uff5e\u3000\ufe63]")
# a bracketed pair or interval written with Chinese punctuation: "（1，2）", "（-∞，1]", "[2，+∞）"
_WIDE_PAIR = lazy_compile(r"([（(\[])\s*([-+]?[\w.∞√^]{1,12})\s*[，,]\s*([-+]?[\w.∞√^]{1,12})\s*([）)\]])", re.A)

_NUMERAL = "[零〇一二两三四五六七八九十百千万]+"
_NUMBER = rf"(?:\d+(?:\.\d+)?|{_NUMERAL})"
_TERM = rf"(?:{_NUMBER}?根号\s*{_NUMBER}|{_NUMBER})"
# 负 / 百分之 / A分之B / 根号: a number written in words; not inside a word (三角形, 十分重要, 第一)
_CJK_VALUE = lazy_compile(rf"(?<![第A-Za-z0-9])(负)?(?:百分之({_NUMBER})|({_TERM})分之({_TERM})|({_NUMBER}?根号\s*{_NUMBER}))"
                          rf"|(?<![第正A-Za-z0-9])负({_NUMBER})(?![\u4e00-\u9fff]{{0,1}}[数号])")
# blanks answered by label: "第一空 3，第二空 5", "第1空：8；第2空：20"
_BLANK_LABEL = lazy_compile(r"第\s*([一二三四1-4])\s*空\s*[:：为是]?\s*")
_BLANK_NUMBER = {"一": 1, "二": 2, "三": 3, "四": 4, "1": 1, "2": 2, "3": 3, "4": 4}
# a math span stating a value of its own ("$a=2$", "$3$"): the sentence's answer is not in its words
_VALUE_SPAN = lazy_compile(r"\s*(?:[A-Za-z](?:_\{?\w+\}?)?\s*=\s*)?-?\d+(?:\.\d+)?\s*")
_PREMISE = lazy_compile(r"\s*(?:取|令|设|若|如果|假设|当|由|因为|因|已知)")
_BRACE_SET = lazy_compile(r"(?<!\\)\{\s*([a-z])\s*[|｜∣]\s*([^{}\n]{1,40}?)\s*(?<!\\)\}")
# 约 / 大约 (about) before a value: the value is read, with no tolerance implied (not 公约数, 约分)
_ABOUT = lazy_compile(r"(?<![公简节制合预契条])大?约(?=\s*(?:为|是|等于)?\s*(?:[-\d$]|\Z))")  # \Z: a math span follows
_EMPTY_SET = lazy_compile(r"(?:为|是|：|:)\s*空集")
_ALL_REALS = lazy_compile(r"(?<=[为是：:])\s*(?:全体实数|一切实数|实数集)(?:\s*R)?")

# units written in Chinese after a bare number, as the reader's symbols (longest first); measure words count things
_UNITS = {"平方千米": "km^2", "平方公里": "km^2", "平方米": "m^2", "平方厘米": "cm^2", "平方毫米": "mm^2",
          "立方米": "m^3", "立方厘米": "cm^3", "千米": "km", "公里": "km", "厘米": "cm", "毫米": "mm", "米": "m",
          "千克": "kg", "公斤": "kg", "克": "g", "毫克": "mg", "吨": "Mg", "毫升": "mL", "升": "L",
          "小时": "h", "分钟": "min", "秒": "s",
          # physics units (a unit written in Chinese is its unit, never dropped)
          "毫秒": "ms", "微秒": "us", "纳秒": "ns", "纳米": "nm", "微米": "um", "米每秒": "m/s", "米/秒": "m/s",
          "千米每小时": "km/h", "千米/小时": "km/h", "特斯拉": "T", "毫特斯拉": "mT", "焦耳": "J", "千焦耳": "kJ",
          "千焦": "kJ", "电子伏特": "eV", "电子伏": "eV", "千电子伏": "keV", "兆电子伏": "MeV", "伏特": "V", "千伏": "kV",
          "安培": "A", "毫安": "mA", "欧姆": "Ω", "瓦特": "W", "千瓦": "kW", "牛顿": "N", "赫兹": "Hz", "帕斯卡": "Pa",
          "千帕": "kPa", "兆帕": "MPa", "开尔文": "K", "库仑": "C", "法拉": "F"}
_UNIT_AFTER = lazy_compile(r"(?<![A-Za-z0-9.$\\^_{])(\d+(?:\.\d+)?)\s*(%s)(?![\u4e00-\u9fff]*[/每])(?!\s*\d)" % "|".join(
    sorted(_UNITS, key=len, reverse=True)))
_MEASURE = "个种元条人名次天件只位组本辆张块根颗棵所台道项对支把"
# the one counted quantity a closing sentence states without 为 / 是 ("共有12种不同的选法", "需要支付240元")
# (not "每一个", "任意一个", "一元二次方程", "一次函数": a numeral in a word or after a quantifier counts nothing)
_COUNTED = lazy_compile(rf"(?<![A-Za-z0-9.$\\^_{{第每任意何某同这那哪另其])(\d+(?:\.\d+)?|{_NUMERAL})\s*[{_MEASURE}]"
                        r"(?![\u4e00-\u9fff]*[/每])(?![一二三四]?次|函数|方程|项式|不等式|根)")
# what closes a sentence after its last math span: a conclusion word, then the claim ("所以该命题正确")
_CLAIM_TAIL = lazy_compile(r"[，,]?\s*(?:所以|因此|因而|故|从而|综上所述?|于是|即)?[，,]?\s*([^$\d，,]{1,20})$")


def _ascii_pair(m: re.Match) -> str:
    """A :data:`_WIDE_PAIR` match in ASCII when it is written with a full-width bracket or comma; else as it is."""
    if not re.search("[（），]", m.group()):
        return m.group()  # "(x_1, y_1)", "[0, +∞)": written as the reader reads it already
    opening, closing = m.group(1).replace("（", "("), m.group(4).replace("）", ")")
    return f"{opening}{m.group(2)},{m.group(3)}{closing}"


def _number(text: str) -> str:
    """A numeral in Chinese or in digits as digits ("一百二十" -> "120")."""
    if re.fullmatch(r"\d+(?:\.\d+)?", text):
        return text
    value = number_words(text)
    return str(value) if value is not None else text


def _term(text: str) -> str:
    """``2根号3`` -> ``2\\sqrt{3}``, ``三`` -> ``3``."""
    if "根号" in text:
        coefficient, radicand = (part.strip() for part in text.split("根号", 1))
        return (_number(coefficient) if coefficient else "") + "\\sqrt{" + _number(radicand) + "}"
    return _number(text)


def _latex(m: re.Match) -> str:
    """The LaTeX of one :data:`_CJK_VALUE` match."""
    sign = "-" if m.group(1) or m.group(6) else ""
    if m.group(2):
        return f"{sign}{_number(m.group(2))}\\%"
    if m.group(3):
        return f"{sign}\\frac{{{_term(m.group(4))}}}{{{_term(m.group(3))}}}"
    if m.group(5):
        return sign + _term(m.group(5))
    return sign + _number(m.group(6))


def _outside_math(text: str, rewrite) -> str:
    """``text`` with ``rewrite`` (plain text, in math) applied to each stretch outside its math spans and to each
    span, then put back; a span the rewriting opens or closes right against another is set apart by a space (no
    ``$$`` is made)."""
    out, at = [], 0
    for m in SPAN.finditer(text):
        out.append(_apart(rewrite(text[at:m.start()], False), before=out, span_follows=True))
        out.append(rewrite(m.group(), True))
        at = m.end()
    out.append(_apart(rewrite(text[at:], False), before=out, span_follows=False))
    return "".join(out)


def _apart(piece: str, before: list[str], span_follows: bool) -> str:
    if piece.startswith("$") and before and before[-1].endswith("$"):
        piece = " " + piece
    return piece + " " if span_follows and piece.endswith("$") else piece


def _values(stretch: str, in_math: bool) -> str:
    if "约" in stretch and not in_math:
        stretch = _ABOUT.sub("", stretch)
    if "分之" not in stretch and "负" not in stretch and "根号" not in stretch:
        return stretch
    if "根号" in stretch:
        # "2倍根号2" (two times root two), "根号下3" (root under), "根号(3)": the root as 2根号2 and 根号3 write it
        stretch = _ROOT_WORDS.sub(lambda m: "根号" + (m.group(1) or ""), stretch)
    if in_math:
        return _CJK_VALUE.sub(_latex, stretch)
    stretch = _CJK_VALUE.sub(lambda m: f"${_latex(m)}$", stretch)
    # "根号3/2": the root over a number, one value
    return _ROOT_OVER.sub(r"$\1/\2$", stretch) if "\\sqrt" in stretch and "/" in stretch else stretch


# 倍 (times) between a coefficient and its root, 下 (under) after the root sign, a bracketed radicand
_ROOT_WORDS = lazy_compile(r"根号\s*下?\s*[(（]\s*(\d+(?:\.\d+)?)\s*[)）]|(?<=[\d零〇一二两三四五六七八九十])\s*倍\s*根号|根号\s*下")
# a root just written as a span, then divided by a number ("$\\sqrt{3}$/2")
_ROOT_OVER = lazy_compile(r"\$(-?(?:\d+)?\\sqrt\{\d+(?:\.\d+)?\})\$\s*/\s*(\d+)(?![\d.])")
# a duration in two units ("2小时30分钟", "1分20秒"): one quantity in the smaller
_DURATION = lazy_compile(r"(?<![\d.])(\d+)\s*(小时|分钟|分)\s*(\d{1,2})\s*(分钟|分|秒)(?![\u4e00-\u9fff]*[/每])")


def _one_duration(m: re.Match) -> str:
    big, small = m.group(2), m.group(4)
    if big == "小时" and small in ("分钟", "分"):
        return f"{int(m.group(1)) * 60 + int(m.group(3))}分钟"
    if big in ("分钟", "分") and small == "秒":
        return f"{int(m.group(1)) * 60 + int(m.group(3))}秒"
    return m.group()


def _units(stretch: str, in_math: bool) -> str:
    if in_math:
        return stretch
    stretch = _DURATION.sub(_one_duration, stretch)
    return _UNIT_AFTER.sub(lambda m: f"${m.group(1)}\\ \\mathrm{{{_UNITS[m.group(2)]}}}$".replace(
        "^2}", "}^2").replace("^3}", "}^3"), stretch)


def _blanks(line: str) -> str:
    """A line answering blanks by label, in order from the first, as its values joined by semicolons."""
    labels = list(_BLANK_LABEL.finditer(line))
    if len(labels) < 2 or [_BLANK_NUMBER[m.group(1)] for m in labels] != list(range(1, len(labels) + 1)):
        return line
    values = []
    for m, nxt in zip(labels, labels[1:] + [None]):
        value = line[m.end():nxt.start() if nxt else len(line)].strip().strip("，,；;。. ")
        if not value or "\n" in value:
            return line
        values.append(value if "$" in value else f"${value}$")
    return line[:labels[0].start()] + "；".join(values)


# 度 (degrees) after a number: in a math span closing on it ("$\\angle C = 60$ 度") or after a bare number ("60度");
# not 弧度 (radians) nor a word ending in 度 (速度, 长度, 角度), which follow no digit
_DEGREE_WORD = lazy_compile(r"\s*度(?!数)")
_DEGREE_AFTER = lazy_compile(r"(?<![A-Za-z0-9_.$^{\\])(\d+(?:\.\d+)?)\s*度(?!数)")


def _in_degrees(text: str) -> str:
    for m in reversed(list(SPAN.finditer(text))):
        if m.group(2) is not None and m.group(2).rstrip()[-1:].isdigit() and _DEGREE_WORD.match(text, m.end()):
            text = text[:m.end() - 1] + "^{\\circ}$" + text[_DEGREE_WORD.match(text, m.end()).end():]
    return _outside_math(text, lambda s, in_math: s if in_math else _DEGREE_AFTER.sub(r"$\1^{\\circ}$", s))


def _approx_joined(text: str) -> str:
    """A math span opening on ≈ right after another span continues it: "三分之一$\\approx 0.33$" (once the words are
    ``$\\frac{1}{3}$``) is one value stated then approximated, ``$\\frac{1}{3} \\approx 0.33$``, not two answers."""
    spans = list(SPAN.finditer(text))
    for first, second in reversed(list(zip(spans, spans[1:]))):
        if first.group(2) is None or second.group(2) is None or text[first.end():second.start()].strip():
            continue
        if re.match(r"\s*(?:\\approx\b|≈)", second.group(2)):
            text = text[:first.end() - 1] + " " + text[second.start() + 1:]
    return text


def plain_chinese(text: str) -> str:
    """``text`` with its Chinese and full-width forms of values written as the reader reads them: full-width digits,
    letters and operators in ASCII, a bracketed pair written with a Chinese comma as ``(a,b)``, numbers in words
    built on 分之 / 百分之 / 负 / 根号 as math spans (``三分之一`` -> ``$\\frac{1}{3}$``), a bare number with a Chinese
    unit as a quantity (``3千米`` -> ``$3\\ \\mathrm{km}$``), blanks answered by label (``第一空 3，第二空 5``) as
    ``$3$；$5$`` (ordered), 约 / 大约 before a value dropped (the value is read, no tolerance implied), ``{x|x>1}`` as set-builder notation, 空集 as ``\\varnothing`` and 全体实数 (stated after 为 / 是) as ``\\mathbb{R}``."""
    if text.isascii():
        return text
    if _WIDE_ANY.search(text):
        text = text.translate(_WIDE_TABLE)
    if "，" in text or "（" in text:
        text = _WIDE_PAIR.sub(_ascii_pair, text)
    text = _outside_math(text, _values)
    if _UNIT_AFTER.search(text):
        text = _outside_math(text, _units)
    if "空" in text:
        if _BLANK_LABEL.search(text):
            text = "\n".join(_blanks(line) for line in text.split("\n"))
        text = _EMPTY_SET.sub(lambda m: m.group()[:-2] + "$\\varnothing$", text)
    if "实数" in text:
        text = _ALL_REALS.sub(lambda m: "$\\mathbb{R}$", text)
    if "|" in text:
        text = _outside_math(text, lambda s, in_math: s if in_math else _BRACE_SET.sub(
            lambda m: f"$\\{{{m.group(1)} \\mid {m.group(2)}\\}}$", s))
    if "度" in text:
        text = _in_degrees(text)
    if "≈" in text or "\\approx" in text:
        text = _approx_joined(text)
    return text


def _states_value(sentence: str) -> bool:
    """Whether a math span of ``sentence`` states a value ("$a=2$", "$3$") outside a premise: a clause taking an
    example or a condition (取 / 令 / 设 / 若 / 当 / 由 / 因为 ..., or one holding 时) states none."""
    clauses = [c for c in re.split("[，,；;]", sentence) if not _PREMISE.match(c) and "时" not in c]
    return any(_VALUE_SPAN.fullmatch(next(g for g in m.groups() if g is not None))
               for clause in clauses for m in SPAN.finditer(clause))


def measured_value(sentence: str) -> str | None:
    """The value a Chinese sentence stating no 为 / 是 / = gives by counting: its one number followed by a measure
    word ("所以共有12种不同的选法" -> 12, "每天最少需要支付240元" -> 240); None with no such number or with two, or when a
    math span states a value ("综上，$a=2$，共有3种情况": the value, read as before)."""
    if _states_value(sentence):
        return None
    plain = SPAN.sub(" ", sentence)
    found = _COUNTED.findall(plain)
    if len(found) != 1 or re.search(r"\d", _COUNTED.sub(" ", plain)):
        return None
    return _number(found[0])


def bounded(clause: str) -> bool:
    """Whether a Chinese clause states a bound, not a value ("最大值不超过 4", "至少有一个零点", "240元以上")."""
    return bool(CJK_BOUND.search(SPAN.sub(" ", clause)))


def stated_claim(sentence: str) -> str | None:
    """The claim a Chinese sentence closes on after its math, which only names what the claim is about ("所以方程
    $x^2+2x+3=0$ 无实数解" -> 无实数解, "由 ... 得 $\\frac1a<\\frac1b$，所以该命题正确" -> 该命题正确); None when the words
    after the last math span make no claim (:func:`..meaning.claim`), hold a number or a condition (时, 当: "所以 $a=1$
    时结论成立"), or when a math span states a value."""
    spans = list(SPAN.finditer(sentence))
    if not spans or _states_value(sentence):
        return None
    tail = _CLAIM_TAIL.fullmatch(sentence[spans[-1].end():].strip().rstrip("。.！!"))
    if not tail or not re.search("[\u4e00-\u9fff]", tail.group(1)) or re.search("[时当]", tail.group(1)):
        return None
    return tail.group(1).strip() if claim(tail.group(1)) is not None else None


_JOIN = lazy_compile("[或且]")
_NAME_BEFORE = lazy_compile(r"[A-Za-z][A-Za-z0-9_]*\s*$")


def joined_run(sentence: str, copulas: list[re.Match]) -> int | None:
    """Where a run of conditions joined by 或 / 且 starts when the last of a sentence's copulas (``copulas``, in
    order) is the = of its last condition ("所以解为 x=1或x=2" -> the x of x=1: the solutions are the set, not the last
    value); None when the last copula is no = inside such a run."""
    last = len(copulas) - 1
    if last < 1 or sentence[copulas[last].start()] not in "=＝":
        return None
    i = last
    while i > 0:
        between = sentence[copulas[i - 1].end():copulas[i].start()]
        if not _JOIN.search(between) or re.search("[，；,;。]", between):
            break
        i -= 1
    name = _NAME_BEFORE.search(sentence, 0, copulas[i].start())
    if i == last or sentence[copulas[i].start()] not in "=＝" or not name:
        return None
    return name.start()
