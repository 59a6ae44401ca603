"""The LLM judge over any OpenAI-compatible chat-completions server (OpenAI, vLLM, Ollama, LM Studio...).

``OpenAIJudge`` implements the protocol of ``judge/protocol.py``:

* the real ``openai`` client (imported lazily, on the first network call), configured from explicit arguments
  or the standard environment (``OPENAI_API_KEY``, ``OPENAI_BASE_URL``);
* a total deadline per HTTP request (``timeout``; ``deadline.py``): a server that stalls or trickles its reply
  cannot hold a request longer, whichever phase it is in;
* our own bounded retries (the client's are switched off so the counts are ours): exponential backoff with
  jitter, honouring ``Retry-After`` / ``retry-after-ms``, for 408, 409, 429, 5xx, connection errors, timeouts
  and malformed bodies (not JSON, no choices, no text); no retry for other 4xx; 401/403/404 raise
  ``JudgeFatalError`` and latch it, so every later call fails at once with the same message;
* the row's budget (``deadline.row_budget``, set by the plugin to the row's time limit): no attempt starts and
  no wait begins that the budget cannot hold; the call then fails with a JudgeError naming why;
* a circuit breaker: after ``breaker`` calls in a row that could not reach the server at all, a
  ``JudgeFatalError`` is latched (the run stops with one message instead of retrying every row);
* ``check()``: one request before any row is scored, failing (JudgeFatalError) when the endpoint cannot be
  reached or refuses the key or the model;
* a persistent reply cache in SQLite (``cache.py``: WAL, busy timeout; several processes may write at once),
  keyed by the sha256 of (endpoint, model, prompt template version, exact messages with a guarded prompt's
  random ``delimiter`` masked, call parameters), without expiry; ``cache_path=None`` disables it;
  ``offline=True`` answers from the cache only, and ``replay_note()`` says which endpoints the cache holds this
  model's replies for;
* ``prefetch(requests)``: many calls in flight at once (``concurrency`` threads) whose replies are kept in
  memory for the later ``ask``;
* ``stats()``: calls, cache hits, tokens, retries, failures.

The API key is never part of a message, a repr or a log line: error texts from the server are scrubbed of it
and of anything shaped like a key.
"""

from __future__ import annotations

import email.utils
import logging
import os
import random
import re
import sqlite3
import threading
import time
from concurrent.futures import ThreadPoolExecutor, as_completed
from pathlib import Path
from typing import Any, Callable, Iterable, Mapping, Sequence

from ..text.patterns import lazy_compile
from .protocol import JudgeError, JudgeFatalError, JudgeReply, JudgeRequest, delimiter_free
from .cache import ReplyCache, cache_key, default_cache_path, endpoint_label
from .deadline import current_row_deadline, deadline_http_client, request_deadline, row_budget, time_left

__all__ = ["OpenAIJudge", "default_cache_path", "JudgeError", "JudgeFatalError"]

log = logging.getLogger(__package__)  # the judge's one logger, whichever of its modules logs

RETRY_STATUSES = frozenset({408, 409, 429})  # plus every 5xx
FATAL_STATUSES = frozenset({401, 403, 404})
# Servers without authentication (vLLM, Ollama) still need *some* key for the client to start.
PLACEHOLDER_KEY = "not-needed"
_KEYLIKE = lazy_compile(r"\b(sk|key|rk)-[A-Za-z0-9_*\-]{6,}")


class _Retryable(Exception):
    """One failed attempt that may be retried; ``wait`` is the server's Retry-After in seconds, if any;
    ``unreachable``: the server could not be reached at all (refused, reset, no route, connect timeout)."""

    def __init__(self, message: str, wait: float | None = None, unreachable: bool = False) -> None:
        super().__init__(message)
        self.wait = wait
        self.unreachable = unreachable


class _OutOfTime(JudgeError):
    """The row's time budget cannot hold another attempt or wait. Not kept by ``prefetch``: the row's own
    ``ask`` tries again within its own budget."""


class OpenAIJudge:
    """A judge reached through the ``openai`` client at any OpenAI-compatible ``/v1/chat/completions``.

    Args:
        model: the model name the server knows (``gpt-4o-mini``, ``Qwen/Qwen2.5-7B-Instruct``, ``llama3.1``).
        base_url: the server's API root (``http://localhost:8000/v1``); default ``$OPENAI_BASE_URL`` or OpenAI.
        api_key: default ``$OPENAI_API_KEY``; with a custom ``base_url`` and no key a placeholder is sent.
        concurrency: at most this many requests in flight (prefetch threads and concurrent ``ask`` calls).
        timeout: seconds one HTTP attempt may take in all (connect, send, wait, read the whole reply).
        max_retries: retries after the first attempt (so at most ``max_retries + 1`` requests per call).
        backoff: the first retry's delay in seconds; it doubles each retry (with jitter), capped at
            ``backoff_max``. A server's ``Retry-After`` wins, capped at ``retry_after_max``.
        breaker: after this many calls in a row that could not reach the server (each after its retries),
            every call fails with JudgeFatalError.
        cache_path: the SQLite reply cache; None disables it.
        offline: answer only from the cache (and prefetched replies); a miss raises JudgeError.
        default_params: call parameters used unless a call gives its own (e.g. ``{"temperature": 0}``).

    Example:
        >>> judge = OpenAIJudge("llama3.1", base_url="http://localhost:11434/v1", cache_path=None)
        >>> judge.ask([{"role": "user", "content": "Say OK"}])  # doctest: +SKIP
        'OK'
    """

    def __init__(
        self,
        model: str,
        *,
        base_url: str | None = None,
        api_key: str | None = None,
        concurrency: int = 16,
        timeout: float = 60.0,
        max_retries: int = 4,
        backoff: float = 1.0,
        backoff_max: float = 30.0,
        retry_after_max: float = 120.0,
        breaker: int = 3,
        cache_path: str | os.PathLike[str] | None = None,
        offline: bool = False,
        default_params: Mapping[str, Any] | None = None,
    ) -> None:
        if not isinstance(model, str) or not model.strip():
            raise ValueError("OpenAIJudge needs a model name (e.g. --bench-judge-model gpt-4o-mini)")
        if concurrency < 1:
            raise ValueError(f"judge concurrency must be at least 1, got {concurrency}")
        if max_retries < 0:
            raise ValueError(f"judge max_retries must be >= 0, got {max_retries}")
        if timeout <= 0:
            raise ValueError(f"judge timeout must be > 0 seconds, got {timeout}")
        self.model = model.strip()
        self.base_url = base_url or os.environ.get("OPENAI_BASE_URL") or None
        # Kept private and out of repr; only the client and the scrubber ever see it.
        self.__api_key = api_key if api_key is not None else os.environ.get("OPENAI_API_KEY")
        self.concurrency = int(concurrency)
        self.timeout = float(timeout)
        self.max_retries = int(max_retries)
        self.backoff = float(backoff)
        self.backoff_max = float(backoff_max)
        self.retry_after_max = float(retry_after_max)
        self.breaker = max(1, int(breaker))
        self._unreachable_calls = 0  # consecutive calls that never reached the server
        self.offline = bool(offline)
        self.default_params = dict(default_params or {})
        self.cache_path = Path(cache_path) if cache_path is not None else None
        self._cache: ReplyCache | None = None
        self._hint: str | None = None  # the offline miss's hint (_replay_hint), worked out once
        if self.cache_path is not None:
            try:
                self._cache = ReplyCache(self.cache_path)
            except (sqlite3.Error, OSError) as exc:
                raise JudgeFatalError(f"cannot open the judge cache {self.cache_path}: {exc}") from None
        self._client: Any = None
        self._client_lock = threading.Lock()
        self._slots = threading.BoundedSemaphore(self.concurrency)
        self._memo: dict[str, JudgeReply | JudgeError] = {}
        self._memo_lock = threading.Lock()
        self._stats_lock = threading.Lock()
        self._stats = {"calls": 0, "cache_hits": 0, "prompt_tokens": 0, "completion_tokens": 0, "requests": 0,
                       "retries": 0, "failures": 0}
        self.fatal: JudgeFatalError | None = None

    # -- presentation ------------------------------------------------------------------------------------

    def __repr__(self) -> str:
        return (f"OpenAIJudge(model={self.model!r}, base_url={_redact_url(self.base_url)!r}, "
                f"concurrency={self.concurrency}, cache={str(self.cache_path) if self.cache_path else None!r}, "
                f"offline={self.offline})")

    def describe(self) -> str:
        """One line for the run header: model, endpoint, cache, offline."""
        where = _redact_url(self.base_url) or "api.openai.com"
        cache = str(self.cache_path) if self.cache_path else "off"
        return f"judge {self.model} at {where} (concurrency {self.concurrency}, cache {cache}" + (
            ", offline)" if self.offline else ")")

    @property
    def endpoint(self) -> str:
        """The endpoint as the cache records it (``cache.endpoint_label``: no credentials, no query string;
        OpenAI's API when no base URL is set)."""
        return endpoint_label(self.base_url)

    def cached_endpoints(self) -> dict[str | None, int]:
        """How many replies of this model the cache holds per endpoint (None: written before endpoints were
        recorded); empty without a cache."""
        if self._cache is None:
            return {}
        try:
            return self._cache.endpoints(self.model)
        except sqlite3.Error:
            return {}

    def replay_note(self) -> str | None:
        """For an offline run, before scoring: which endpoints the cache holds this model's replies for, and
        the base URL to give when this run's endpoint holds none of them; None when there is nothing to say."""
        if not self.offline or self._cache is None:
            return None
        held = self.cached_endpoints()
        if not held:
            return (f"judge replay (offline): the cache {self.cache_path} holds no reply of model {self.model}: "
                    "every row that needs the judge will be an error")
        listed = ", ".join(f"{where or 'an unrecorded endpoint'} ({count})" for where, count in held.items())
        note = f"judge replay (offline): the cache holds replies of model {self.model} for {listed}"
        if self.endpoint not in held:
            others = [where for where in held if where]
            note += (f"; none for this run's endpoint {self.endpoint} (the cache keys replies by endpoint)"
                     + (f": pass --bench-judge-base-url {others[0]} to replay them" if others else ""))
        return note

    def _replay_hint(self) -> str:
        """The offline miss's hint, once per judge: the endpoints that do hold this model's replies."""
        if self._hint is None:
            others = [where for where in self.cached_endpoints() if where and where != self.endpoint]
            self._hint = (f" (the cache holds this model's replies for {', '.join(others)}: pass "
                          f"--bench-judge-base-url {others[0]})" if others else "")
        return self._hint

    def stats(self) -> dict[str, int]:
        """Counters since creation: ``calls`` (API calls answered), ``cache_hits``, ``prompt_tokens``,
        ``completion_tokens``, ``requests`` (HTTP attempts), ``retries``, ``failures`` (calls given up)."""
        with self._stats_lock:
            return dict(self._stats)

    def _count(self, **deltas: int) -> None:
        with self._stats_lock:
            for key, value in deltas.items():
                self._stats[key] += value

    # -- the protocol --------------------------------------------------------------------------------------

    def ask(self, messages: Sequence[Mapping[str, Any]], **params: Any) -> str:
        """The reply text for one conversation. Raises JudgeError (JudgeFatalError for auth/model errors)."""
        return self.ask_detailed(messages, **params).text

    def ask_detailed(self, messages: Sequence[Mapping[str, Any]], **params: Any) -> JudgeReply:
        """Like ``ask``, with token counts and whether the reply came from the cache."""
        template_version = str(params.pop("template_version", "") or "")
        keyed, params, _ = delimiter_free(messages, params)
        call_params = {**self.default_params, **params}
        key = cache_key(self.model, template_version, keyed, call_params, self.base_url)
        with self._memo_lock:
            kept = self._memo.pop(key, None)
        if isinstance(kept, JudgeError):
            raise kept
        if kept is not None:
            return kept
        return self._resolve(key, template_version, messages, call_params)

    def prefetch(self, requests: Iterable[Sequence[Mapping[str, Any]] | JudgeRequest], *,
                 on_reply: Callable[[int, int], None] | None = None, **params: Any) -> dict[str, int]:
        """Ask many conversations concurrently and keep the replies for the later ``ask`` calls.

        ``requests`` holds message lists (asked with ``**params``) or ``JudgeRequest`` objects (their params
        over ``**params``). Duplicates are asked once. Returns counts: ``requested`` (distinct), ``cached``
        (already known), ``fetched``, ``failed``. Raises JudgeFatalError (after stopping) on an auth or model
        error; other failures are kept and raised by the matching ``ask``.

        ``on_reply(received, asked)`` is called as each reply (or kept failure) arrives, with the count so far
        and the number of conversations sent, always from the calling thread, never from the pool's (the
        plugin's progress line, run.Progress.judge, writes to the terminal from it).
        """
        shared = dict(params)
        todo: dict[str, tuple[str, Sequence[Mapping[str, Any]], dict[str, Any]]] = {}
        for req in requests:
            if isinstance(req, JudgeRequest):
                messages, p = list(req.messages), {**shared, **req.params}
            else:
                messages, p = list(req), dict(shared)
            version = str(p.pop("template_version", "") or "")
            keyed, p, _ = delimiter_free(messages, p)
            call_params = {**self.default_params, **p}
            todo.setdefault(cache_key(self.model, version, keyed, call_params, self.base_url),
                            (version, messages, call_params))
        counts = {"requested": len(todo), "cached": 0, "fetched": 0, "failed": 0}
        pending = []
        for key, item in todo.items():
            with self._memo_lock:
                known = key in self._memo
            if known:
                counts["cached"] += 1
            else:
                pending.append((key, item))
        if not pending:
            return counts
        if self.fatal is not None:
            raise self._fatal_again()

        row_end = current_row_deadline()  # the calling row's budget holds in the pool's threads too

        def one(key: str, version: str, messages: Sequence[Mapping[str, Any]], p: dict[str, Any]) -> str:
            try:
                with row_budget(None if row_end is None else row_end - time.monotonic()):
                    reply: JudgeReply | JudgeError = self._resolve(key, version, messages, p)
                outcome = "cached" if reply.cached else "fetched"
            except JudgeFatalError:
                raise
            except _OutOfTime:  # not this row's failure: its own ask tries again in its own time
                return "failed"
            except JudgeError as exc:
                reply, outcome = exc, "failed"
            with self._memo_lock:
                self._memo[key] = reply
            return outcome

        pool = ThreadPoolExecutor(max_workers=min(self.concurrency, len(pending)),
                                  thread_name_prefix="answerbench-judge")
        try:
            futures = [pool.submit(one, key, *item) for key, item in pending]
            for received, fut in enumerate(as_completed(futures), 1):
                if fut.exception() is not None:  # a fatal error: stop waiting for the others
                    break
                if on_reply is not None:
                    on_reply(received, len(futures))
        finally:
            # a fatal error, or the row's own timer firing here: leave the stragglers (each within its
            # deadline) and queue nothing more
            pool.shutdown(wait=False, cancel_futures=True)
        for fut in futures:
            if fut.done() and not fut.cancelled() and fut.exception() is None:
                counts[fut.result()] += 1
        if self.fatal is not None:
            raise self._fatal_again()
        return counts

    def close(self) -> None:
        """Close the HTTP client and the cache connection."""
        if self._client is not None:
            try:
                self._client.close()
            except Exception:  # closing is best effort
                pass
        if self._cache is not None:
            self._cache.close()
            self._cache = None

    # -- internals -----------------------------------------------------------------------------------------

    def _resolve(self, key: str, template_version: str, messages: Sequence[Mapping[str, Any]],
                 params: dict[str, Any]) -> JudgeReply:
        if self._cache is not None:
            try:
                hit = self._cache.get(key)
            except sqlite3.Error as exc:  # a broken cache must not stop the judging
                log.warning("judge cache read failed (%s); asking the server", exc)
                hit = None
            if hit is not None:
                self._count(cache_hits=1)
                return JudgeReply(hit[0], hit[1], hit[2], cached=True)
        if self.offline:
            raise JudgeError(f"judge reply not cached (offline) for model {self.model} at {self.endpoint}"
                             + self._replay_hint())
        if self.fatal is not None:
            raise self._fatal_again()
        reply = self._call(messages, params)
        if self._cache is not None:
            try:
                self._cache.put(key, self.model, template_version, reply.text, reply.prompt_tokens,
                                reply.completion_tokens, endpoint=self.endpoint)
            except sqlite3.Error as exc:
                log.warning("judge cache write failed (%s); the reply is used but not kept", exc)
        return reply

    def _get_client(self) -> Any:
        with self._client_lock:
            if self._client is None:
                try:
                    import openai
                except ImportError as exc:  # pragma: no cover - openai is a dependency
                    raise JudgeFatalError(f"the judge needs the openai package ({exc})") from None
                key = self.__api_key
                if not key:
                    if not self.base_url:
                        raise self._latch(JudgeFatalError(
                            "no API key for the judge: set OPENAI_API_KEY, or point --bench-judge-base-url "
                            "(OPENAI_BASE_URL) at a server that needs none"))
                    key = PLACEHOLDER_KEY
                self._client = openai.OpenAI(api_key=key, base_url=self.base_url, timeout=self.timeout,
                                             max_retries=0, http_client=deadline_http_client(openai, self.timeout))
            return self._client

    def _latch(self, exc: JudgeFatalError) -> JudgeFatalError:
        if self.fatal is None:
            self.fatal = exc
        return self._fatal_again()

    def _fatal_again(self) -> JudgeFatalError:
        # A fresh exception each time: re-raising one instance from many threads would pile up tracebacks.
        return JudgeFatalError(str(self.fatal))

    def _call(self, messages: Sequence[Mapping[str, Any]], params: dict[str, Any]) -> JudgeReply:
        client = self._get_client()
        attempts = self.max_retries + 1
        last = ""
        for attempt in range(attempts):
            if self.fatal is not None:  # another thread hit an auth/model error: stop retrying
                raise self._fatal_again()
            left = time_left()
            if left is not None and left <= 0:
                self._count(failures=1)
                raise _OutOfTime(f"judge {self.model}: the row's time limit ran out before attempt {attempt + 1}"
                                 + (f" (last failure: {last})" if last else ""))
            if attempt:
                self._count(retries=1)
            try:
                with self._slots:
                    self._count(requests=1)
                    reply = self._attempt(client, messages, params, self.timeout if left is None
                                          else min(self.timeout, left))
                self._unreachable_calls = 0
                return reply
            except _Retryable as exc:
                last = str(exc)
                unreachable = exc.unreachable
                if attempt + 1 >= attempts:
                    break
                delay = self._delay(attempt, exc.wait)
                left = time_left()
                if left is not None and delay >= left:
                    self._count(failures=1)
                    self._tally_unreachable(unreachable, last)
                    asked = f"the server asked to wait {exc.wait:g}s (Retry-After)" if exc.wait is not None \
                        else f"the next retry would wait {delay:.1f}s"
                    raise _OutOfTime(f"judge {self.model} gave up after {attempt + 1} attempt"
                                     f"{'s' if attempt else ''} ({last}): {asked} and the row has "
                                     f"{max(left, 0):.1f}s left of its time limit") from None
                log.info("judge attempt %d/%d failed (%s); retrying in %.2fs", attempt + 1, attempts, last, delay)
                time.sleep(delay)
            except JudgeError:
                self._count(failures=1)
                self._unreachable_calls = 0
                raise
        self._count(failures=1)
        self._tally_unreachable(unreachable, last)
        tries = "1 attempt" if attempts == 1 else f"{attempts} attempts"
        raise JudgeError(f"judge {self.model} failed after {tries}: {last}")

    def _tally_unreachable(self, unreachable: bool, last: str) -> None:
        """The circuit breaker: count calls that never reached the server; trip after ``breaker`` in a row."""
        with self._stats_lock:
            self._unreachable_calls = self._unreachable_calls + 1 if unreachable else 0
            tripped = self._unreachable_calls >= self.breaker
        if tripped:
            where = _redact_url(self.base_url) or "api.openai.com"
            raise self._latch(JudgeFatalError(
                f"judge endpoint {where} unreachable: {self._unreachable_calls} calls in a row could not connect "
                f"({last}); stopping instead of retrying every row"))

    def check(self) -> None:
        """One request to the endpoint, before any row is scored. Raises JudgeFatalError naming the URL when
        the server cannot be reached, does not answer within ``timeout``, or refuses the key, the model or the
        path. Any other answer (even an error status) shows a live endpoint. Nothing is cached or counted."""
        if self.offline:
            return
        where = _redact_url(self.base_url) or "https://api.openai.com/v1"
        client = self._get_client()
        try:
            self._attempt(client, [{"role": "user", "content": "Reply with OK."}], {"max_tokens": 1},
                          self.timeout, counted=False)
        except _Retryable as exc:
            if exc.unreachable or str(exc).startswith("timed out"):
                raise self._latch(JudgeFatalError(f"judge endpoint {where} is not usable: {exc}")) from None
        except JudgeFatalError as exc:
            hint = ""
            if "HTTP 404" in str(exc) and not re.search(r"/v\d+[a-z]*/?$", (self.base_url or "").split("?")[0]):
                hint = (f" (the base URL {where} does not end in /v1: the openai client posts to "
                        f"<base URL>/chat/completions, so the URL must be the API root, e.g. http://host:8000/v1)")
            self.fatal = None  # the check's own failure is reported by the caller; a new judge would retry
            raise JudgeFatalError(f"judge endpoint {where}: {exc}{hint}") from None
        except JudgeError:
            pass  # the server answered (a 400 for max_tokens, say): it is there

    def _delay(self, attempt: int, retry_after: float | None) -> float:
        if retry_after is not None:
            return min(max(retry_after, 0.0), self.retry_after_max)
        base = min(self.backoff * (2 ** attempt), self.backoff_max)
        return base * (0.75 + 0.5 * random.random())  # jitter keeps many workers from retrying in step

    def _attempt(self, client: Any, messages: Sequence[Mapping[str, Any]], params: dict[str, Any],
                 seconds: float, counted: bool = True) -> JudgeReply:
        """One HTTP request, ended within ``seconds`` whatever the server does."""
        import openai

        try:
            with request_deadline(seconds):
                response = client.chat.completions.create(model=self.model, messages=list(messages), **params)
        except openai.APIStatusError as exc:
            status = exc.status_code
            text = self._scrub(_status_text(exc))
            if status in FATAL_STATUSES:
                what = {401: "authentication failed (check OPENAI_API_KEY)",
                        403: "permission denied (check the key's access to this model)",
                        404: f"model {self.model!r} or endpoint not found (check --bench-judge-model and the "
                             "base URL, which usually ends in /v1)"}[status]
                raise self._latch(JudgeFatalError(f"judge HTTP {status}: {what}: {text}")) from None
            if status in RETRY_STATUSES or status >= 500:
                raise _Retryable(f"HTTP {status}: {text}", _retry_after(exc)) from None
            raise JudgeError(f"judge HTTP {status} (not retried): {text}") from None
        except openai.APITimeoutError as exc:
            cause = exc.__cause__ or exc.__context__
            if type(cause).__name__ == "ConnectTimeout":
                raise _Retryable(f"connection error (ConnectTimeout after {seconds:g}s)", unreachable=True) from None
            raise _Retryable(f"timed out after {seconds:g}s (no complete reply; the judge timeout bounds the "
                             "whole request)") from None
        except openai.APIConnectionError as exc:
            cause = exc.__cause__ or exc.__context__
            detail = f" ({type(cause).__name__})" if cause is not None else ""
            raise _Retryable(f"connection error{detail}", unreachable=True) from None
        except (ValueError, openai.APIResponseValidationError) as exc:  # JSONDecodeError is a ValueError
            raise _Retryable(f"malformed response body ({type(exc).__name__})") from None
        except openai.OpenAIError as exc:
            raise JudgeError(f"judge client error: {self._scrub(str(exc))}") from None
        text = _reply_text(response)
        if text is None:
            raise _Retryable("malformed response: no choices or no message text")
        usage = getattr(response, "usage", None)
        prompt_tokens = _int(getattr(usage, "prompt_tokens", 0))
        completion_tokens = _int(getattr(usage, "completion_tokens", 0))
        if counted:
            self._count(calls=1, prompt_tokens=prompt_tokens, completion_tokens=completion_tokens)
        return JudgeReply(text, prompt_tokens, completion_tokens, cached=False)

    def _scrub(self, text: str) -> str:
        key = self.__api_key
        if key:
            text = text.replace(key, "***")
        text = _KEYLIKE.sub("***", text)
        return text[:300]


def _reply_text(response: Any) -> str | None:
    choices = getattr(response, "choices", None)
    if not choices:
        return None
    message = getattr(choices[0], "message", None)
    content = getattr(message, "content", None)
    if isinstance(content, list):  # content parts ([{"type": "text", "text": ...}]), as some servers reply
        texts = [part.get("text") if isinstance(part, Mapping) else getattr(part, "text", None) for part in content]
        if not texts or not all(isinstance(t, str) for t in texts):
            return None
        return "".join(texts)
    return content if isinstance(content, str) else None


def _status_text(exc: Any) -> str:
    body = getattr(exc, "body", None)
    if isinstance(body, dict):
        inner = body.get("error", body)
        if isinstance(inner, dict) and inner.get("message"):
            return str(inner["message"])
        if isinstance(inner, str):
            return inner
    return str(getattr(exc, "message", "") or type(exc).__name__)


def _retry_after(exc: Any) -> float | None:
    """Seconds from ``retry-after-ms`` or ``Retry-After`` (seconds or an HTTP date), if the server sent one."""
    headers = getattr(getattr(exc, "response", None), "headers", None)
    if headers is None:
        return None
    ms = headers.get("retry-after-ms")
    if ms:
        try:
            return float(ms) / 1000.0
        except ValueError:
            pass
    value = headers.get("retry-after")
    if not value:
        return None
    try:
        return float(value)
    except ValueError:
        pass
    try:
        when = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    return max(0.0, when.timestamp() - time.time())


def _int(value: Any) -> int:
    try:
        return int(value or 0)
    except (TypeError, ValueError):
        return 0


def _redact_url(url: str | None) -> str | None:
    """A base URL without any ``user:password@`` part."""
    if not url:
        return url
    return re.sub(r"//[^/@]*@", "//***@", url)
