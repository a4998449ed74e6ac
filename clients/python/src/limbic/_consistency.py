"""Consistency tokens: read-your-writes when consecutive calls reach different API replicas."""

from __future__ import annotations

import json
import threading

import httpx

HEADER = "Limbic-Consistency"
# As many as the API takes in one request.
MAX_TOKENS = 16


class ConsistencyJar:
    """The tokens a client carries, sent with every request and renewed by every answer.

    An answer's token stands for the tokens its request sent and for the request's own writes,
    so it replaces exactly those; tokens that arrived meanwhile (concurrent writes) stay. The
    request itself records what was sent (its header), so the two hooks need no shared state
    beyond the jar. Tokens the API refuses (another deployment's, or from before its secret
    changed) empty the jar; the call is then repeated once without them (see the clients).
    """

    def __init__(self, initial: str | None = None) -> None:
        self._lock = threading.Lock()
        self._tokens = _split(initial)

    @property
    def header(self) -> str | None:
        with self._lock:
            return ", ".join(self._tokens) if self._tokens else None

    def stamp(self, request: httpx.Request) -> None:
        header = self.header
        if header is not None:
            request.headers[HEADER] = header

    def received(self, response: httpx.Response, body: bytes | None) -> None:
        """Takes the answer's token; `body` (of a 400 that came back to sent tokens) tells whether they were refused."""
        sent = _split(response.request.headers.get(HEADER))
        if body is not None and sent and _refuses_tokens(body):
            with self._lock:
                self._tokens = []
            return
        token = response.headers.get(HEADER)
        if not token:
            return
        with self._lock:
            kept = [t for t in self._tokens if t not in sent and t != token]
            # Past the bound, the oldest go: a later read may then miss a write the dropped one named.
            self._tokens = [*kept, token][-MAX_TOKENS:]

    @staticmethod
    def may_refuse(response: httpx.Response) -> bool:
        """Whether the answer could be a refusal of the tokens sent (its body is then needed)."""
        return response.status_code == 400 and HEADER in response.request.headers

    def hooks(self) -> dict[str, list[object]]:
        def on_request(request: httpx.Request) -> None:
            self.stamp(request)

        def on_response(response: httpx.Response) -> None:
            self.received(response, response.read() if self.may_refuse(response) else None)

        return {"request": [on_request], "response": [on_response]}

    def async_hooks(self) -> dict[str, list[object]]:
        async def on_request(request: httpx.Request) -> None:
            self.stamp(request)

        async def on_response(response: httpx.Response) -> None:
            self.received(response, await response.aread() if self.may_refuse(response) else None)

        return {"request": [on_request], "response": [on_response]}


def refused_tokens(field: str | None) -> bool:
    """A BadInputError on the header: the tokens were refused, not the call (nothing ran)."""
    return field == HEADER


def _refuses_tokens(body: bytes) -> bool:
    try:
        parsed = json.loads(body)
    except ValueError:
        return False
    if not isinstance(parsed, dict):
        return False
    errors = parsed.get("errors")
    first = errors[0] if isinstance(errors, list) and errors and isinstance(errors[0], dict) else {}
    extensions = first.get("extensions") if isinstance(first.get("extensions"), dict) else {}
    return parsed.get("field") == HEADER or extensions.get("field") == HEADER


def _split(header: str | None) -> list[str]:
    return [t.strip() for t in (header or "").split(",") if t.strip()][-MAX_TOKENS:]
