"""The judge's persistent reply cache: SQLite (WAL, busy timeout), shared by threads and processes.

Replies are keyed by :func:`cache_key`, the sha256 of (endpoint, model, prompt template version, exact messages,
call parameters), and kept without expiry. ``openai.py`` reads it before asking the server and writes every reply.
Each reply also records its endpoint in the clear (:meth:`ReplyCache.endpoints`), so an offline replay that
names another endpoint than the one the replies were made at can say which endpoints hold them.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import sqlite3
import threading
import time
from pathlib import Path
from typing import Any, Mapping, Sequence

__all__ = ["ReplyCache", "cache_key", "default_cache_path", "endpoint_id", "endpoint_label"]

_CACHE_SCHEMA = """
CREATE TABLE IF NOT EXISTS replies (
    key TEXT PRIMARY KEY,
    model TEXT NOT NULL,
    template_version TEXT NOT NULL,
    reply TEXT NOT NULL,
    prompt_tokens INTEGER NOT NULL DEFAULT 0,
    completion_tokens INTEGER NOT NULL DEFAULT 0,
    created REAL NOT NULL,
    endpoint TEXT
)
"""


def default_cache_path() -> Path:
    """``$XDG_CACHE_HOME/pytest-answerbench/judge-cache.sqlite3`` (``~/.cache`` when unset)."""
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "pytest-answerbench" / "judge-cache.sqlite3"


#: The endpoint of a judge given no base URL (the ``openai`` client's default).
OPENAI_ENDPOINT = "https://api.openai.com/v1"


def endpoint_id(base_url: str | None) -> str:
    """The endpoint as the cache key holds it: no ``user:password@``, no trailing slash, scheme and host in
    lower case; OpenAI's API when None. Two servers may serve the same model name with different weights (a
    local vLLM and a hosted one), so their replies are kept apart."""
    if not base_url:
        return OPENAI_ENDPOINT
    url = re.sub(r"//[^/@]*@", "//", base_url.strip()).rstrip("/")
    head = re.match(r"^[A-Za-z][A-Za-z0-9+.-]*://[^/?#]*", url)
    return head.group(0).lower() + url[head.end():] if head else url


def endpoint_label(base_url: str | None) -> str:
    """The endpoint as the cache records it in the clear: :func:`endpoint_id` without a query string (which
    could hold a key)."""
    return endpoint_id(base_url).split("?", 1)[0]


def cache_key(model: str, template_version: str, messages: Sequence[Mapping[str, Any]],
              params: Mapping[str, Any], endpoint: str | None = None) -> str:
    """The cache key: sha256 of the canonical JSON of the endpoint (:func:`endpoint_id` of the base URL),
    model, template version, messages and parameters."""
    payload = json.dumps(
        {"endpoint": endpoint_id(endpoint), "model": model, "template_version": template_version,
         "messages": [dict(m) for m in messages], "params": dict(params)},
        sort_keys=True, ensure_ascii=False, separators=(",", ":"), default=str,
    )
    return hashlib.sha256(payload.encode("utf-8")).hexdigest()


class ReplyCache:
    """The SQLite reply store shared by threads (one connection, a lock) and processes (WAL, busy timeout)."""

    def __init__(self, path: Path, busy_timeout: float = 30.0) -> None:
        self.path = path
        self._lock = threading.Lock()
        path.parent.mkdir(parents=True, exist_ok=True)
        # isolation_level=None: autocommit, each statement is its own short transaction, so writers from
        # several processes hold the write lock only for one INSERT.
        self._conn = sqlite3.connect(str(path), timeout=busy_timeout, isolation_level=None,
                                     check_same_thread=False)
        self._conn.execute(f"PRAGMA busy_timeout = {int(busy_timeout * 1000)}")
        deadline = time.monotonic() + busy_timeout
        while True:
            try:
                # Switching to WAL needs a moment of exclusive access; another process may hold it.
                self._conn.execute("PRAGMA journal_mode = WAL")
                self._conn.execute("PRAGMA synchronous = NORMAL")
                self._conn.execute(_CACHE_SCHEMA)
                columns = {row[1] for row in self._conn.execute("PRAGMA table_info(replies)")}
                if "endpoint" not in columns:  # a cache written before endpoints were recorded
                    self._conn.execute("ALTER TABLE replies ADD COLUMN endpoint TEXT")
                break
            except sqlite3.OperationalError as exc:
                if "locked" not in str(exc) or time.monotonic() > deadline:
                    raise
                time.sleep(0.05)

    def get(self, key: str) -> tuple[str, int, int] | None:
        with self._lock:
            row = self._conn.execute(
                "SELECT reply, prompt_tokens, completion_tokens FROM replies WHERE key = ?", (key,)
            ).fetchone()
        return (row[0], int(row[1]), int(row[2])) if row else None

    def put(self, key: str, model: str, template_version: str, reply: str, prompt_tokens: int,
            completion_tokens: int, endpoint: str | None = None) -> None:
        with self._lock:
            self._conn.execute(
                "INSERT OR REPLACE INTO replies (key, model, template_version, reply, prompt_tokens, "
                "completion_tokens, created, endpoint) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (key, model, template_version, reply, prompt_tokens, completion_tokens, time.time(),
                 endpoint_label(endpoint) if endpoint is not None else None),
            )

    def endpoints(self, model: str) -> dict[str | None, int]:
        """How many replies of ``model`` the cache holds per endpoint (:func:`endpoint_label` form; None for
        replies written before endpoints were recorded), most first."""
        with self._lock:
            rows = self._conn.execute(
                "SELECT endpoint, COUNT(*) FROM replies WHERE model = ? GROUP BY endpoint ORDER BY COUNT(*) DESC, "
                "endpoint", (model,)).fetchall()
        return {row[0]: int(row[1]) for row in rows}

    def __len__(self) -> int:
        with self._lock:
            return int(self._conn.execute("SELECT COUNT(*) FROM replies").fetchone()[0])

    def close(self) -> None:
        with self._lock:
            self._conn.close()
