"""Agent state: observe, set_feeling, set_goals change what `agent` reports."""

from __future__ import annotations

import pytest

from limbic import Limbic

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
