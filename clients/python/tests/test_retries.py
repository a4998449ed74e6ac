"""Retries and error mapping against scripted transports (no server): what is retried, what never is."""

from __future__ import annotations

import json
from collections.abc import Callable

import httpx
import pytest

from limbic import (
    AsyncLimbic,
    BadUserInputError,
    InternalServerError,
    Limbic,
    LimbicConnectionError,
    NotFoundError,
    PayloadTooLargeError,
    RateLimitedError,
    RetryPolicy,
    UnauthenticatedError,
    UnavailableError,
)

from scripted import AGENT

FAST = RetryPolicy(max_retries=2, base_delay=0.0, max_delay=0.0)

MEMORY = {
    "id": "m1",
    "agentId": "ada",
    "content": "hello",
    "occurredAt": "2026-12-01T10:00:00.000Z",
    "encodedAt": "2026-12-01T10:00:00.000Z",
    "valence": 0.0,
    "arousal": 0.0,
    "dominance": 0.5,
    "importance": 0.5,
    "tags": [],
    "scope": None,
    "metadata": None,
    "externalId": "evt-1",
    "archived": False,
    "pendingAppraisal": True,
    "affectGiven": False,
    "accessCount": 0,
    "embeddingModel": None,
}


class Script:
    """A transport that fails to connect `failures` times, then answers `answer`; counts requests."""

    def __init__(self, answer: Callable[[httpx.Request], httpx.Response], failures: int = 1) -> None:
        self.answer = answer
        self.failures = failures
        self.requests: list[httpx.Request] = []

    def __call__(self, request: httpx.Request) -> httpx.Response:
        self.requests.append(request)
        if len(self.requests) <= self.failures:
            raise httpx.ConnectError("connection refused", request=request)
        return self.answer(request)

    def operations(self) -> list[str]:
        return [json.loads(r.content)["query"].split("(")[0].split()[-1] for r in self.requests]


def data(root: str, value: object) -> Callable[[httpx.Request], httpx.Response]:
    return lambda _: httpx.Response(200, json={"data": {root: value}})


def client(script: Script, retry: RetryPolicy = FAST) -> Limbic:
    return Limbic("http://limbic.test", api_key="k", retry=retry, transport=httpx.MockTransport(script))


def test_a_query_that_failed_to_connect_is_retried() -> None:
    script = Script(data("agent", AGENT))
    agent = client(script).agent("ada")
    assert agent.id == "ada"
    assert script.operations() == ["LimbicAgent", "LimbicAgent"]


def test_a_non_idempotent_mutation_is_never_retried() -> None:
    script = Script(data("observe", AGENT))
    with pytest.raises(LimbicConnectionError) as raised:
        client(script).observe("ada", "the build is green")
    assert len(script.requests) == 1
    assert isinstance(raised.value.__cause__, httpx.ConnectError)


def test_remember_is_retried_only_with_an_external_id() -> None:
    without = Script(data("encode", MEMORY))
    with pytest.raises(LimbicConnectionError):
        client(without).remember("ada", "hello")
    assert len(without.requests) == 1

    with_key = Script(data("encode", MEMORY))
    memory = client(with_key).remember("ada", "hello", external_id="evt-1")
    assert memory.external_id == "evt-1"
    assert len(with_key.requests) == 2
    # Both attempts carried the idempotency key.
    assert {json.loads(r.content)["variables"]["input"]["externalId"] for r in with_key.requests} == {"evt-1"}


def test_a_hard_forget_is_not_retried_but_archiving_is() -> None:
    forgotten = {"memoryId": "m1", "mode": "ARCHIVED", "memory": MEMORY, "edgesRemoved": 0, "chainRepaired": False}
    hard = Script(data("forget", forgotten))
    with pytest.raises(LimbicConnectionError):
        client(hard).forget("m1", hard=True)
    assert len(hard.requests) == 1
    soft = Script(data("forget", forgotten))
    assert client(soft).forget("m1").mode == "ARCHIVED"
    assert len(soft.requests) == 2


def test_retries_are_bounded() -> None:
    script = Script(data("agent", AGENT), failures=100)
    with pytest.raises(LimbicConnectionError):
        client(script).agent("ada")
    assert len(script.requests) == FAST.max_retries + 1


def test_unavailable_is_retried_for_a_query_and_not_for_a_mutation() -> None:
    def unavailable_then(root: str, value: object) -> Callable[[httpx.Request], httpx.Response]:
        calls = {"n": 0}

        def answer(_: httpx.Request) -> httpx.Response:
            calls["n"] += 1
            if calls["n"] == 1:
                error = {
                    "message": "the memory store is busy",
                    "extensions": {"code": "UNAVAILABLE", "retryAfterMs": 1},
                }
                return httpx.Response(200, json={"errors": [error], "data": None})
            return httpx.Response(200, json={"data": {root: value}})

        return answer

    query = Script(unavailable_then("agent", AGENT), failures=0)
    assert client(query).agent("ada").id == "ada"
    assert len(query.requests) == 2

    mutation = Script(unavailable_then("setAffect", AGENT), failures=0)
    with pytest.raises(UnavailableError) as raised:
        client(mutation).set_feeling("ada", valence=0.5, arousal=0.5)
    assert raised.value.retry_after == pytest.approx(0.001)
    assert len(mutation.requests) == 1


@pytest.mark.anyio
async def test_the_async_client_retries_the_same_way() -> None:
    query = Script(data("agent", AGENT))
    mutation = Script(data("observe", AGENT))
    async with AsyncLimbic("http://limbic.test", retry=FAST, transport=httpx.MockTransport(query)) as limbic:
        assert (await limbic.agent("ada")).id == "ada"
    async with AsyncLimbic("http://limbic.test", retry=FAST, transport=httpx.MockTransport(mutation)) as limbic:
        with pytest.raises(LimbicConnectionError):
            await limbic.observe("ada", "hello")
    assert (len(query.requests), len(mutation.requests)) == (2, 1)


@pytest.mark.parametrize(
    ("response", "expected", "code"),
    [
        # The API's own 401 (GraphQL shape) and a bare one (a proxy in front of it).
        (
            httpx.Response(401, json={"errors": [{"message": "key", "extensions": {"code": "UNAUTHENTICATED"}}]}),
            UnauthenticatedError,
            "UNAUTHENTICATED",
        ),
        (httpx.Response(401, text="Unauthorized"), UnauthenticatedError, "UNAUTHENTICATED"),
        (httpx.Response(413, text="<html>Payload Too Large</html>"), PayloadTooLargeError, "BAD_USER_INPUT"),
        (httpx.Response(502, text="Bad Gateway"), UnavailableError, "UNAVAILABLE"),
        (httpx.Response(500), InternalServerError, "INTERNAL_SERVER_ERROR"),
        (httpx.Response(429, headers={"retry-after": "3"}, text="slow down"), RateLimitedError, "RATE_LIMITED"),
        (
            httpx.Response(
                200,
                json={
                    "data": None,
                    "errors": [
                        {
                            "message": "topK: must be an integer in [1, 100]",
                            "path": ["recall"],
                            "extensions": {"code": "BAD_USER_INPUT", "field": "topK"},
                        }
                    ],
                },
            ),
            BadUserInputError,
            "BAD_USER_INPUT",
        ),
    ],
)
def test_http_failures_map_to_typed_errors(response: httpx.Response, expected: type[Exception], code: str) -> None:
    script = Script(lambda _: response, failures=0)
    with pytest.raises(expected) as raised:
        client(script, RetryPolicy(max_retries=0)).agent("ada")
    assert raised.value.code == code  # type: ignore[attr-defined]
    assert raised.value.status == response.status_code  # type: ignore[attr-defined]


def test_a_graphql_error_carries_code_message_path_and_field() -> None:
    error = {"message": "agent ada not found", "path": ["agent"], "extensions": {"code": "NOT_FOUND"}}
    script = Script(lambda _: httpx.Response(200, json={"data": None, "errors": [error]}), failures=0)
    with pytest.raises(NotFoundError) as raised:
        client(script).agent("ada")
    assert (raised.value.code, raised.value.message, raised.value.path) == (
        "NOT_FOUND",
        "agent ada not found",
        ("agent",),
    )
    # NOT_FOUND is an answer, not a failure: asked once.
    assert len(script.requests) == 1


def test_the_key_is_sent_as_a_bearer_token() -> None:
    script = Script(data("agent", AGENT), failures=0)
    client(script).agent("ada")
    assert script.requests[0].headers["authorization"] == "Bearer k"
