"""What a scorer may ask of a judge (``ctx.judge``), independent of how the judge is reached.

Scorers call ``ctx.judge.ask(messages, **params)`` and get the reply text, or a JudgeError when no reply could be
had. A JudgeError is never a verdict: the row becomes ``status="error"`` with the reason, never a wrong answer.
``JudgeFatalError`` (a JudgeError) means no later call can succeed either (bad API key, unknown model): the
plugin stops the run with that one message instead of failing every remaining row.

The OpenAI-compatible implementation lives in ``judge/openai.py`` (``OpenAIJudge``, with the reply cache of
``judge/cache.py``); tests and users may pass any object with the same ``ask`` (``ScriptedJudge`` here replies
from a script; ``judge/testing.py`` is a fake OpenAI-compatible server for testing the real client).

Parameters of ``ask``:
    ``messages``: ``[{"role": "system"|"user"|"assistant", "content": str}, ...]``.
    ``template_version``: a short string naming the prompt template (``"crag_mm.fb/1"``). It is part of the
        cache key but never sent; bump it when a template's wording changes so old cached replies are not reused.
    ``delimiter``: the random marker (:func:`draw_delimiter`) a guarded prompt quotes the answer between. Never
        sent; the cache key reads the messages with it replaced by a placeholder (:func:`delimiter_free`), so a
        rerun, a prefetch and the row's own call find the same reply although each drew its own marker.
    Anything else (``temperature``, ``max_tokens``, ``response_format``...) is passed to the chat-completions
    call and is part of the cache key.

Prefetching (judge calls in flight for many rows at once although pytest runs items one by one):
    A judge may offer ``prefetch(requests, **params) -> dict``: it asks many conversations concurrently and keeps
    the replies so that the later ``ask`` for the same conversation and parameters returns at once. ``requests``
    holds message lists or ``JudgeRequest`` objects (their own params win over the shared ``**params``).
    Failures are kept too, so the later ``ask`` raises the same JudgeError without calling again; a
    ``JudgeFatalError`` stops the prefetch and is raised by it. A ``prefetch`` that takes an ``on_reply``
    keyword is handed the progress line's counter: ``on_reply(received, asked)`` as replies arrive (docs/running.md:
    "Long runs: progress"); one without it is called with the requests alone.

    A scorer module may define ``judge_requests(row, ctx) -> list[JudgeRequest]``: the conversations its
    ``score(row, ctx)`` will ask for that row, exactly (same messages, same params), computed without calling
    the judge. Requests that depend on an earlier reply cannot be listed and are simply asked later. Returning
    a request that ``score`` will not ask only wastes a call. The plugin gathers the requests of the rows it is
    about to run and calls ``ctx.judge.prefetch(...)`` when the judge has that method.

Per-row accounting: ``ask_judge(judge, messages, **params)`` returns a ``JudgeReply`` (text, token counts,
whether it came from the cache) from any judge, using the judge's ``ask_detailed`` when it has one. Scorers
use it to fill ``Verdict.extra["judge"]`` (calls, cache hits, tokens) and ``extra["judge_calls"]``.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field
from typing import Any, Mapping, Protocol, Sequence

__all__ = [
    "Judge",
    "JudgeError",
    "JudgeFatalError",
    "JudgeReply",
    "JudgeRequest",
    "JudgeTally",
    "ScriptedJudge",
    "ask_judge",
    "delimiter_free",
    "draw_delimiter",
]

Message = dict  # {"role": "system"|"user"|"assistant", "content": str}

#: The call parameter naming a guarded prompt's random delimiter (never sent, kept out of the cache key).
DELIMITER = "delimiter"
_PLACEHOLDER = "{delimiter}"


def draw_delimiter(*texts: str) -> str:
    """A random marker (``secrets.token_hex``) found in none of ``texts`` (the answer, the question, the gold:
    everything the prompt will hold), so an answer cannot close the quotation it is put in: it would have to
    guess the marker before it was drawn. Drawn again in the (vanishing) case that a text holds it."""
    lowered = [t.lower() for t in texts if isinstance(t, str)]
    while True:
        marker = secrets.token_hex(8)
        if not any(marker in t for t in lowered):
            return marker


def delimiter_free(messages: Sequence[Mapping[str, Any]], params: Mapping[str, Any]
                   ) -> tuple[list[dict[str, Any]], dict[str, Any], str | None]:
    """(the messages with the ``delimiter`` parameter's marker replaced by a fixed placeholder, the parameters
    without it, the marker or None): what a cache key is computed from, so that the same question quoted
    between two different random markers is the same question."""
    rest = dict(params)
    marker = rest.pop(DELIMITER, None)
    if not marker:
        return [dict(m) for m in messages], rest, None
    masked = [{**m, "content": m["content"].replace(marker, _PLACEHOLDER)} if isinstance(m.get("content"), str)
              else dict(m) for m in messages]
    return masked, rest, str(marker)


class JudgeError(Exception):
    """The judge could not give a reply (network, HTTP status, malformed body, offline cache miss)."""


class JudgeFatalError(JudgeError):
    """No judge call can succeed (authentication, permission or unknown model): stop the run."""


@dataclass(frozen=True)
class JudgeRequest:
    """One conversation a scorer will ask, with its call parameters (see ``judge_requests``)."""

    messages: tuple[Mapping[str, Any], ...]
    params: Mapping[str, Any] = field(default_factory=dict)

    @classmethod
    def of(cls, messages: Sequence[Mapping[str, Any]], **params: Any) -> "JudgeRequest":
        return cls(tuple(dict(m) for m in messages), dict(params))


@dataclass(frozen=True)
class JudgeReply:
    """A reply with its accounting.

    Attributes:
        text: the reply text.
        prompt_tokens, completion_tokens: as reported by the server (0 when unknown or scripted).
        cached: True when the reply came from the persistent cache rather than an API call made by this run.
    """

    text: str
    prompt_tokens: int = 0
    completion_tokens: int = 0
    cached: bool = False


class Judge(Protocol):
    model: str

    def ask(self, messages: Sequence[Message], **params: Any) -> str:
        """The judge's reply text for one conversation. Raises JudgeError."""
        ...


def ask_judge(judge: Any, messages: Sequence[Message], **params: Any) -> JudgeReply:
    """Ask any judge, returning a JudgeReply (token counts when the judge knows them). Raises JudgeError."""
    detailed = getattr(judge, "ask_detailed", None)
    if detailed is not None:
        return detailed(messages, **params)
    text = judge.ask(messages, **params)
    if not isinstance(text, str):
        raise JudgeError(f"judge returned {type(text).__name__}, not text")
    return JudgeReply(text)


@dataclass
class JudgeTally:
    """Per-row judge accounting a scorer keeps while scoring one row, for ``Verdict.extra``."""

    calls: int = 0
    cache_hits: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    log: list[dict[str, Any]] = field(default_factory=list)

    def ask(self, judge: Any, messages: Sequence[Message], **params: Any) -> str:
        """Ask ``judge`` and record the exchange. Raises JudgeError (the failed request is recorded too)."""
        request = messages[-1].get("content") if messages else ""
        try:
            reply = ask_judge(judge, messages, **params)
        except JudgeError as exc:
            self.log.append({"request": request, "reply": None, "error": str(exc)})
            raise
        if reply.cached:
            self.cache_hits += 1
        else:
            self.calls += 1
        self.prompt_tokens += reply.prompt_tokens
        self.completion_tokens += reply.completion_tokens
        self.log.append({"request": request, "reply": reply.text, "cached": reply.cached})
        return reply.text

    def extra(self) -> dict[str, Any]:
        """``{"judge": {...counts...}, "judge_calls": [...]}`` or ``{}`` when the judge was never asked."""
        if not self.log:
            return {}
        return {
            "judge": {
                "calls": self.calls,
                "cache_hits": self.cache_hits,
                "prompt_tokens": self.prompt_tokens,
                "completion_tokens": self.completion_tokens,
            },
            "judge_calls": list(self.log),
        }


@dataclass
class ScriptedJudge:
    """A judge that replies from a script, for tests and dry runs.

    ``replies`` is consumed in order (a string in it that starts with ``"!error"`` raises JudgeError instead);
    ``calls`` records every conversation asked and ``params`` the parameters of each call.
    """

    replies: list[str]
    model: str = "scripted"
    calls: list[Sequence[Message]] = field(default_factory=list)
    params: list[dict[str, Any]] = field(default_factory=list)

    def ask(self, messages: Sequence[Message], **params: Any) -> str:
        self.calls.append(list(messages))
        self.params.append(dict(params))
        if not self.replies:
            raise JudgeError("scripted judge has no reply left")
        reply = self.replies.pop(0)
        if reply.startswith("!error"):
            raise JudgeError(reply[len("!error"):].strip() or "scripted failure")
        return reply
