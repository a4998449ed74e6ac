"""The HTTP side shared by both clients: settings, request bodies, answers to typed errors, retries."""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, TypeVar
from urllib.parse import quote

import httpx

from .errors import LimbicConnectionError, LimbicError, RateLimitedError, UnavailableError, error_class_for
from .operations import Call

DEFAULT_URL = "http://127.0.0.1:4000"
NDJSON = "application/x-ndjson"
# chosen: an import of the server's largest file (50,000 memories) is one transaction of minutes.
IMPORT_TIMEOUT = 600.0
USER_AGENT = "limbic-python/0.1.0"

T = TypeVar("T")


@dataclass(frozen=True)
class RetryPolicy:
    """Bounded exponential backoff for calls that are safe to repeat.

    Idempotent calls are retried on network failures and on UNAVAILABLE / RATE_LIMITED
    answers (honouring the server's retryAfterMs, capped at `max_delay`). Other calls are
    never retried: their failure is raised at once, whatever it was.
    """

    max_retries: int = 2
    base_delay: float = 0.25
    max_delay: float = 4.0

    def delay(self, attempt: int, error: LimbicError, idempotent: bool) -> float | None:
        """Seconds to wait before retry number `attempt + 1`, or None to give up."""
        if not idempotent or attempt >= self.max_retries or not _transient(error):
            return None
        backoff = self.base_delay * 2.0**attempt
        if error.retry_after is not None:
            backoff = max(backoff, error.retry_after)
        return min(backoff, self.max_delay)


NO_RETRY = RetryPolicy(max_retries=0)


def _transient(error: LimbicError) -> bool:
    if isinstance(error, LimbicConnectionError):
        return error.transient
    return isinstance(error, UnavailableError | RateLimitedError)


@dataclass(frozen=True)
class Settings:
    url: str
    api_key: str | None
    timeout: httpx.Timeout

    @staticmethod
    def resolve(url: str | None, api_key: str | None, timeout: float | httpx.Timeout) -> Settings:
        """Arguments first, then LIMBIC_URL / LIMBIC_API_KEY; no key means single-tenant mode."""
        base = (url or os.environ.get("LIMBIC_URL") or DEFAULT_URL).rstrip("/")
        key = api_key if api_key is not None else os.environ.get("LIMBIC_API_KEY") or None
        return Settings(base, key, timeout if isinstance(timeout, httpx.Timeout) else httpx.Timeout(timeout))

    def headers(self, extra: Mapping[str, str] | None) -> dict[str, str]:
        headers = {"user-agent": USER_AGENT, "accept": "application/json"}
        if self.api_key:
            headers["authorization"] = f"Bearer {self.api_key}"
        return {**headers, **(extra or {})}


def read_timeout(base: httpx.Timeout, read: float) -> httpx.Timeout:
    """The client's connect / write / pool timeouts with a longer wait for the answer."""
    return httpx.Timeout(connect=base.connect, read=read, write=base.write, pool=base.pool)


def graphql_body(call: Call[Any]) -> dict[str, Any]:
    return {"query": call.document, "variables": dict(call.variables)}


def export_path(agent_id: str) -> str:
    return f"/agents/{quote(agent_id, safe='')}/export"


def import_path(agent_id: str) -> str:
    return f"/agents/{quote(agent_id, safe='')}/import"


def connection_error(exc: httpx.TransportError) -> LimbicConnectionError:
    # A bad URL scheme or proxy setting fails the same way every time: not worth a retry.
    transient = not isinstance(exc, httpx.UnsupportedProtocol | httpx.ProxyError)
    return LimbicConnectionError(
        f"{type(exc).__name__}: {exc}" if str(exc) else type(exc).__name__, transient=transient
    )


def graphql_result(response: httpx.Response, call: Call[T]) -> T:
    """The parsed root field of a GraphQL answer, or the typed error it carries."""
    body = _json(response)
    if isinstance(body, dict) and body.get("errors"):
        raise _graphql_error(body["errors"], response)
    if response.status_code >= 400 or not isinstance(body, dict) or not isinstance(body.get("data"), dict):
        raise http_error(response, body)
    return call.parse(body["data"][call.root])


def raise_for_rest(response: httpx.Response) -> None:
    """Errors of the REST routes (export, import): `{code, message}` with the code's HTTP status."""
    if response.status_code < 400:
        return
    raise http_error(response, _json(response))


def http_error(response: httpx.Response, body: Any) -> LimbicError:
    code = body.get("code") if isinstance(body, dict) and isinstance(body.get("code"), str) else None
    message = body.get("message") if isinstance(body, dict) and isinstance(body.get("message"), str) else None
    status = response.status_code
    cls = error_class_for(code, status)
    return cls(
        message or f"HTTP {status} {response.reason_phrase}".strip(),
        code=code,
        status=status,
        retry_after=_retry_after_header(response),
    )


def _graphql_error(errors: list[Mapping[str, Any]], response: httpx.Response) -> LimbicError:
    first = errors[0]
    extensions = first.get("extensions") or {}
    code = extensions.get("code") if isinstance(extensions.get("code"), str) else None
    retry_ms = extensions.get("retryAfterMs")
    retry_after = retry_ms / 1000 if isinstance(retry_ms, int | float) else _retry_after_header(response)
    cls = error_class_for(code, response.status_code if response.status_code >= 400 else None)
    return cls(
        str(first.get("message", "GraphQL error")),
        code=code,
        path=first.get("path") or (),
        field=extensions.get("field") if isinstance(extensions.get("field"), str) else None,
        status=response.status_code,
        retry_after=retry_after,
        errors=errors,
    )


def _json(response: httpx.Response) -> Any:
    try:
        return json.loads(response.content) if response.content else None
    except ValueError:
        return None


def _retry_after_header(response: httpx.Response) -> float | None:
    value = response.headers.get("retry-after")
    try:
        return float(value) if value is not None else None
    except ValueError:
        return None
