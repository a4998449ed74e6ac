"""`AsyncLimbic`: the asynchronous client (asyncio or trio, through anyio), the same facade as `Limbic`."""

from __future__ import annotations

import os
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable, Mapping, Sequence
from contextlib import asynccontextmanager
from datetime import datetime
from types import TracebackType
from typing import IO, Any, TypeVar

import anyio
import httpx

from . import _wire
from . import operations as ops
from ._consistency import ConsistencyJar, refused_tokens
from ._transfer import AsyncImportSource, aiter_chunks
from .errors import BadUserInputError, LimbicError
from .models import (
    AffectInput,
    Agent,
    AgentPage,
    AgentPreset,
    FeedbackResult,
    FeedbackSignal,
    ForgetResult,
    ImportSummary,
    Memory,
    MemoryFilter,
    MemoryListFilter,
    MemoryOrder,
    MemoryPage,
    RecallProfile,
    RecallResult,
    SignalWeights,
    Spread,
)
from .operations import UNSET, AffectLike, GoalLike, JSONObject

T = TypeVar("T")


class AsyncLimbic:
    """A client of one Limbic API (one tenant: the API key decides which).

    >>> async with AsyncLimbic("http://127.0.0.1:4000", api_key="...") as limbic:
    ...     await limbic.create_agent("ada")
    ...     hits = await limbic.recall("ada", "why did the deploy fail?", top_k=3)

    `url` and `api_key` default to LIMBIC_URL and LIMBIC_API_KEY. `transport` replaces
    httpx's (tests pass an httpx.MockTransport).

    With `consistency` (the default) the client carries the API's consistency tokens from
    answer to request, so a read sees the client's earlier writes whichever API replica serves
    it; `consistency_token` seeds them (e.g. another client's `consistency.header`).
    """

    def __init__(
        self,
        url: str | None = None,
        api_key: str | None = None,
        *,
        timeout: float | httpx.Timeout = 30.0,
        retry: _wire.RetryPolicy = _wire.RetryPolicy(),  # noqa: B008 (immutable)
        headers: Mapping[str, str] | None = None,
        transport: httpx.AsyncBaseTransport | None = None,
        consistency: bool = True,
        consistency_token: str | None = None,
    ) -> None:
        settings = _wire.Settings.resolve(url, api_key, timeout)
        self.url = settings.url
        self._retry = retry
        # Carried from answer to request unless turned off: see ConsistencyJar.
        self.consistency = ConsistencyJar(consistency_token) if consistency else None
        self._http = httpx.AsyncClient(
            base_url=settings.url,
            headers=settings.headers(headers),
            timeout=settings.timeout,
            transport=transport,
            event_hooks=self.consistency.async_hooks() if self.consistency else None,  # type: ignore[arg-type]
        )

    async def aclose(self) -> None:
        await self._http.aclose()

    async def __aenter__(self) -> AsyncLimbic:
        return self

    async def __aexit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        await self.aclose()

    # Agents

    async def create_agent(self, agent_id: str, *, preset: AgentPreset | None = None, time_zone: str | None = None) -> Agent:
        """Creates the agent, or returns it if it exists with that preset (or none given).

        `time_zone` is the IANA zone of the hours of day its memories record (default UTC).
        """
        return await self._run(ops.create_agent(agent_id, preset, time_zone))

    async def update_agent(
        self, agent_id: str, *, preset: AgentPreset | None = None, time_zone: str | None = None
    ) -> Agent:
        """Changes the preset and/or the IANA time zone; an unknown zone is a BadInputError."""
        return await self._run(ops.update_agent(agent_id, preset, time_zone))

    async def agent(self, agent_id: str) -> Agent:
        """The agent's state now: affect, mood, momentum, energy, goals, primed concepts."""
        return await self._run(ops.agent(agent_id))

    async def agents_page(self, *, first: int = 20, after: str | None = None) -> AgentPage:
        return await self._run(ops.agents_page(first, after))

    async def agents(self, *, page_size: int = 100) -> AsyncIterator[Agent]:
        """Every agent of the tenant, by id, fetching a page at a time."""
        after: str | None = None
        while True:
            page = await self.agents_page(first=page_size, after=after)
            for item in page.items:
                yield item
            if not page.has_next_page or page.end_cursor is None:
                return
            after = page.end_cursor

    async def delete_agent(self, agent_id: str) -> bool:
        """Deletes the agent and all it owns; False when only leftovers of an earlier delete remained."""
        return await self._run(ops.delete_agent(agent_id))

    # State

    async def observe(self, agent_id: str, text: str, *, now: datetime | None = None) -> Agent:
        """The agent perceives a text: its affect, mood, momentum and energy move; the session counts it.

        `now` replays it at a past moment.
        """
        return await self._run(ops.observe(agent_id, text, now))

    async def set_feeling(
        self, agent_id: str, *, valence: float, arousal: float, dominance: float | None = None
    ) -> Agent:
        """Sets core affect explicitly (setAffect); mood and momentum follow."""
        return await self._run(
            ops.set_feeling(agent_id, AffectInput(valence=valence, arousal=arousal, dominance=dominance))
        )

    async def set_goals(self, agent_id: str, goals: Iterable[GoalLike]) -> Agent:
        """Replaces the goals: names, or (name, priority) pairs, or GoalInput."""
        return await self._run(ops.set_goals(agent_id, goals))

    # Memories

    async def remember(
        self,
        agent_id: str,
        content: str,
        *,
        affect: AffectLike | None = None,
        tags: Sequence[str] | None = None,
        scope: str | None = None,
        occurred_at: datetime | None = None,
        importance: float | None = None,
        metadata: JSONObject | None = None,
        external_id: str | None = None,
        now: datetime | None = None,
        speaker: str | None = None,
    ) -> Memory:
        """Stores one memory (encode). With `external_id` it is idempotent, and so retried on network errors.

        `now` replays the call at a past moment (its session and encodedAt). `speaker` names who
        said or did it; a recall whose query names the speaker ranks their memories higher.
        """
        return await self._run(
            ops.remember(
                agent_id,
                content,
                affect=affect,
                tags=tags,
                scope=scope,
                occurred_at=occurred_at,
                importance=importance,
                metadata=metadata,
                external_id=external_id,
                now=now,
                speaker=speaker,
            )
        )

    async def recall(
        self,
        agent_id: str,
        query: str,
        *,
        top_k: int | None = None,
        filter: MemoryFilter | Mapping[str, Any] | None = None,
        explain: bool = False,
        profile: RecallProfile | None = None,
        weights: SignalWeights | Mapping[str, float] | None = None,
        query_affect: AffectLike | None = None,
        spread: Spread | Mapping[str, Any] | None = None,
        now: datetime | None = None,
        context_tags: Sequence[str] | None = None,
    ) -> RecallResult:
        """The memories most worth remembering now for this query and the agent's state."""
        return await self._run(
            ops.recall(
                agent_id,
                query,
                top_k=top_k,
                filter=filter,
                explain=explain,
                profile=profile,
                weights=weights,
                query_affect=query_affect,
                spread=spread,
                now=now,
                context_tags=context_tags,
            )
        )

    async def feedback(
        self, recall_id: str, memory_id: str, *, signal: FeedbackSignal | None = None, score: float | None = None
    ) -> FeedbackResult:
        """How useful a recalled memory was: `signal` ("USED" / "IGNORED") or `score` (−1 … 1)."""
        return await self._run(ops.feedback(recall_id, memory_id, signal, score))

    async def forget(self, memory_id: str, *, hard: bool = False) -> ForgetResult:
        """Archives a memory (restorable), or with hard=True deletes it and its edges."""
        return await self._run(ops.forget(memory_id, hard))

    async def memory(self, memory_id: str) -> Memory:
        return await self._run(ops.memory(memory_id))

    async def memories_page(
        self,
        agent_id: str,
        *,
        first: int = 20,
        after: str | None = None,
        filter: MemoryListFilter | Mapping[str, Any] | None = None,
        order: MemoryOrder = "OCCURRED_AT_DESC",
        total_count: bool = False,
    ) -> MemoryPage:
        """One page of the agent's memories; `total_count=True` also counts every match (a second read)."""
        return await self._run(
            ops.memories_page(agent_id, first=first, after=after, filter=filter, order=order, total_count=total_count)
        )

    async def memories(
        self,
        agent_id: str,
        *,
        filter: MemoryListFilter | Mapping[str, Any] | None = None,
        order: MemoryOrder = "OCCURRED_AT_DESC",
        page_size: int = 100,
    ) -> AsyncIterator[Memory]:
        """Every matching memory, following the connection's cursors a page at a time."""
        after: str | None = None
        while True:
            page = await self.memories_page(agent_id, first=page_size, after=after, filter=filter, order=order)
            for item in page.items:
                yield item
            if not page.has_next_page or page.end_cursor is None:
                return
            after = page.end_cursor

    async def update_memory(
        self,
        memory_id: str,
        *,
        content: str | None = None,
        tags: Sequence[str] | None = None,
        importance: float | None = None,
        affect: AffectLike | None = None,
        metadata: JSONObject | None = UNSET,
        speaker: str | None = UNSET,
    ) -> Memory:
        """Corrects a memory; omitted fields stay, `metadata=None` and `speaker=None` remove them."""
        return await self._run(
            ops.update_memory(
                memory_id,
                content=content,
                tags=tags,
                importance=importance,
                affect=affect,
                metadata=metadata,
                speaker=speaker,
            )
        )

    # Export and import (JSON Lines over REST, streamed)

    async def iter_export(self, agent_id: str) -> AsyncIterator[bytes]:
        """The agent's export, one JSON line (with its newline) at a time, as the server streams it."""
        async with self._open_export(agent_id) as response:
            buffer = b""
            async for chunk in _bytes(response):
                buffer += chunk
                *lines, buffer = buffer.split(b"\n")
                for line in lines:
                    yield line + b"\n"
            if buffer:
                yield buffer

    async def export_agent(self, agent_id: str, destination: str | os.PathLike[str] | IO[bytes]) -> int:
        """Streams the agent's export into a file (path or binary file object); returns the bytes written."""
        async with self._open_export(agent_id) as response:
            if isinstance(destination, str | os.PathLike):
                async with await anyio.open_file(destination, "wb") as out:
                    written = 0
                    async for chunk in _bytes(response):
                        await out.write(chunk)
                        written += len(chunk)
                    return written
            written = 0
            async for chunk in _bytes(response):
                destination.write(chunk)
                written += len(chunk)
            return written

    async def import_agent(
        self, agent_id: str, source: AsyncImportSource, *, timeout: float = _wire.IMPORT_TIMEOUT
    ) -> ImportSummary:
        """Restores an export into a NEW agent `agent_id`, streaming the upload.

        `source`: a path, a binary file object, bytes, or a (sync or async) iterable of lines /
        chunks (bytes or str). Never retried: the body may not be replayable, and a repeat of
        an import that succeeded would be refused (the agent exists). `timeout` bounds the wait
        for the answer: the server validates the whole file, then writes it in one transaction.
        """
        try:
            response = await self._http.post(
                _wire.import_path(agent_id),
                content=aiter_chunks(source),
                headers={"content-type": _wire.NDJSON},
                timeout=_wire.read_timeout(self._http.timeout, timeout),
            )
        except httpx.TransportError as exc:
            raise _wire.connection_error(exc) from exc
        _wire.raise_for_rest(response)
        return ImportSummary.model_validate(response.json())

    # Plumbing

    @asynccontextmanager
    async def _open_export(self, agent_id: str) -> AsyncIterator[httpx.Response]:
        response = await self._retrying(lambda: self._send_export(agent_id), idempotent=True)
        try:
            yield response
        finally:
            await response.aclose()

    async def _send_export(self, agent_id: str) -> httpx.Response:
        request = self._http.build_request("GET", _wire.export_path(agent_id), headers={"accept": _wire.NDJSON})
        response = await self._http.send(request, stream=True)
        if response.status_code >= 400:
            await response.aread()
            await response.aclose()
            _wire.raise_for_rest(response)
        return response

    async def _run(self, call: ops.Call[T]) -> T:
        async def attempt() -> T:
            response = await self._http.post("/graphql", json=_wire.graphql_body(call))
            return _wire.graphql_result(response, call)

        return await self._retrying(attempt, idempotent=call.idempotent)

    async def _retrying(self, attempt: Callable[[], Awaitable[T]], *, idempotent: bool) -> T:
        tries = 0
        resent = False
        while True:
            try:
                return await attempt()
            except httpx.TransportError as exc:
                error: LimbicError = _wire.connection_error(exc)
                cause: BaseException = exc
            except BadUserInputError as exc:
                # The API refused the consistency tokens before running anything; the jar is empty now.
                if refused_tokens(exc.field) and not resent:
                    resent = True
                    continue
                error, cause = exc, exc
            except LimbicError as exc:
                error, cause = exc, exc
            wait = self._retry.delay(tries, error, idempotent)
            if wait is None:
                if error is cause:
                    raise error
                raise error from cause
            tries += 1
            await anyio.sleep(wait)


async def _bytes(response: httpx.Response) -> AsyncIterator[bytes]:
    """The streamed body; a broken connection mid-stream is a LimbicConnectionError (never retried: lines were read)."""
    try:
        async for chunk in response.aiter_bytes():
            yield chunk
    except httpx.TransportError as exc:
        raise _wire.connection_error(exc) from exc
