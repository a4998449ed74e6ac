"""Export an agent as JSON Lines and import it into another agent, streamed both ways."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from limbic import BadUserInputError, Limbic, Memory, NotFoundError

pytestmark = pytest.mark.stack


def portable(memories: list[Memory]) -> list[tuple[object, ...]]:
    """What an import keeps of a memory (ids and agent are renewed)."""
    return sorted(
        (m.content, tuple(m.tags), json.dumps(m.metadata, sort_keys=True), m.external_id, m.valence, m.occurred_at)
        for m in memories
    )


def seed(limbic: Limbic, agent_id: str) -> None:
    limbic.set_goals(agent_id, [("keep the pager quiet", 0.8)])
    limbic.remember(agent_id, "The cache was cold after the deploy.", tags=["ops"], external_id="e-1")
    limbic.remember(agent_id, "So the first requests timed out.", metadata={"source": "pager", "sev": 2})
    limbic.remember(
        agent_id, "We now warm the cache before switching traffic.", affect={"valence": 0.5, "arousal": 0.4}
    )


def appraised(limbic: Limbic, agent_id: str) -> None:
    """Waits until the worker appraised every memory: an appraisal that lands between the export
    and the comparison moves the original's valence and not the copy's."""
    deadline = time.monotonic() + 30
    while any(m.pending_appraisal for m in limbic.memories(agent_id)):
        assert time.monotonic() < deadline, "the worker did not appraise the memories within 30 s"
        time.sleep(0.2)


def test_export_to_a_file_then_import_round_trips(
    limbic: Limbic, agent_id: str, tmp_path: Path, fresh_id: Callable[[str], str]
) -> None:
    seed(limbic, agent_id)
    appraised(limbic, agent_id)
    file = tmp_path / "agent.jsonl"
    written = limbic.export_agent(agent_id, file)
    lines = file.read_bytes().splitlines()
    assert written == file.stat().st_size > 0
    header = json.loads(lines[0])
    assert (header["kind"], header["format"], header["props"]["id"]) == ("agent", "limbic.agent-export", agent_id)
    assert sum(json.loads(line)["kind"] == "memory" for line in lines) == 3

    copy_id = fresh_id("py-copy")
    summary = limbic.import_agent(copy_id, file)
    assert (summary.agent_id, summary.memories, summary.goals) == (copy_id, 3, 1)

    assert portable(list(limbic.memories(copy_id))) == portable(list(limbic.memories(agent_id)))
    assert [g.name for g in limbic.agent(copy_id).goals] == ["keep the pager quiet"]
    # New ids: the two agents share no memory.
    assert not {m.id for m in limbic.memories(copy_id)} & {m.id for m in limbic.memories(agent_id)}
    # The copy recalls as the original does.
    assert limbic.recall(copy_id, "why did requests time out?", top_k=1).items[0].memory.content == (
        "So the first requests timed out."
    )


def test_iter_export_streams_lines_and_import_takes_an_iterable(
    limbic: Limbic, agent_id: str, fresh_id: Callable[[str], str]
) -> None:
    seed(limbic, agent_id)
    lines = list(limbic.iter_export(agent_id))
    assert all(line.endswith(b"\n") and line.count(b"\n") == 1 for line in lines)
    kinds = [json.loads(line)["kind"] for line in lines]
    assert kinds[0] == "agent" and kinds.count("memory") == 3 and "edge" in kinds

    copy_id = fresh_id("py-copy")
    # A generator, so the upload is streamed from whatever produces it.
    summary = limbic.import_agent(copy_id, (line.decode() for line in lines))
    assert summary.memories == 3
    assert len(list(limbic.iter_export(copy_id))) == len(lines)


def test_import_refuses_an_existing_agent_and_a_bad_file(
    limbic: Limbic, agent_id: str, fresh_id: Callable[[str], str]
) -> None:
    seed(limbic, agent_id)
    exported = b"".join(limbic.iter_export(agent_id))
    with pytest.raises(BadUserInputError) as exists:
        limbic.import_agent(agent_id, exported)
    assert exists.value.status == 409
    with pytest.raises(BadUserInputError):
        limbic.import_agent(fresh_id("py-bad"), b'{"kind":"memory"}\n')
    with pytest.raises(NotFoundError):
        limbic.export_agent(fresh_id("py-missing"), Path("/dev/null"))
