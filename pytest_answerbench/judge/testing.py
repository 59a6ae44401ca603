"""A fake OpenAI-compatible chat-completions server on 127.0.0.1, for running the real ``openai`` client (and
the plugin's judged benchmarks) without a network: the tests (``tests/unit/test_judge.py``,
``tests/plugin/test_judge_plugin.py``) and the speed script (``tools/perf.py``) all use this one.

``POST /v1/chat/completions`` answers from a script of actions, then by a reply function (by default the last
user message echoed back). The server records every request body and ``Authorization`` header, and the most
requests that were in flight at once. Nothing here leaves 127.0.0.1.

From the command line, a judge to try README's judge section against without a real endpoint:

    python -m pytest_answerbench.judge.testing --port 8000 --rules rules.json
    pytest --bench crag_mm preds.jsonl --bench-judge-model stub --bench-judge-base-url http://127.0.0.1:8000/v1

``rules.json`` is a list of ``{"pattern": REGEX, "reply": TEXT}``: the first pattern found in the request's last
message gives the reply (default: the message echoed back). ``--rules-for BENCHMARK`` uses the example rules a
judged benchmark ships beside its YAML (``judge-stub-rules.json``: crag_mm, atomic), which grade its prompts
crudely but in its reply format (docs/judges.md, "Trying it without a real judge").
"""

from __future__ import annotations

import json
import re
import socket
import struct
import threading
import time
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, Callable, Mapping, Sequence

__all__ = ["FakeOpenAIServer", "completion", "echo", "main", "rules_reply", "verdict_by_token"]

Reply = Callable[[Sequence[Mapping[str, Any]]], str]


def completion(model: str, text: str, prompt_tokens: int = 11, completion_tokens: int = 3) -> dict[str, Any]:
    """An OpenAI-compatible ``chat.completion`` body replying ``text``."""
    return {"id": "chatcmpl-1", "object": "chat.completion", "created": 0, "model": model,
            "choices": [{"index": 0, "finish_reason": "stop", "message": {"role": "assistant", "content": text}}],
            "usage": {"prompt_tokens": prompt_tokens, "completion_tokens": completion_tokens,
                      "total_tokens": prompt_tokens + completion_tokens}}


def echo(messages: Sequence[Mapping[str, Any]]) -> str:
    """``"echo:<the last user message>"``."""
    user = [m.get("content") for m in messages if m.get("role") == "user"]
    return "echo:" + (str(user[-1]) if user else "")


def verdict_by_token(pattern: str) -> Reply:
    """A judge that says ``Result: CORRECT`` when the last message holds one token matching ``pattern`` at
    least twice (the ground truth, and the response quoting it), else ``Result: WRONG``."""
    token = re.compile(pattern)

    def reply(messages: Sequence[Mapping[str, Any]]) -> str:
        found = token.findall(str(messages[-1].get("content", "")) if messages else "")
        return "Result: " + ("CORRECT" if len(found) >= 2 and len(set(found)) == 1 else "WRONG")

    return reply


class FakeOpenAIServer:
    """A threaded ``/v1/chat/completions`` server; ``base_url`` is what the client is given.

    Args:
        reply: the reply text for a request's messages when no scripted action is left.
        delay: seconds each such reply takes.
        status: an HTTP status other than 200 makes every such request fail with it (an unknown model: 404).
        headers: extra headers on each such reply (``{"retry-after": "86400"}`` with ``status=429``).
        trickle: seconds between the bytes of each such reply (headers and body): a server that is never
            silent for long but takes ``trickle`` times the reply's length to finish.
        content_parts: reply with the text as a list of content parts (``[{"type": "text", "text": ...}]``).
        die_after: after answering this many requests the server goes away: it stops listening (later
            connections are refused) and resets the connections kept open.

    Only ``POST /v1/chat/completions`` is served; any other path is a 404, as on a real server (a base URL
    without ``/v1`` reaches ``/chat/completions``).

    ``script`` holds actions taken one per request, in order, before ``reply`` takes over:
    ``("ok", text)``, ``("status", code, headers, body)``, ``("malformed",)`` (cut-off JSON), ``("empty",)``
    (no choices), ``("reset",)`` (TCP reset), ``("stall", seconds)`` (no reply until ``release`` is set or
    the time is up), ``("trickle", seconds, text)`` (``text`` sent a byte every ``seconds``). ``requests``
    and ``auth_headers`` record every request; ``max_in_flight`` the most
    handled at once (a request leaves the count before its reply is written: once the client has the reply
    it may start the next request at once, and counting this one still would overstate the concurrency).
    """

    def __init__(self, reply: Reply = echo, *, delay: float = 0.0, status: int = 200,
                 headers: Mapping[str, str] | None = None, trickle: float = 0.0, content_parts: bool = False,
                 die_after: int | None = None, port: int = 0) -> None:
        self.die_after, self.dead = die_after, False
        self.reply, self.delay, self.status = reply, delay, status
        self.headers, self.trickle, self.content_parts = dict(headers or {}), trickle, content_parts
        self.script: list[tuple[Any, ...]] = []
        self.requests: list[dict[str, Any]] = []
        self.auth_headers: list[str] = []
        self.in_flight = 0
        self.max_in_flight = 0
        self.lock = threading.Lock()
        self.release = threading.Event()
        self.httpd = _Server(("127.0.0.1", port), _handler(self))
        self.thread = threading.Thread(target=self.httpd.serve_forever, kwargs={"poll_interval": 0.05},
                                       daemon=True)
        self.thread.start()

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.httpd.server_address[1]}/v1"

    def close(self) -> None:
        self.release.set()
        self.httpd.shutdown()
        self.httpd.server_close()

    def __enter__(self) -> "FakeOpenAIServer":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()


class _Server(ThreadingHTTPServer):
    daemon_threads = True
    request_queue_size = 128  # many clients connect at once in the concurrency tests

    def handle_error(self, request: Any, client_address: Any) -> None:  # resets and stalls are deliberate
        pass


def _handler(server: FakeOpenAIServer) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"
        # Headers and body go out in separate writes; with Nagle on, delayed ACKs add ~40 ms a request.
        disable_nagle_algorithm = True

        def log_message(self, *args: Any) -> None:  # keep test output clean
            pass

        def do_POST(self) -> None:  # noqa: N802 - http.server naming
            length = int(self.headers.get("content-length") or 0)
            body = json.loads(self.rfile.read(length) or b"{}")
            if server.dead:  # a kept-alive connection to a server that went away
                self._reset()
                return
            if self.path.split("?")[0].rstrip("/") != "/v1/chat/completions":
                self._json(404, {"error": {"message": f"no route {self.path}", "type": "not_found"}})
                return
            with server.lock:
                server.requests.append(body)
                server.auth_headers.append(self.headers.get("authorization", ""))
                action = server.script.pop(0) if server.script else None
                server.in_flight += 1
                server.max_in_flight = max(server.max_in_flight, server.in_flight)
            try:
                respond = self._prepare(action, body)
            finally:
                with server.lock:
                    server.in_flight -= 1
            if respond is not None:
                respond()
            with server.lock:
                dies = server.die_after is not None and len(server.requests) >= server.die_after and not server.dead
                server.dead = server.dead or dies
            if dies:  # stop listening, from another thread (shutdown waits for the serving loop)
                threading.Thread(target=server.close, daemon=True).start()

        def _prepare(self, action: tuple[Any, ...] | None, body: dict[str, Any]) -> Callable[[], None] | None:
            """Wait as the action says; return what writes the reply (None: the connection just ends)."""
            model = str(body.get("model", ""))
            if action is None:
                if server.delay:
                    time.sleep(server.delay)
                if server.status != 200:
                    error = {"error": {"message": HTTPStatus(server.status).phrase, "type": "invalid_request"}}
                    return lambda: self._json(server.status, error, server.headers, server.trickle)
                text = server.reply(body.get("messages") or [])
                payload = completion(model, text)
                if server.content_parts:
                    payload["choices"][0]["message"]["content"] = [{"type": "text", "text": text}]
                return lambda: self._json(200, payload, server.headers, server.trickle)
            kind = action[0]
            if kind == "ok":
                return lambda: self._json(200, completion(model, action[1]))
            if kind == "status":
                _, code, headers, payload = action
                return lambda: self._json(code, payload, headers)
            if kind == "malformed":
                return lambda: self._send(200, b'{"choices": [ {"message": ')
            if kind == "empty":
                return lambda: self._json(200, {"id": "x", "object": "chat.completion", "created": 0,
                                                "model": model, "choices": []})
            if kind == "reset":
                return self._reset
            if kind == "trickle":
                return lambda: self._json(200, completion(model, action[2]), None, action[1])
            if kind == "stall":
                server.release.wait(action[1])
                self.close_connection = True
                return None
            raise ValueError(f"unknown scripted action {action!r}")

        def _json(self, code: int, payload: Any, headers: Mapping[str, str] | None = None,
                  trickle: float = 0.0) -> None:
            self._send(code, json.dumps(payload).encode(), headers, trickle)

        def _send(self, code: int, data: bytes, headers: Mapping[str, str] | None = None,
                  trickle: float = 0.0) -> None:
            fields = {"content-type": "application/json", "content-length": str(len(data)), **(headers or {})}
            if not trickle:
                self.send_response(code)
                for key, value in fields.items():
                    self.send_header(key, value)
                self.end_headers()
                self.wfile.write(data)
                return
            head = f"HTTP/1.1 {code} {HTTPStatus(code).phrase}\r\n" + "".join(
                f"{key}: {value}\r\n" for key, value in fields.items()) + "\r\n"
            whole = head.encode("latin-1") + data
            try:  # status line, headers and body alike, a byte at a time
                for i in range(len(whole)):
                    if server.release.is_set():  # the server is closing
                        break
                    self.wfile.write(whole[i:i + 1])
                    self.wfile.flush()
                    time.sleep(trickle)
            except OSError:  # the client gave up
                pass
            self.close_connection = True

        def _reset(self) -> None:
            # SO_LINGER 0 then close: the client sees a TCP reset, not a clean end of stream.
            self.connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            self.connection.close()
            self.close_connection = True

    return Handler


def rules_reply(rules: Sequence[Mapping[str, str]]) -> Reply:
    """A reply function from ``[{"pattern": REGEX, "reply": TEXT}, ...]``: the first pattern found in the last
    message gives the reply; none found: the message echoed back. The patterns are regular expressions, checked
    here (a bad one raises ValueError naming it)."""
    compiled = []
    for i, rule in enumerate(rules):
        if not isinstance(rule, Mapping) or not isinstance(rule.get("pattern"), str) \
                or not isinstance(rule.get("reply"), str):
            raise ValueError(f"rule {i + 1}: expected {{\"pattern\": REGEX, \"reply\": TEXT}}, got {rule!r}")
        try:
            compiled.append((re.compile(rule["pattern"]), rule["reply"]))
        except re.error as exc:
            raise ValueError(f"rule {i + 1}: pattern {rule['pattern']!r} is not a regular expression ({exc})") \
                from None

    def reply(messages: Sequence[Mapping[str, Any]]) -> str:
        text = str(messages[-1].get("content", "")) if messages else ""
        return next((out for pattern, out in compiled if pattern.search(text)), text)

    return reply


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m pytest_answerbench.judge.testing [--port N] [--rules FILE]``: serve until Ctrl-C (or SIGTERM)."""
    import argparse
    import signal
    import sys

    parser = argparse.ArgumentParser(prog="python -m pytest_answerbench.judge.testing",
                                     description="a fake OpenAI-compatible judge on 127.0.0.1 (no network)")
    parser.add_argument("--port", type=int, default=8000, help="port on 127.0.0.1 (0: any free one); default 8000")
    parser.add_argument("--rules", metavar="FILE", help="JSON list of {\"pattern\": REGEX, \"reply\": TEXT}")
    parser.add_argument("--rules-for", metavar="BENCHMARK",
                        help="the example rules a judged benchmark ships (crag_mm, atomic)")
    args = parser.parse_args(argv)
    reply: Reply = echo
    rules = args.rules
    if args.rules_for:
        from ..spec import SpecError, resolve_benchmark  # deferred: only this option reads the benchmarks

        try:
            rules = str(Path(resolve_benchmark(args.rules_for).path).parent / "judge-stub-rules.json")
        except SpecError as exc:
            print(f"judge stub: --rules-for {args.rules_for}: {exc}", file=sys.stderr)
            return 2
    if rules:
        try:
            with open(rules, encoding="utf-8") as fh:
                reply = rules_reply(json.load(fh))
        except FileNotFoundError:
            print(f"judge stub: {rules}: no such file" + (f" ({args.rules_for} ships no example judge rules)"
                                                          if args.rules_for else ""), file=sys.stderr)
            return 2
        except (OSError, ValueError) as exc:
            print(f"judge stub: {rules}: {exc}", file=sys.stderr)
            return 2
    server = FakeOpenAIServer(reply, port=args.port)
    done = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: done.set())
    print(f"judge stub serving {server.base_url} (Ctrl-C to stop)", flush=True)
    try:
        done.wait()
    except KeyboardInterrupt:
        pass
    finally:
        server.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
