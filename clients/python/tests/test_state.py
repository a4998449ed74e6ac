"""Agent state: observe, set_feeling, set_goals change what `agent` reports."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, timedelta, timezone

import pytest

from limbic import BadUserInputError, Limbic

pytestmark = pytest.mark.stack


def test_set_feeling_sets_affect_and_moves_mood(limbic: Limbic, agent_id: str) -> None:
    before = limbic.agent(agent_id)
    after = limbic.set_feeling(agent_id, valence=-0.6, arousal=0.8, dominance=0.3)
    assert (after.affect.valence, after.affect.arousal, after.affect.dominance) == pytest.approx((-0.6, 0.8, 0.3))
    # Mood is a slow average: it moves toward the new affect, not onto it.
    assert -0.6 < after.mood.valence < before.mood.valence
    assert after.momentum.dv < 0
    assert limbic.agent(agent_id).affect == after.affect


def test_observe_moves_affect_and_spends_energy(limbic: Limbic, agent_id: str) -> None:
    before = limbic.agent(agent_id)
    after = limbic.observe(agent_id, "Wonderful news: the launch succeeded and everyone is thrilled!")
    assert after.affect != before.affect
    assert after.affect.valence > before.affect.valence
    assert after.energy < before.energy
    assert {"launch", "news"} & {c.name for c in after.primed_concepts}


def test_set_goals_replaces_the_goals(limbic: Limbic, agent_id: str) -> None:
    limbic.set_goals(agent_id, ["learn rust"])
    agent = limbic.set_goals(agent_id, [("ship the release", 0.9), "keep the pager quiet"])
    assert {(g.name, g.priority) for g in agent.goals} == {("ship the release", 0.9), ("keep the pager quiet", 0.5)}
    assert {g.name for g in limbic.agent(agent_id).goals} == {"ship the release", "keep the pager quiet"}


def test_time_zone_session_and_replayed_moments(limbic: Limbic, fresh_id: Callable[[str], str]) -> None:
    agent_id = fresh_id("tz")
    created = limbic.create_agent(agent_id, time_zone="Asia/Tokyo")
    assert created.time_zone == "Asia/Tokyo"
    assert created.session is None
    assert created.since_last_interaction_minutes is None
    start = datetime.now(timezone.utc).replace(microsecond=0) - timedelta(minutes=20)
    limbic.observe(agent_id, "A quiet start.", now=start)
    memory = limbic.remember(
        agent_id, "Tea at the station.", occurred_at=datetime(2026, 11, 30, 23, tzinfo=timezone.utc), now=start
    )
    # 23:00 UTC is 08:00 in Tokyo; the memory belongs to the session the observe began.
    assert memory.hour_of_day == 8
    assert memory.session_started_at == start
    agent = limbic.agent(agent_id)
    assert agent.session is not None
    assert (agent.session.started_at, agent.session.interactions) == (start, 2)
    assert agent.session.minutes >= 20
    assert agent.since_last_interaction_minutes is not None and agent.since_last_interaction_minutes >= 20
    assert limbic.update_agent(agent_id, time_zone="Europe/Paris").time_zone == "Europe/Paris"
    with pytest.raises(BadUserInputError):
        limbic.update_agent(agent_id, time_zone="Mars/Olympus")
    assert limbic.agent(agent_id).time_zone == "Europe/Paris"
