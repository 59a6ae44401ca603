"""MEGA-Bench metrics that need something beyond the two texts: the GPT-4o judges (``gpt_4o_as_judge``,
``ascii_art_gpt4o_judge``), a model (``nli_entailment``) or an online geocoder (``geo_proximity_location_dict``).

The judges go through this tool's judge (``--bench-judge-model``; ``ask`` is the scorer's call into it) with
the reference's prompt and reply reading (``metrics/scoring/gpt_4o_as_judge.py``,
``ascii_art_gpt4o_judge.py``): the task's ``gpt4o_eval_configs`` prompt filled from its ``template_mapping``,
``temperature`` 0, and ``**Score**: N`` read as N / 10 (no score: 0, with the reply in the record); for ASCII
art, both pieces rendered as images (Pillow and a monospace font) and "yes" anywhere in the reply is 1.

The others score offline where the reference never reaches its model or geocoder: ``nli_entailment`` is 0
whenever the gold is a string (always, through the per-query processor); ``geo_proximity_location_dict`` is 0
for a response that is not a location record or has an empty part. Otherwise :class:`NeedsResource` names
what is missing and the row is an error.
"""

from __future__ import annotations

import base64
import io
import re
from pathlib import Path
from typing import Any, Callable, Mapping

from ...text.patterns import lazy_compile

__all__ = ["NeedsResource", "ascii_art_gpt4o_judge", "ascii_art_messages", "geo_proximity_location_dict", "gpt_4o_as_judge",
           "gpt_4o_messages", "nli_entailment", "read_score"]

TEMPLATE_VERSION = "megabench.gpt4o/1"
ASCII_TEMPLATE_VERSION = "megabench.ascii_art/1"
ASCII_PROMPT = ('Determine if the following two ASCII art images depict the same object. Your answer should be '
                'either "yes" or "no", but without the quotation marks.')
_SCORE = lazy_compile(r"\*\*Score\*\*\s*:\s*(\d+)")
_EXPLANATION = lazy_compile(r"\*\*Score explanation\*\*\s*:\s*(.*)", re.DOTALL)
_MONOSPACE_FILES = ("DejaVuSansMono.ttf", "cour.ttf", "Courier New.ttf", "consola.ttf", "SFMono-Regular.otf")
_FONT_DIRS = ("/usr/share/fonts", "/usr/local/share/fonts", "/Library/Fonts", "/System/Library/Fonts",
              "C:/Windows/Fonts")

Ask = Callable[[list, str], str]


class NeedsResource(Exception):
    """A metric needs a library, data, a model, a judge or a network service that is not available."""


def _image_part(data: bytes, mime: str) -> dict[str, Any]:
    return {"type": "image_url", "image_url": {"url": f"data:{mime};base64,{base64.b64encode(data).decode()}"}}


def gpt_4o_messages(config: Mapping[str, Any], response: Any, answers: Mapping[str, Any], images: Any,
                    question: Any, eval_context: Any) -> list[dict[str, Any]]:
    """The reference's judge request: the filled prompt (after the query's images for ``with image``)."""
    mapping = {}
    for key, source in config["template_mapping"].items():
        if source == "model_output":
            mapping[key] = response
        elif source == "example_question":
            mapping[key] = question
        elif source.split(".")[0] == "answers":
            mapping[key] = answers[source.split(".")[1]]
        elif source.split(".")[0] == "eval_context":
            mapping[key] = eval_context[source.split(".")[1]]
    text = config["eval_criteria_prompt"].format(**mapping)
    if config.get("judge_model_type") != "with image":
        return [{"role": "user", "content": text}]
    parts = []
    for path in images or []:
        file = Path(str(path))
        if not file.is_file():
            raise NeedsResource(f"metric 'gpt_4o_as_judge' (configured 'with image') needs the query's image "
                                f"{str(path)!r} (row field images)")
        mime = "image/png" if file.suffix.lower() == ".png" else "image/jpeg"
        parts.append(_image_part(file.read_bytes(), mime))
    return [{"role": "user", "content": parts + [{"type": "text", "text": text}]}]


def read_score(reply: str) -> tuple[float, str]:
    """``**Score**: N`` -> (N / 10, record); no score -> (0, the reply in the record)."""
    m = _SCORE.search(reply)
    if not m:
        return 0, f"Score is NULL: {reply};"
    explanation = _EXPLANATION.search(reply)
    return int(m.group(1)) / 10.0, f"Score: {int(m.group(1))}; Explanation: " \
                                    f"{explanation.group(1).strip() if explanation else ''}"


def gpt_4o_as_judge(config: Any, response: Any, answers: Mapping[str, Any], images: Any, question: Any,
                    eval_context: Any, ask: Ask | None) -> tuple[float, str]:
    """(score, record) from the judge for an open-ended answer.

    Raises:
        NeedsResource: no judge, no ``gpt4o_eval_configs`` in the task's config, or a missing image.
        JudgeError (from ``ask``): the judge gave no reply.
    """
    if not isinstance(config, Mapping) or "eval_criteria_prompt" not in config:
        raise NeedsResource("metric 'gpt_4o_as_judge' needs the task's 'gpt4o_eval_configs' "
                            "(eval_criteria_prompt, template_mapping) in its metrics config")
    if ask is None:
        raise NeedsResource("metric 'gpt_4o_as_judge' needs a judge model (--bench-judge-model)")
    messages = gpt_4o_messages(config, response, answers, images, question, eval_context)
    return read_score(ask(messages, TEMPLATE_VERSION))


def _font_file() -> str | None:
    for base in _FONT_DIRS:
        root = Path(base)
        if not root.is_dir():
            continue
        for name in _MONOSPACE_FILES:
            found = next(iter(root.rglob(name)), None)
            if found is not None:
                return str(found)
    return None


def render_ascii(text: str, width: int = 224, height: int = 224, font_size: int = 20, padding: int = 10) -> bytes:
    """ASCII art as a JPEG image, drawn as the reference draws it (monospace, then resized to 224 x 224).

    Raises:
        NeedsResource: Pillow or a monospace font is not installed.
    """
    try:
        from PIL import Image, ImageDraw, ImageFont
    except ImportError:
        raise NeedsResource("metric 'ascii_art_gpt4o_judge' needs Pillow to draw ASCII art "
                            "(pip install 'pytest-answerbench[megabench]')") from None
    font_file = _font_file()
    if font_file is None:
        raise NeedsResource("metric 'ascii_art_gpt4o_judge' needs a monospace font (DejaVu Sans Mono, Courier "
                            "New, ...) to draw ASCII art")
    lines = text.splitlines()
    size = (int(max(len(line) for line in lines) * font_size * 0.6 + 2 * padding),
            int(len(lines) * font_size + 2 * padding))
    image = Image.new("RGB", size, color="white")
    draw = ImageDraw.Draw(image)
    font = ImageFont.truetype(font_file, font_size)
    for i, line in enumerate(lines):
        draw.text((padding, padding + i * font_size), line, font=font, fill="black")
    buffer = io.BytesIO()
    image.resize((width, height), Image.Resampling.LANCZOS).save(buffer, format="JPEG")
    return buffer.getvalue()


def ascii_art_gpt4o_judge(response: Any, target: Any, ask: Ask | None) -> tuple[int, str]:
    """1 when the judge says the two drawings depict the same object ("yes" in its reply)."""
    if not isinstance(response, str) or not isinstance(target, str) or not response:
        return 0, ""
    if ask is None:
        raise NeedsResource("metric 'ascii_art_gpt4o_judge' needs a judge model that reads images "
                            "(--bench-judge-model)")
    reply = ask(ascii_art_messages(response, target), ASCII_TEMPLATE_VERSION)
    return (1 if "yes" in reply.lower() else 0), reply


def ascii_art_messages(response: str, target: str) -> list[dict[str, Any]]:
    """The reference's request: both drawings as images, then its yes/no question."""
    parts = [_image_part(render_ascii(response), "image/jpeg"), _image_part(render_ascii(target), "image/jpeg")]
    return [{"role": "user", "content": parts + [{"type": "text", "text": ASCII_PROMPT}]}]


def nli_entailment(response: Any, target: Any, fixed: bool = False) -> int:
    """0 when the response is no string or the gold is a string (the reference's early exit)."""
    if not isinstance(response, str) or isinstance(target, str):
        return 0
    raise NeedsResource("metric 'nli_entailment' needs the microsoft/deberta-large-mnli model (transformers, "
                        "torch) when the gold is not a string; it is not run here")


_LOCATION_KEYS = ("country", "province_or_state", "municipality")


def geo_proximity_location_dict(response: Any, target: Any, fixed: bool = False) -> float:
    """0 for a response that is no location record or has an empty part; otherwise needs the geocoder."""
    if not isinstance(response, Mapping) or set(response) != set(_LOCATION_KEYS):
        return 0
    if any(response[k] == "" for k in _LOCATION_KEYS):
        return 0
    raise NeedsResource("metric 'geo_proximity_location_dict' needs an online geocoder (geopy's Nominatim, "
                        "network access); it is not run here")
