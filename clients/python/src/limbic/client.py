"""`Limbic`: the synchronous client."""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from datetime import datetime
from types import TracebackType
from typing import IO, Any, TypeVar

import httpx

from . import _wire
from . import operations as ops
from ._consistency import ConsistencyJar, refused_tokens
from ._transfer import ImportSource, iter_chunks
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


class Limbic:
    """A client of one Limbic API (one tenant: the API key decides which).

    >>> with Limbic("http://127.0.0.1:4000", api_key="...") as limbic:
    ...     limbic.create_agent("ada")
    ...     limbic.remember("ada", "The deploy failed because the cache was cold.")
    ...     hits = limbic.recall("ada", "why did the deploy fail?", top_k=3)

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
        transport: httpx.BaseTransport | None = None,
        consistency: bool = True,
        consistency_token: str | None = None,
    ) -> None:
        settings = _wire.Settings.resolve(url, api_key, timeout)
        self.url = settings.url
        self._retry = retry
        # Carried from answer to request unless turned off: see ConsistencyJar.
        self.consistency = ConsistencyJar(consistency_token) if consistency else None
        self._http = httpx.Client(
            base_url=settings.url,
            headers=settings.headers(headers),
            timeout=settings.timeout,
            transport=transport,
            event_hooks=self.consistency.hooks() if self.consistency else None,  # type: ignore[arg-type]
        )

    def close(self) -> None:
        self._http.close()

    def __enter__(self) -> Limbic:
        return self

    def __exit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.close()

    # Agents

    def create_agent(self, agent_id: str, *, preset: AgentPreset | None = None, time_zone: str | None = None) -> Agent:
        """Creates the agent, or returns it if it exists with that preset (or none given).

        `time_zone` is the IANA zone of the hours of day its memories record (default UTC).
        """
        return self._run(ops.create_agent(agent_id, preset, time_zone))

    def update_agent(
        self, agent_id: str, *, preset: AgentPreset | None = None, time_zone: str | None = None
    ) -> Agent:
        """Changes the preset and/or the IANA time zone; an unknown zone is a BadInputError."""
        return self._run(ops.update_agent(agent_id, preset, time_zone))

    def agent(self, agent_id: str) -> Agent:
        """The agent's state now: affect, mood, momentum, energy, goals, primed concepts."""
        return self._run(ops.agent(agent_id))

    def agents_page(self, *, first: int = 20, after: str | None = None) -> AgentPage:
        return self._run(ops.agents_page(first, after))

    def agents(self, *, page_size: int = 100) -> Iterator[Agent]:
        """Every agent of the tenant, by id, fetching a page at a time."""
        after: str | None = None
        while True:
            page = self.agents_page(first=page_size, after=after)
            yield from page.items
            if not page.has_next_page or page.end_cursor is None:
                return
            after = page.end_cursor

    def delete_agent(self, agent_id: str) -> bool:
        """Deletes the agent and all it owns; False when only leftovers of an earlier delete remained."""
        return self._run(ops.delete_agent(agent_id))

    # State

    def observe(self, agent_id: str, text: str, *, now: datetime | None = None) -> Agent:
        """The agent perceives a text: its affect, mood, momentum and energy move; the session counts it.

        `now` replays it at a past moment.
        """
        return self._run(ops.observe(agent_id, text, now))

    def set_feeling(self, agent_id: str, *, valence: float, arousal: float, dominance: float | None = None) -> Agent:
        """Sets core affect explicitly (setAffect); mood and momentum follow."""
        return self._run(ops.set_feeling(agent_id, AffectInput(valence=valence, arousal=arousal, dominance=dominance)))

    def set_goals(self, agent_id: str, goals: Iterable[GoalLike]) -> Agent:
        """Replaces the goals: names, or (name, priority) pairs, or GoalInput."""
        return self._run(ops.set_goals(agent_id, goals))

    # Memories

    def remember(
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
        return self._run(
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

    def recall(
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
        return self._run(
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

    def feedback(
        self, recall_id: str, memory_id: str, *, signal: FeedbackSignal | None = None, score: float | None = None
    ) -> FeedbackResult:
        """How useful a recalled memory was: `signal` ("USED" / "IGNORED") or `score` (−1 … 1)."""
        return self._run(ops.feedback(recall_id, memory_id, signal, score))

    def forget(self, memory_id: str, *, hard: bool = False) -> ForgetResult:
        """Archives a memory (restorable), or with hard=True deletes it and its edges."""
        return self._run(ops.forget(memory_id, hard))

    def memory(self, memory_id: str) -> Memory:
        return self._run(ops.memory(memory_id))

    def memories_page(
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
        return self._run(
            ops.memories_page(agent_id, first=first, after=after, filter=filter, order=order, total_count=total_count)
        )

    def memories(
        self,
        agent_id: str,
        *,
        filter: MemoryListFilter | Mapping[str, Any] | None = None,
        order: MemoryOrder = "OCCURRED_AT_DESC",
        page_size: int = 100,
    ) -> Iterator[Memory]:
        """Every matching memory, following the connection's cursors a page at a time."""
        after: str | None = None
        while True:
            page = self.memories_page(agent_id, first=page_size, after=after, filter=filter, order=order)
            yield from page.items
            if not page.has_next_page or page.end_cursor is None:
                return
            after = page.end_cursor

    def update_memory(
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
        return self._run(
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

    def iter_export(self, agent_id: str) -> Iterator[bytes]:
        """The agent's export, one JSON line (with its newline) at a time, as the server streams it."""
        with self._open_export(agent_id) as response:
            buffer = b""
            for chunk in _bytes(response):
                buffer += chunk
                *lines, buffer = buffer.split(b"\n")
                for line in lines:
                    yield line + b"\n"
            if buffer:
                yield buffer

    def export_agent(self, agent_id: str, destination: str | os.PathLike[str] | IO[bytes]) -> int:
        """Streams the agent's export into a file (path or binary file object); returns the bytes written."""
        with self._open_export(agent_id) as response:
            if isinstance(destination, str | os.PathLike):
                with open(destination, "wb") as out:
                    return _copy(_bytes(response), out)
            return _copy(_bytes(response), destination)

    def import_agent(
        self, agent_id: str, source: ImportSource, *, timeout: float = _wire.IMPORT_TIMEOUT
    ) -> ImportSummary:
        """Restores an export into a NEW agent `agent_id`, streaming the upload.

        `source`: a path, a binary file object, bytes, or an iterable of lines / chunks
        (bytes or str). Never retried: the body may not be replayable, and a repeat of an
        import that succeeded would be refused (the agent exists). `timeout` bounds the wait
        for the answer: the server validates the whole file, then writes it in one transaction.
        """
        try:
            response = self._http.post(
                _wire.import_path(agent_id),
                content=iter_chunks(source),
                headers={"content-type": _wire.NDJSON},
                timeout=_wire.read_timeout(self._http.timeout, timeout),
            )
        except httpx.TransportError as exc:
            raise _wire.connection_error(exc) from exc
        _wire.raise_for_rest(response)
        return ImportSummary.model_validate(response.json())

    # Plumbing

    @contextmanager
    def _open_export(self, agent_id: str) -> Iterator[httpx.Response]:
        response = self._retrying(lambda: self._send_export(agent_id), idempotent=True)
        try:
            yield response
        finally:
            response.close()

    def _send_export(self, agent_id: str) -> httpx.Response:
        request = self._http.build_request("GET", _wire.export_path(agent_id), headers={"accept": _wire.NDJSON})
        response = self._http.send(request, stream=True)
        if response.status_code >= 400:
            response.read()
            response.close()
            _wire.raise_for_rest(response)
        return response

    def _run(self, call: ops.Call[T]) -> T:
        return self._retrying(
            lambda: _wire.graphql_result(self._http.post("/graphql", json=_wire.graphql_body(call)), call),
            idempotent=call.idempotent,
        )

    def _retrying(self, attempt: Callable[[], T], *, idempotent: bool) -> T:
        tries = 0
        resent = False
        while True:
            try:
                return attempt()
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
            time.sleep(wait)


def _bytes(response: httpx.Response) -> Iterator[bytes]:
    """The streamed body; a broken connection mid-stream is a LimbicConnectionError (never retried: lines were read)."""
    try:
        yield from response.iter_bytes()
    except httpx.TransportError as exc:
        raise _wire.connection_error(exc) from exc


def _copy(chunks: Iterable[bytes], out: IO[bytes]) -> int:
    written = 0
    for chunk in chunks:
        out.write(chunk)
        written += len(chunk)
    return written
