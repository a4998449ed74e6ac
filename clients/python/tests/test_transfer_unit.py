"""Export and import plumbing against scripted transports: what is streamed, retried and refused."""

from __future__ import annotations

import io
from datetime import datetime
from pathlib import Path

import httpx
import pytest

from limbic import BadUserInputError, Limbic, LimbicConnectionError, NotFoundError, RetryPolicy

FAST = RetryPolicy(max_retries=2, base_delay=0.0, max_delay=0.0)
EXPORT = b'{"kind":"agent"}\n{"kind":"memory"}\n{"kind":"edge"}\n'
SUMMARY = {"agentId": "copy", "goals": 0, "concepts": 0, "memories": 1, "revisions": 0, "edges": 1}


def test_export_retries_a_failed_connect_and_streams_lines() -> None:
    requests: list[httpx.Request] = []

    def answer(request: httpx.Request) -> httpx.Response:
        requests.append(request)
        if len(requests) == 1:
            raise httpx.ConnectError("refused", request=request)
        # Lines split across chunks, as a network delivers them.
        return httpx.Response(200, stream=httpx.ByteStream(EXPORT), headers={"content-type": "application/x-ndjson"})

    with Limbic("http://limbic.test", retry=FAST, transport=httpx.MockTransport(answer)) as limbic:
        lines = list(limbic.iter_export("ada/1"))
    assert lines == [b'{"kind":"agent"}\n', b'{"kind":"memory"}\n', b'{"kind":"edge"}\n']
    # The id is one path segment, its slash escaped.
    assert [r.url.raw_path for r in requests] == [b"/agents/ada%2F1/export"] * 2


def test_export_errors_are_typed() -> None:
    def answer(_: httpx.Request) -> httpx.Response:
        return httpx.Response(404, json={"code": "NOT_FOUND", "message": "agent ada not found"})

    with (
        Limbic("http://limbic.test", transport=httpx.MockTransport(answer)) as limbic,
        pytest.raises(NotFoundError) as raised,
    ):
        limbic.export_agent("ada", io.BytesIO())
    assert (raised.value.message, raised.value.status) == ("agent ada not found", 404)


@pytest.mark.parametrize("kind", ["path", "file", "bytes", "str lines", "byte chunks"])
def test_import_streams_every_kind_of_source(kind: str, tmp_path: Path) -> None:
    bodies: list[bytes] = []

    def answer(request: httpx.Request) -> httpx.Response:
        assert request.headers["content-type"] == "application/x-ndjson"
        bodies.append(request.read())
        return httpx.Response(201, json=SUMMARY)

    file = tmp_path / "export.jsonl"
    file.write_bytes(EXPORT)
    source = {
        "path": file,
        "file": io.BytesIO(EXPORT),
        "bytes": EXPORT,
        "str lines": (line + "\n" for line in EXPORT.decode().splitlines()),
        "byte chunks": [EXPORT[:5], EXPORT[5:]],
    }[kind]
    with Limbic("http://limbic.test", transport=httpx.MockTransport(answer)) as limbic:
        summary = limbic.import_agent("copy", source)  # type: ignore[arg-type]
    assert (summary.agent_id, summary.memories) == ("copy", 1)
    assert bodies == [EXPORT]


def test_import_is_never_retried() -> None:
    requests: list[httpx.Request] = []

    def answer(request: httpx.Request) -> httpx.Response:
        requests.append(request)
        raise httpx.ConnectError("refused", request=request)

    with Limbic("http://limbic.test", retry=FAST, transport=httpx.MockTransport(answer)) as limbic:
        with pytest.raises(LimbicConnectionError):
            limbic.import_agent("copy", EXPORT)
    assert len(requests) == 1


def test_a_refused_import_keeps_its_status() -> None:
    def answer(_: httpx.Request) -> httpx.Response:
        return httpx.Response(409, json={"code": "BAD_USER_INPUT", "message": "agent copy already exists"})

    with Limbic("http://limbic.test", transport=httpx.MockTransport(answer)) as limbic:
        with pytest.raises(BadUserInputError) as raised:
            limbic.import_agent("copy", EXPORT)
    assert raised.value.status == 409


def test_a_naive_datetime_is_refused_before_sending() -> None:
    def answer(_: httpx.Request) -> httpx.Response:
        raise AssertionError("nothing should be sent")

    with Limbic("http://limbic.test", transport=httpx.MockTransport(answer)) as limbic:
        with pytest.raises(ValueError, match="time zone"):
            limbic.remember("ada", "hello", occurred_at=datetime(2026, 1, 1, 12, 0))
