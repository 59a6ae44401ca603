"""Values an option names and a reply may write another way: numbers (digits, fractions, words, scientific
notation), ranges ("Between 10 and 20"), clock times ("7:30 PM", "a quarter to ten") and dates ("March 6th")."""

from __future__ import annotations

import re

from ..text.numbers import ONES, PARTS, TENS
from ..text.patterns import lazy_compile
from ..text.patterns import matches_at as _matches_at
from .scan import present

_FRACTION = lazy_compile(r"\s*(\d+)\s*/\s*(\d+)\s*")
_NUMBER = lazy_compile(r"\s*([-+−]?\s*(?:\d+(?:,\d{3})*(?:\.\d*)?|\.\d+)(?:e[-+]?\d+)?)\s*%?\s*", re.I)
_NUMBER_UNIT = lazy_compile(r"\s*([-+−]?(?:\d+(?:,\d{3})*(?:\.\d+)?|\.\d+)(?:e[-+]?\d+)?)\s*([^\d\s][^\d]{0,12})\s*")
_INNER_WORD = lazy_compile(r"\s\w+\s")
_NUMBER_WORD = (r"(?:zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|"
                r"sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)")
# Numbers in a reply: scientific notation ("1.2 × 10^2"), a fraction ("2/4"), a decimal or integer (a percentage
# too), or number words ("twelve", "one hundred forty-four", "one half"; "one" alone is a pronoun, not a number)
_REPLY_DIGITS = lazy_compile(r"(?<![\w./])(?:[-−]?\d+(?:\.\d+)?\s*(?:×|x|\*|·|\\times|\\cdot)\s*10\s*(?:\^|\*\*)\s*"
                           r"\{?\s*[-+−]?\d+\s*\}?(?![\w/.])|"
                           r"\d+\s*/\s*[1-9]\d*(?![\w/]|[.,]\d)|"
                           r"[-−]?(?:\d+(?:,\d{3})*(?:\.\d+)?|\.\d+)%?(?![\w/]|\.\d))")
_REPLY_WORDS = lazy_compile(rf"\b{_NUMBER_WORD}(?:(?:\s+|-)(?:and\s+)?(?:{_NUMBER_WORD}|hundred|thousand)\b)*"
                          r"(?:\s+(?:half|halves|thirds?|quarters?|fourths?|fifths?)\b)?(?:\s+percent\b)?\b")
# Every match of _REPLY_WORDS that reads as a number holds one of these ("one" or "zero" alone reads as none)
_NUMBER_WORD_HINTS = ("two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
                      "thirteen", "fifteen", "twenty", "thirty", "forty", "fifty", "hundred", "thousand", "half",
                      "halves", "third", "quarter", "fourth", "fifth", "percent")
_DIGIT_RUN = lazy_compile(r"\d+")
_SCI_VALUE = lazy_compile(r"([-−]?\d+(?:\.\d+)?)\s*(?:×|x|\*|·|\\times|\\cdot)\s*10\s*(?:\^|\*\*)\s*\{?\s*([-+−]?\d+)")
_SCIENTIFIC = lazy_compile(r"([-+−]?\d+(?:\.\d+)?)\s*(?:×|\*|x|\\times|\\cdot|·)\s*10\s*(?:\^|\*\*)\s*\{?\s*([-+−]?\d+)\s*\}?")


_WORD_NUMBERS = {**ONES, "twenty": TENS["twenty"]}
ORDINALS = {w: i for i, w in enumerate("first second third fourth fifth sixth seventh eighth ninth tenth".split())}


_TENS = TENS
_PARTS = {word: parts for word, parts in PARTS.items() if parts <= 5}  # halves to fifths, as option texts say


def _words_number(word: str) -> float | None:
    """A number written in words: "fifty", "twenty-five", "one hundred forty-four", "two thousand and ten",
    "negative one", "one half", "two thirds", "fifty percent" (read as 50, like "50%")."""
    tokens = word.replace("-", " ").split()
    if not tokens or len(tokens) > 10:
        return None
    sign = 1.0
    if tokens[0] in ("negative", "minus"):
        sign, tokens = -1.0, tokens[1:]
    if tokens and tokens[-1] in ("percent", "per cent", "%"):
        tokens = tokens[:-1]
    if len(tokens) == 2 and tokens[1] in _PARTS and (tokens[0] in ("a", "one") or tokens[0] in _WORD_NUMBERS):
        count = 1 if tokens[0] == "a" else _WORD_NUMBERS[tokens[0]]
        return sign * count / _PARTS[tokens[1]]
    # a small grammar: [units|teens|tens [units]] hundred [and] ..., thousand [and] ...
    total = current = 0
    last = ""  # kind of the previous token: unit, teen, tens, hundred, thousand, and
    for t in tokens:
        if t == "and":
            if last not in ("hundred", "thousand"):
                return None
            last = "and"
        elif t in _TENS:
            if last in ("unit", "teen", "tens") or current % 100:
                return None
            current += _TENS[t]
            last = "tens"
        elif t in _WORD_NUMBERS:
            v = _WORD_NUMBERS[t]
            if last in ("unit", "teen") or (last == "tens" and not 0 < v < 10) or (v >= 10 and current % 100):
                return None
            current += v
            last = "teen" if v >= 10 else "unit"
        elif t == "hundred":
            if last not in ("unit", "teen") or current >= 100:
                return None
            current *= 100
            last = "hundred"
        elif t == "thousand":
            if not current or total:
                return None
            total, current = current * 1000, 0
            last = "thousand"
        else:
            return None
    if not tokens or last == "and":
        return None
    return sign * (total + current)


def number(s: str) -> float | None:
    word = s.strip().lower().rstrip(".!")
    if word in _WORD_NUMBERS:
        return float(_WORD_NUMBERS[word])
    if word[:1].isalpha() and word.isascii():
        return _words_number(word)
    # both patterns below need a sign, a point or a decimal digit first (after spaces)
    head = s.lstrip()
    if not head or not (head[0] in "-+−." or head[0].isdecimal()):
        return None
    frac = _FRACTION.fullmatch(s)
    if frac and int(frac.group(2)):
        return int(frac.group(1)) / int(frac.group(2))
    m = _NUMBER.fullmatch(s)
    if not m:
        return None
    try:
        return float(m.group(1).replace(",", "").replace("−", "-").replace(" ", ""))
    except ValueError:
        return None


def reply_numbers(low: str) -> list[re.Match[str]]:
    """The numbers in a reply, left to right: the matches of _REPLY_DIGITS (a match starts at most two characters
    before a run of digits, "-.5", so only those places are tried) and of _REPLY_WORDS (run only when a word it
    needs occurs). The two kinds never overlap (one starts with a digit, a sign or a point, the other with a
    letter and holds no digit), so this is what a single scan for either gives."""
    found: list[re.Match[str]] = []
    runs = _DIGIT_RUN.finditer(low)
    starts = []
    for m in runs:
        i = m.start()
        starts.extend((i - 2, i - 1, i) if i >= 2 else range(i + 1))
    if starts:
        found = _matches_at(_REPLY_DIGITS, low, starts)
    if present(low, _NUMBER_WORD_HINTS):
        words = list(_REPLY_WORDS.finditer(low))
        if words:
            found = sorted(found + words, key=lambda m: m.start()) if found else words
    return found


def reply_value(token: str) -> float | None:
    """The value of a number found by ``_REPLY_NUMBER``."""
    if "10" in token and ("^" in token or "**" in token):
        m = _SCI_VALUE.match(token)
        if m:
            return float(m.group(1).replace("−", "-")) * 10.0 ** int(m.group(2).replace("−", "-"))
    if token in ("one", "zero"):
        return None  # the pronoun "one"; "zero" alone is too often not a count
    return number(token)


def option_number(text: str) -> float | None:
    """An option's numeric value: '4', '0.250', '3/4', or a number with a short unit ('24 cm²', '5 kg')."""
    value = number(text)
    if value is not None:
        return value
    if "10" in text and ("^" in text or "**" in text):  # "3.0 × 10^8 m/s" is 3e8 m/s
        text = _SCIENTIFIC.sub(lambda m: f"{m.group(1)}e{m.group(2).replace('−', '-')}", text)
        value = number(text)
        if value is not None:
            return value
    m = _NUMBER_UNIT.fullmatch(text)
    if m and not _INNER_WORD.search(m.group(2)) and not _LARGER_AFTER.match(m.group(2)):
        return number(m.group(1))  # ("2π", "2√3", "2^5" are other values than 2, not 2 in a unit; "45^\\circ" is 45)
    return None


# ---- ranges, clock times and dates --------------------------------------------------------------------------
# Options such as "Between 10 and 20", "1930–1939", "7:30 PM" and "2024-03-06" are named by a value written
# another way: "14", "1937", "19:30" or "a quarter to ten", "March 6th". These are read only for option sets that
# hold such options (two ranges at least), so other sets pay nothing.

_NUM = r"[-−]?\d+(?:,\d{3})*(?:\.\d+)?"
_RANGE_PATTERNS = [  # (pattern over the normalised option text, kind)
    (lazy_compile(rf"(?:between|from)\s+({_NUM})\s*(?:and|to|-|–|—)\s*({_NUM})(?:\s*[^\d\s]\S{{0,10}})?"), "closed"),
    (lazy_compile(rf"({_NUM})(?:\s*[a-z%°]{{1,6}})?\s*(?:-|–|—|to)\s*({_NUM})(?:\s*[^\d\s]\S{{0,10}})?"), "closed"),
    (lazy_compile(rf"(?:less\s+than|fewer\s+than|under|below|before|<)\s*({_NUM})(?:\s*[^\d\s]\S{{0,10}})?"), "below"),
    (lazy_compile(rf"(?:at\s+most|no\s+more\s+than|up\s+to|≤|<=)\s*({_NUM})(?:\s*[^\d\s]\S{{0,10}})?"), "upto"),
    (lazy_compile(rf"({_NUM})(?:\s*[^\d\s]\S{{0,10}})?\s+(?:or\s+(?:less|fewer|below|under|earlier))"), "upto"),
    (lazy_compile(rf"(?:more\s+than|greater\s+than|over|above|after|>)\s*({_NUM})(?:\s*[^\d\s]\S{{0,10}})?"), "above"),
    (lazy_compile(rf"(?:at\s+least|no\s+(?:less|fewer)\s+than|≥|>=)\s*({_NUM})(?:\s*[^\d\s]\S{{0,10}})?"), "from"),
    (lazy_compile(rf"({_NUM})(?:\s*\+|(?:\s*[^\d\s]\S{{0,10}})?\s+(?:or\s+(?:more|above|later|over)|and\s+(?:above|up|over)))"), "from"),
    (lazy_compile(r"(\d*0)s"), "decade"),
]


def range_of(ns: str) -> tuple[float, float, bool, bool] | None:
    """The interval an option like "Between 10 and 20", "1930–1939", "Less than 10" or "1930s" names:
    (low, high, low included, high included), or None."""
    if not any(ch.isdigit() for ch in ns):
        return None
    for pattern, kind in _RANGE_PATTERNS:
        m = pattern.fullmatch(ns)
        if not m:
            continue
        values = [float(g.replace(",", "").replace("−", "-")) for g in m.groups()]
        if kind == "closed":
            low, high = values
            return (low, high, True, True) if low < high else None
        x = values[0]
        if kind == "decade":
            return (x, x + 9, True, True) if len(m.group(1)) >= 3 else None
        return {"below": (float("-inf"), x, False, False), "upto": (float("-inf"), x, False, True),
                "above": (x, float("inf"), False, False), "from": (x, float("inf"), True, False)}[kind]
    return None


def in_range(value: float, r: tuple[float, float, bool, bool]) -> bool:
    low, high, low_in, high_in = r
    return (low < value or (low_in and value == low)) and (value < high or (high_in and value == high))


_AMPM = r"(a\.?\s?m\.?|p\.?\s?m\.?)(?![a-z])"
_HOUR_WORDS = {w: i for i, w in enumerate(
    "_ one two three four five six seven eight nine ten eleven twelve".split()) if i}
_HOUR = r"(1[0-2]|0?[1-9]|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)"
CLOCK = lazy_compile(
    rf"(?<![\d:.])(\d{{1,2}})\s*(?::|\.(?=\d\d(?!\d)))\s*(\d\d)(?![\d.:]\d)(?:\s*{_AMPM})?|"
    rf"(?<![\d:.])(\d{{1,2}})\s*{_AMPM}|"
    rf"\b(?:(a\s+)?(quarter)|(half)|(\d{{1,2}}|{_NUMBER_WORD}(?:[\s-]{_NUMBER_WORD})?)\s+minutes?)\s+"
    rf"(past|after|to|till|before|of)\s+{_HOUR}\b|"
    rf"\b{_HOUR}\s+o'?clock\b|\b(noon|midday|midnight)\b")


DAY_HALF = lazy_compile(r"\s+(?:(in\s+the\s+morning)|in\s+the\s+(?:afternoon|evening)|at\s+night|tonight)\b")


def clock_value(m: re.Match[str]) -> tuple[int, bool] | None:
    """(minutes after midnight, whether the half of the day is known) for a match of ``CLOCK``."""
    (hour, minute, ampm, hour_alone, ampm_alone, _, quarter, half, count, direction, hour_named, oclock,
     named) = m.groups()
    if hour is not None or hour_alone is not None:
        h, mins = (int(hour), int(minute)) if hour is not None else (int(hour_alone), 0)
        ampm = ampm if hour is not None else ampm_alone
        if mins > 59 or h > 23 or (ampm and not 1 <= h <= 12):
            return None
        if ampm:
            return (h % 12 + (12 if ampm[0] == "p" else 0)) * 60 + mins, True
        # a 24-hour time says which half of the day it is ("19:30", "00:15", "09:15")
        return h * 60 + mins, h >= 13 or h == 0 or hour.startswith("0")
    if named is not None:
        return (12 * 60 if named in ("noon", "midday") else 0), True
    if oclock is not None:  # "seven o'clock"
        return (_HOUR_WORDS.get(oclock) or int(oclock)) % 12 * 60, False
    h = (_HOUR_WORDS.get(hour_named) or int(hour_named)) % 12
    if quarter is not None:
        mins = 15
    elif half is not None:
        if direction not in ("past", "after"):
            return None  # "half to ten" is no English clock time
        mins = 30
    else:
        value = int(count) if count.isdigit() else _words_number(count)
        if value is None or not 0 < value < 60:
            return None
        mins = int(value)
    if direction in ("past", "after"):
        return h * 60 + mins, False
    return (h * 60 - mins) % 720, False


def same_clock(a: tuple[int, bool], b: tuple[int, bool]) -> bool:
    """Equal times; when either side leaves the half of the day open, equal on a 12-hour dial."""
    if a[1] and b[1]:
        return a[0] == b[0]
    return a[0] % 720 == b[0] % 720


_MONTHS = {name: i + 1 for i, name in enumerate(
    "january february march april may june july august september october november december".split())}
_MONTH = r"(january|february|march|april|may|june|july|august|september|october|november|december|" \
         r"jan|feb|mar|apr|jun|jul|aug|sept|sep|oct|nov|dec)"
DATE = lazy_compile(
    r"(?<![\d-])(\d{4})-(\d{1,2})-(\d{1,2})(?![\d-])|"
    rf"\b{_MONTH}\.?\s+(\d{{1,2}})(?:st|nd|rd|th)?(?!\d)(?:,?\s+(\d{{4}})(?!\d))?|"
    rf"(?<!\d)(\d{{1,2}})(?:st|nd|rd|th)?\s+(?:of\s+)?{_MONTH}\b\.?(?:,?\s+(\d{{4}})(?!\d))?")


def date_value(m: re.Match[str]) -> tuple[int | None, int, int] | None:
    """(year or None, month, day) for a match of ``DATE``."""
    g = m.groups()
    if g[0] is not None:
        year, month, day = int(g[0]), int(g[1]), int(g[2])
    elif g[3] is not None:
        year, month, day = (int(g[5]) if g[5] else None), _MONTHS[g[3]], int(g[4])
    else:
        year, month, day = (int(g[8]) if g[8] else None), _MONTHS[g[7]], int(g[6])
    if not (1 <= month <= 12 and 1 <= day <= 31):
        return None
    return year, month, day


def same_date(a: tuple[int | None, int, int], b: tuple[int | None, int, int]) -> bool:
    return a[1:] == b[1:] and (a[0] is None or b[0] is None or a[0] == b[0])


# Units of measure: a value in one of them names no option written in another ("12 m" is not the option "12 cm",
# "5 kg" not "5 g", "90 seconds" not "90 min", "18 km/h" not "18 m/s", "100 °C" not "100°F" nor "100 K"); a unit spelt out is
# its symbol ("90 seconds" is "90 s"); no unit on either side, or a word that is no unit, leaves the value to decide
_UNIT_SYMBOLS = frozenset("nm mm cm dm m km mg g kg ms s min h ml l cl dl mv v kv ma a ka mw w kw hz khz mhz ghz "
                          "j kj mj ev kev mev pa kpa mpa n kn lb oz ft mi °c °f k m/s km/s mm/s km/h cm/s mph".split())
_UNIT_WORDS = {
    **dict.fromkeys(("second", "seconds", "sec", "secs"), "s"), **dict.fromkeys(("minute", "minutes", "mins"), "min"),
    **dict.fromkeys(("hour", "hours", "hr", "hrs"), "h"), **dict.fromkeys(("day", "days"), "day"),
    **dict.fromkeys(("week", "weeks"), "week"), **dict.fromkeys(("year", "years"), "year"),
    **dict.fromkeys(("metre", "metres", "meter", "meters"), "m"),
    **dict.fromkeys(("kilometre", "kilometres", "kilometer", "kilometers"), "km"),
    **dict.fromkeys(("centimetre", "centimetres", "centimeter", "centimeters"), "cm"),
    **dict.fromkeys(("millimetre", "millimetres", "millimeter", "millimeters"), "mm"),
    **dict.fromkeys(("gram", "grams"), "g"), **dict.fromkeys(("kilogram", "kilograms"), "kg"),
    **dict.fromkeys(("milligram", "milligrams"), "mg"), **dict.fromkeys(("pound", "pounds", "lbs"), "lb"),
    **dict.fromkeys(("ounce", "ounces"), "oz"), **dict.fromkeys(("foot", "feet"), "ft"),
    **dict.fromkeys(("mile", "miles"), "mi"), **dict.fromkeys(("inch", "inches"), "inch"),
    **dict.fromkeys(("litre", "litres", "liter", "liters"), "l"),
    **dict.fromkeys(("millilitre", "millilitres", "milliliter", "milliliters"), "ml"),
    **dict.fromkeys(("volt", "volts"), "v"), **dict.fromkeys(("watt", "watts"), "w"),
    **dict.fromkeys(("joule", "joules"), "j"), **dict.fromkeys(("newton", "newtons"), "n"), "hertz": "hz",
    **dict.fromkeys(("kelvin", "kelvins"), "k"),
}
# the unit after the number, past spaces and LaTeX spacing ("12\\,m^2", "5~kg", "12\\ cm"): a symbol, a word, a
# quotient of symbols ("km/h") or a temperature's degree ("°C")
_UNIT_AFTER = lazy_compile(r"(?:\s|\\[,;:! ]|~)*+(°\s?[a-z](?![a-z])|[a-z]{1,11}+(?:\s?/\s?[a-z]{1,3}+|\s+per\s+[a-z]{1,6}+)?"
                           r"(?![a-z]))", re.I)
# the option's unit may carry a power ("24 cm²", read "24 cm2" after NFKC, "24 cm^2"): its symbol is what is compared;
# the number a power of ten ("3\\times10^{5} km/s")
_OPTION_UNIT = lazy_compile(r"\s*+\$?+\s*+[-+−]?+\d[\d,]*+(?:\.\d++)?+(?:\s*+(?:\\times|×|\\cdot|·)\s*+10\s*+\^\s*+\{?+\s*+[-−]?+\d{1,3}+\s*+\}?+)?+"
                            r"\s*+\$?+\s*+(°\s?[a-z]|[a-z]{1,11}(?:\s?/\s?[a-z]{1,3})?)"
                            r"(?:\^?\{?[23]\}?)?\s*$", re.I)


def _unit(written: str) -> str | None:
    """The symbol of a unit as written ("seconds" is "s", "km / h" and "kilometers per hour" are "km/h", "° C" is
    "°c"), or None."""
    parts = [_UNIT_WORDS.get(part, part) for part in re.split(r"\s*/\s*|\s+per\s+", written.lower().replace("° ", "°"))]
    unit = "/".join(parts)
    unit = "mph" if unit == "mi/h" else unit  # "miles per hour"
    return unit if unit in _UNIT_SYMBOLS or unit in _UNIT_WORDS.values() else None


# what makes a number part of a larger value when it follows it: a radical, π, a power, a repeating decimal's bar,
# a fraction's slash before a digit, or the next term of a sum or difference that is a symbol ("1-i", "2+√3", "1 + x")
_LARGER_AFTER = lazy_compile(r"[√π]|\\sqrt|\\pi(?![a-z])|\.?\\overline|[/^]\{?\d"
                             r"|\s?[-+−]\s?(?:[a-z](?![A-Za-z])|√|\\sqrt|π|\\pi(?![a-z]))"
                             # a term in a letter after a spaced sign: "20 − 10t" (not a range, "3-5 m")
                             r"|\s[-+−]\s\d+(?:\.\d+)?[a-z](?![A-Za-z])")


def part_of_larger(s: str, start: int, end: int) -> bool:
    """Is the number at ``s[start:end]`` only part of a larger value: a fraction's numerator or denominator, a
    power's base or exponent ("4^2"), a number opened by a minus sign ("−1/2" is not the option "1/2"; a sign after a
    word or a digit is a hyphen or a range: "type-2", "3-5"), the coefficient of a radical or of π ("2√5",
    "2\\sqrt{5}", "3π" are not the option "2" or "3"), the whole digits of a repeating decimal
    ("0.\\overline{3}"), or a term of a sum or difference with a symbol ("1-i", "2+√3", "20 − 10t" are not the option
    "1", "2" or "20")?"""
    if start > 0 and (s[start - 1] in "/^" or s[start - 1] in "-−" and (start == 1 or not s[start - 2].isalnum())
                      and not s[start].isspace()):
        return True
    return end < len(s) and _LARGER_AFTER.match(s, end) is not None


# a degree of a temperature scale in LaTeX after a number: "$100\,^\circ\text{C}$", "68^{\circ}F", "20 \degree C"
_TEX_DEGREES = lazy_compile(r"(?:\s|\\[,;:! ]|~|\$)*+(?:\^\s*+\{?\s*+\\circ\s*+\}?|\\degree)\s*+(?:\\[,;:! ]\s*+)?"
                            r"(?:\\(?:text|mathrm|rm)\s*+\{\s*+)?([cf])(?![a-z])", re.I)


def unit_at(s: str, pos: int) -> str | None:
    """The unit symbol written right after the number ending at ``pos`` (lower-cased), or None (also when the unit
    goes on in a way not read here: "5 m s^-1", "60 miles an hour", "5 meters/second"); a temperature's degree in
    LaTeX ("$100\\,^\\circ\\text{C}$") is "°c"."""
    degrees = _TEX_DEGREES.match(s, pos)  # (anchored at pos: no search of the whole reply per number)
    if degrees:
        return "°" + degrees.group(1).lower()
    m = _UNIT_AFTER.match(s, pos)
    return _unit(m.group(1)) if m and not _UNIT_GOES_ON.match(s, m.end()) else None


# what continues a unit beyond what _UNIT_AFTER reads: a product or quotient sign, a negative power, another unit
# with a power ("m s^-1"), "an hour", "a second"
# (a square or a cube is the unit's own: "12 mm^2" is mm²)
_UNIT_GOES_ON = lazy_compile(r"\s*+(?:[·*/⁻⋅]|\^\s*+\{?\s*+[-−]|(?:an?|per|each|every)\s+[a-z]|[a-z]{1,3}\s*+(?:\^|⁻|\*\*))", re.I)


def unit_clash(unit: str | None, option_text: str) -> bool:
    """Is ``unit`` (a reply's unit symbol) another unit than the one option ``option_text`` (a number and a unit)
    is written in?"""
    if unit is None:
        return False
    m = _OPTION_UNIT.match(option_text)
    own = _unit(m.group(1)) if m else None
    return own is not None and own != unit
