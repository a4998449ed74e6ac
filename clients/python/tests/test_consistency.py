"""Consistency tokens against scripted transports: carried from answer to request, dropped when refused."""

from __future__ import annotations

import json

import httpx
import pytest

from limbic import AsyncLimbic, Limbic

from scripted import AGENT

HEADER = "limbic-consistency"


def answering(tokens: list[str | None], seen: list[str | None], refuse_first: bool = False):
    """A transport that records the header of each request and answers with the next token."""

    def handle(request: httpx.Request) -> httpx.Response:
        seen.append(request.headers.get(HEADER))
        if refuse_first and len(seen) == 1:
            error = {"message": "Limbic-Consistency: not a token this deployment issued", "extensions": {"code": "BAD_USER_INPUT", "field": "Limbic-Consistency"}}
            return httpx.Response(400, json={"errors": [error]})
        token = tokens[len(seen) - 1] if len(seen) <= len(tokens) else None
        body = {"data": {"agent": AGENT}}
        return httpx.Response(200, content=json.dumps(body), headers={HEADER: token} if token else {})

    return httpx.MockTransport(handle)


def test_sends_the_latest_token_with_every_later_call() -> None:
    seen: list[str | None] = []
    with Limbic("http://limbic.test", api_key="k", transport=answering(["v1.a.s", None, "v1.b.s"], seen)) as limbic:
        for _ in range(4):
            limbic.agent("ada")
        assert limbic.consistency is not None and limbic.consistency.header == "v1.b.s"
    assert seen == [None, "v1.a.s", "v1.a.s", "v1.b.s"]


def test_a_refused_token_is_dropped_and_the_call_sent_once_more_without_it() -> None:
    seen: list[str | None] = []
    transport = answering([None, "v1.fresh.s"], seen, refuse_first=True)
    with Limbic("http://limbic.test", api_key="k", transport=transport, consistency_token="v1.old.s") as limbic:
        assert limbic.agent("ada").id == "ada"
        assert limbic.consistency is not None and limbic.consistency.header == "v1.fresh.s"
    assert seen == ["v1.old.s", None]


def test_turned_off_it_sends_none() -> None:
    seen: list[str | None] = []
    with Limbic("http://limbic.test", api_key="k", transport=answering(["v1.a.s", "v1.b.s"], seen), consistency=False) as limbic:
        limbic.agent("ada")
        limbic.agent("ada")
    assert seen == [None, None]


@pytest.mark.anyio
async def test_the_async_client_carries_it_too() -> None:
    seen: list[str | None] = []
    async with AsyncLimbic("http://limbic.test", api_key="k", transport=answering(["v1.a.s"], seen)) as limbic:
        await limbic.agent("ada")
        await limbic.agent("ada")
    assert seen == [None, "v1.a.s"]
