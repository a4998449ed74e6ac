"""The async client on the real stack: the same facade, awaited."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable

import pytest

from limbic import AsyncLimbic, NotFoundError

pytestmark = [pytest.mark.stack, pytest.mark.anyio]


async def test_remember_then_recall_finds_it(async_limbic: AsyncLimbic, fresh_id: Callable[[str], str]) -> None:
    agent_id = fresh_id("py-async")
    await async_limbic.create_agent(agent_id, preset="personal")
    await async_limbic.remember(agent_id, "Bo prefers morning meetings and strong coffee.")
    stored = await async_limbic.remember(
        agent_id, "The flight to Lisbon leaves at 7 am from gate 12.", tags=["travel"], scope="user:bo"
    )
    result = await async_limbic.recall(agent_id, "when does the Lisbon flight leave?", top_k=2, explain=True)
    assert result.items[0].memory.id == stored.id
    assert result.items[0].explanation is not None
    assert result.items[0].explanation.signals.semantic > 0
    scoped = await async_limbic.recall(agent_id, "flight", filter={"scope": "user:ada"})
    assert scoped.items == []


async def test_pages_state_and_transfer(async_limbic: AsyncLimbic, fresh_id: Callable[[str], str]) -> None:
    agent_id = fresh_id("py-async")
    await async_limbic.create_agent(agent_id)
    ids = {(await async_limbic.remember(agent_id, f"Async note {i} about the garden.")).id for i in range(7)}
    seen = [m.id async for m in async_limbic.memories(agent_id, page_size=3)]
    assert len(seen) == 7 and set(seen) == ids

    felt = await async_limbic.set_feeling(agent_id, valence=0.8, arousal=0.6)
    assert felt.affect.valence == pytest.approx(0.8)
    observed = await async_limbic.observe(agent_id, "The garden is flooded and the tomatoes are ruined.")
    assert observed.affect.valence < felt.affect.valence

    lines = [line async for line in async_limbic.iter_export(agent_id)]
    copy_id = fresh_id("py-async-copy")

    async def upload() -> AsyncIterator[bytes]:  # an async generator as the body
        for line in lines:
            yield line

    summary = await async_limbic.import_agent(copy_id, upload())
    assert summary.memories == 7
    assert sorted([m.content async for m in async_limbic.memories(copy_id)]) == sorted(
        [m.content async for m in async_limbic.memories(agent_id)]
    )
    with pytest.raises(NotFoundError):
        await async_limbic.agent(fresh_id("py-missing"))
