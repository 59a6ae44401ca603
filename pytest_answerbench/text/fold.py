"""When a case-insensitive scan may run on the lower-cased text instead (``fold_safe``).

Both readers scan replies case-insensitively. ``text.lower()`` lines up with ``text`` character for character,
and a pattern written in lower case then finds in it the spans an IGNORECASE pattern finds in ``text``, unless the
text holds a character that IGNORECASE matches to an ASCII letter although ``lower()`` does not map it there (or
maps it to two characters): the dotted and dotless i, the long s and the Kelvin sign (``FOLD_UNSAFE``). Used by the
multiple-choice reader's scans (``choice/scan.py``) and the maths answer markers (``maths/extract.py``).
"""

from __future__ import annotations

__all__ = ["FOLD_UNSAFE", "fold_safe"]

FOLD_UNSAFE = ("\u0130", "\u0131", "\u017f", "\u212a")


def fold_safe(text: str) -> bool:
    """True when ``text.lower()`` lines up with ``text`` character for character and no character folds onto an
    ASCII letter in a way ``lower()`` does not."""
    return text.isascii() or not any(ch in text for ch in FOLD_UNSAFE)
