"""MEGA-Bench's ``constrained_generation`` (reference: ``metrics/scoring/constrained_generation.py``): the response
is checked against each constraint of the row's ``eval_context`` (``{constraint: value}``); the score is the
lowest constraint score, with the reference's ``"name: score"`` record joined by tabs.

Constraints: an empty value always passes; ``length*`` (``<N`` / ``>N`` words); ``acrostic`` and
``acrostic_alliteration`` (line initials / every word's initial); ``syllables`` (per-line counts or ranges),
``rhyming_scheme`` and ``poetry_meter`` (iambic lines), read with the CMU pronouncing dictionary of the
``pronouncing`` package; ``contain*`` constraints (a phrase, its sentence position, its count) need NLTK's
tokenizer and WordNet data, which no package ships: those are computed when ``nltk`` and its ``punkt_tab`` and
``wordnet`` data are installed, and otherwise raise :class:`NeedsResource` (the row is an error naming them).
Each constraint has the reference's 10 s limit (score 0 when it runs out).
"""

from __future__ import annotations

import collections
import itertools
import re
from typing import Any

from ...maths.guard import StepTimeout, step_limit
from .convert import str_to_iterable
from .judged import NeedsResource

__all__ = ["constrained_generation"]

SECONDS = 10

# Words the reference adds to the CMU dictionary.
_EXTRA_PHONES = {
    "'gainst": ["G EH1 N S T", "G EY1 N S T"], "'midst": ["M IH1 D S T"], "'mongst": ["M AH1 NG S T"],
    "'neath": ["N IY1 TH"], "beguiles": ["B IH0 G AY1 L Z"], "cerulean": ["S ER0 UW1 L IY0 AH0 N"],
    "doggo": ["D AO1 G OW0"], "downtorn": ["D AW1 N T AO2 R N"], "enthrall": ["EH0 N TH R AO1 L"],
    "fam'ly": ["F AE1 M L IY0"], "fiery": ["F AY1 ER0 IY0", "F AY1 R IY0"], "flits": ["F L IH1 T S"],
    "furred": ["F ER1 D"], "kneels": ["N IY1 L Z"], "o'er": ["OW1 ER0"], "orbs": ["AO1 R B Z"],
    "quenched": ["K W EH1 N CH D"], "quietude": ["K W AY1 AH0 T UW0 D"], "retold": ["R IY0 T OW1 L D"],
    "scurries": ["S K ER1 IY0 Z"], "sunbeams": ["S AH1 N B IY2 M Z"], "syncs": ["S IH1 NG K S"],
    "'twixt": ["T W IH1 K S T"],
}


def _pronouncing() -> Any:
    try:
        import pronouncing
    except ImportError:
        raise NeedsResource("metric 'constrained_generation' needs the 'pronouncing' package for syllables, rhymes "
                            "and metre (pip install 'pytest-answerbench[megabench]')") from None
    return pronouncing


# ------------------------------------------------------------------------------------------ pronunciation

def phones_for_word(word: str) -> list[str]:
    """CMU pronunciations of a word; out-of-dictionary words guessed from a stem (-ed, -s, -es, un-, ')."""
    cmu = _pronouncing()
    word = word.replace("’", "'").lower()
    suffixes, prefixes, dropped = [""], [""], [""]
    if word.endswith("'s"):
        suffixes = [" Z"]
        word = word.removesuffix("'s")
    if word in _EXTRA_PHONES:
        return [p + s for p, s in itertools.product(_EXTRA_PHONES[word], suffixes)]
    found = cmu.phones_for_word(word)
    if not found:
        if suffixes[0] != "":
            return []
        if word.endswith("ed"):
            suffixes = [" D", " T", " AH0 D", " IH0 D"]
            word = word.removesuffix("ed")
        elif word.endswith("s"):
            if cmu.phones_for_word(word.removesuffix("s")):
                suffixes = [" S", " Z", " AH0 Z", " IH0 Z"] if word.endswith("es") else [" S", " Z"]
                word = word.removesuffix("s")
            elif word.endswith("es"):
                suffixes = [" AH0 Z", " IH0 Z"]
                word = word.removesuffix("es")
        if word.startswith("un"):
            prefixes = ["AH0 N "]
            word = word.removeprefix("un")
        elif word.startswith("'") and cmu.phones_for_word("a" + word.removeprefix("'")):
            dropped = ["AH0 "]
            word = "a" + word.removeprefix("'")
        found = cmu.phones_for_word(word)
    return [(pre + p + suf).removeprefix(drop)
            for pre, p, suf, drop in itertools.product(prefixes, found, suffixes, dropped)]


def _rhyming_part(phones: str) -> str:
    """From the last vowel (not counting the first phone) to the end, stress digits removed."""
    parts = phones.split()
    for i in range(len(parts) - 1, 0, -1):
        if parts[i][-1] in "012":
            phones = " ".join(parts[i:])
            break
    return re.sub(r"\d", "", phones)


def _syllable_counts(line: str) -> list[int]:
    cmu = _pronouncing()
    options = [phones_for_word(w) for w in line.split()]
    return [sum(cmu.syllable_count(p) for p in choice) for choice in itertools.product(*options)]


def _syllable_ranges(text: str) -> list[list[int]]:
    """``"575"`` -> [[5,5],[7,7],[5,5]]; ``"[7,10][5]"`` -> [[7,10],[5,5]]; a space is a [0, 0] line."""
    ranges = []
    for chunk in re.findall(r"(?:\[\d+(?:,\s*\d+)?\]|\d| )", text.strip()):
        chunk = chunk.strip("[]")
        if "," in chunk:
            low, high = map(int, chunk.split(","))
            ranges.append([low, high])
        elif chunk == " ":
            ranges.append([0, 0])
        else:
            ranges.append([int(chunk), int(chunk)])
    return ranges


_IAMBIC_PAIRS = {(2, 1), (0, 2), (0, 1), (0, 0), (1, 1), (2, 2)}


def _iambic(line: str) -> bool:
    """Some choice of pronunciations reads the line as unstressed/stressed pairs with an even syllable count."""
    cmu = _pronouncing()
    words = line.split()
    options = [[list(s) for s in {tuple(int(d) for d in cmu.stresses(p)) for p in phones_for_word(w)}]
               for w in words]

    def search(word: int, syllable: int, previous: int) -> bool:
        if word == len(words):
            return syllable % 2 == 0
        for stresses in options[word]:
            at = 0
            if syllable % 2 != 0:
                if (previous, stresses[at]) not in _IAMBIC_PAIRS:
                    continue
                at += 1
            pairs = list(zip(*[iter(stresses[at:])] * 2))
            if any(p not in _IAMBIC_PAIRS for p in pairs):
                continue
            at += 2 * len(pairs)
            if at < len(stresses):
                if search(word + 1, syllable + at + 1, stresses[at]):
                    return True
            elif search(word + 1, syllable + at, -1):
                return True
        return False

    return search(0, 0, -1)


# --------------------------------------------------------------------------------------------- contain

def _nltk() -> Any:
    try:
        import nltk
        from nltk.corpus import wordnet
        from nltk.stem import WordNetLemmatizer

        nltk.data.find("tokenizers/punkt_tab")
        wordnet.ensure_loaded()
    except (ImportError, LookupError):
        raise NeedsResource("metric 'constrained_generation' needs NLTK with its 'punkt_tab' and 'wordnet' "
                            "data for 'contain' constraints (pip install nltk; python -m nltk.downloader punkt_tab "
                            "wordnet)") from None
    return nltk, wordnet, WordNetLemmatizer()


def _lemmas(phrase: str, nltk: Any, wordnet: Any, lemmatizer: Any) -> str:
    out = []
    for word in nltk.word_tokenize(phrase.lower()):
        lemma = lemmatizer.lemmatize(word, wordnet.NOUN)
        if word.endswith("ies") and lemma.endswith("y"):
            lemma = lemma[:-1] + "y"
        elif word.endswith("ves") and lemma.endswith("f"):
            lemma = lemma[:-1] + "f"
        out.append(lemma)
    return " ".join(out)


def _occurrences(text: str, phrase: str) -> tuple[int, list[tuple[int, int]]]:
    """(total count, [(sentence number from 1, count)]) of the lemmatised phrase in the lemmatised sentences."""
    nltk, wordnet, lemmatizer = _nltk()
    target = _lemmas(phrase, nltk, wordnet, lemmatizer)
    found = []
    for number, sentence in enumerate(nltk.sent_tokenize(text), 1):
        n = _lemmas(sentence, nltk, wordnet, lemmatizer).count(target)
        if n:
            found.append((number, n))
    return sum(n for _, n in found), found


def _constraint_fields(key: str, value: str) -> dict[str, Any]:
    keys = [re.sub(r"\d+$", "", k) for k in key.strip().split("##")]
    values: list[Any] = [v.strip().strip('"').strip() for v in value.strip().split("##")]
    values = [int(v) if v.isdigit() else v for v in values]
    if len(keys) != len(values):
        raise ValueError("Mismatch between number of keys and values.")
    return {k.lower(): v for k, v in zip(keys, values)}


def _nested_words(text: str) -> Any:
    import ast

    try:
        return ast.literal_eval(re.sub(r"(\w+)", r'"\1"', text))
    except (ValueError, SyntaxError):
        return text


def _group_occurrences(response: str, items: Any) -> tuple[int, list[tuple[int, int]]]:
    """Total count and sentence records of any of the phrases."""
    count, where = 0, []
    for item in items:
        n, at = _occurrences(response, item)
        if n > 0:
            count += n
            where.extend(at)
    return count, where


def _contain(response: str, key: str, value: str) -> int:
    fields = _constraint_fields(key, value)
    response = response.replace("**", "")
    records: dict[tuple[Any, ...], list[tuple[int, int]]] = {}
    if "contain_only" in fields:
        satisfied = 0
        for group in _nested_words(fields["contain_only"]):
            count, where = _group_occurrences(response, group)
            if count > 0:
                satisfied += 1
                records[tuple(group)] = where
        score = 1 if satisfied == 1 else 0
    else:
        items = str_to_iterable(list, fields["contain"])
        count, where = _group_occurrences(response, items)
        if count > 0:
            records[tuple(items)] = where
        score = 1 if count else 0
    if score > 0:
        where = list(records.values())[0]
        if "position_only" in fields:
            return 1 if len(where) == 1 and where[0][0] == fields["position_only"] else 0
        if "position" in fields:
            score = 1 if fields["position"] in [w[0] for w in where] else 0
        if "times" in fields:
            score = 1 if sum(w[1] for w in where) == fields["times"] else 0
    return score


# ------------------------------------------------------------------------------------------ constraints

def _acrostic(response: str, key: str, value: str) -> int:
    lines = response.replace("**", "").strip().lower().split("\n")
    if len(lines) != len(value):
        return 0
    every_word = "acrostic_alliteration" in key
    for line, letter in zip(lines, value.lower()):
        line = line.strip()
        if letter == " ":
            if line != "":
                return 0
        elif not line or not (all(w[0] == letter for w in line.split(" ")) if every_word else line[0] == letter):
            return 0
    return 1


def _length(response: str, value: str) -> int:
    try:
        limit = int(value[1:])
    except ValueError:
        return 0
    words = len(re.findall(r"\b\w+\b", response))
    if value[0] == "<":
        return 1 if words < limit else 0
    if value[0] == ">":
        return 1 if words > limit else 0
    # The reference leaves its score unset here and fails (the query's score is lost).
    raise ValueError(f"length constraint {value!r} is neither <N nor >N")


def _rhymes(lines: list[str], scheme: str) -> int:
    if len(lines) != len(scheme):
        return 0
    last_words = [line.split()[-1] if line != "" else "" for line in lines]
    by_letter: dict[str, set[str]] = collections.defaultdict(set)
    for letter, word in zip(scheme, last_words):
        if letter == " ":
            if word != "":
                return 0
        else:
            by_letter[letter].add(word)
    endings = {}
    for letter, words in by_letter.items():
        common = set.intersection(*[{_rhyming_part(p) for p in phones_for_word(w)} for w in words])
        if not common:
            return 0
        endings[letter] = common
    if any(endings[a] & endings[b] for a, b in itertools.combinations(endings, 2)):
        return 0
    return 1


_PUNCTUATION = str.maketrans({".": "", ",": "", "!": "", "?": "", ":": "", ";": "", '"': "", "-": " ", "—": " "})


def check_constraint(response: str, key: str, value: str) -> int:
    """One constraint's score (0 or 1)."""
    if value.strip() == "":
        return 1
    if "contain" in key:
        return _contain(response, key, value)
    if "length" in key:
        return _length(response, value)
    if "acrostic" in key:
        return _acrostic(response, key, value)
    text = response.strip().translate(_PUNCTUATION)
    text = re.sub(r" *\(\w\) *(?=\n|$)", "", text)  # a rhyme-scheme letter in brackets ending a line
    lines = text.lower().split("\n")
    if key == "syllables":
        ranges = _syllable_ranges(value)
        if len(lines) != len(ranges):
            return 0
        try:
            return 1 if all(any(low <= n <= high for n in _syllable_counts(line))
                            for line, (low, high) in zip(lines, ranges)) else 0
        except IndexError:
            return 0
    if key == "rhyming_scheme":
        return _rhymes(lines, value)
    if key == "poetry_meter":
        return 1 if all(_iambic(line) for line in lines) else 0
    return 0


def constrained_generation(response: Any, constraints: Any) -> tuple[Any, str]:
    """(lowest constraint score, ``"name: score"`` records joined by tabs).

    Raises:
        NeedsResource: a constraint needs a library or data that is not installed. Anything the reference
        raises (a response that is no text, no constraints): 0 through ``match_context``.
    """
    scores = {}
    for key, value in constraints.items():
        try:
            with step_limit(SECONDS):
                scores[key] = check_constraint(response, key, value)
        except StepTimeout:
            scores[key] = 0
    return min(scores.values()), "\t".join(f"{k}: {v}" for k, v in scores.items())
