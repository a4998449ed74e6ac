"""Import bodies as streams of chunks, so an export of any size is uploaded without loading it whole."""

from __future__ import annotations

import os
from collections.abc import AsyncIterable, AsyncIterator, Iterable, Iterator
from typing import IO

import anyio

CHUNK = 64 * 1024

ImportSource = str | os.PathLike[str] | bytes | IO[bytes] | Iterable[bytes] | Iterable[str]
AsyncImportSource = ImportSource | AsyncIterable[bytes] | AsyncIterable[str]


def _encoded(chunk: bytes | str) -> bytes:
    return chunk.encode("utf-8") if isinstance(chunk, str) else chunk


def iter_chunks(source: ImportSource) -> Iterator[bytes]:
    """Chunks of the body: a str or PathLike is a file path (never the content), bytes the content itself."""
    if isinstance(source, bytes):
        yield source
    elif isinstance(source, str | os.PathLike):
        with open(source, "rb") as file:
            yield from _file_chunks(file)
    elif hasattr(source, "read"):
        yield from _file_chunks(source)  # type: ignore[arg-type]
    else:
        for chunk in source:
            yield _encoded(chunk)


async def aiter_chunks(source: AsyncImportSource) -> AsyncIterator[bytes]:
    """iter_chunks for the async client: files are read in a worker thread, async iterables awaited."""
    if isinstance(source, bytes):
        yield source
    elif isinstance(source, str | os.PathLike):
        async with await anyio.open_file(source, "rb") as file:
            while chunk := await file.read(CHUNK):
                yield chunk
    elif isinstance(source, AsyncIterable):
        async for part in source:
            yield _encoded(part)
    elif hasattr(source, "read"):
        for chunk in _file_chunks(source):  # type: ignore[arg-type]
            yield chunk
    else:
        for item in source:
            yield _encoded(item)


def _file_chunks(file: IO[bytes]) -> Iterator[bytes]:
    while chunk := file.read(CHUNK):
        yield chunk
