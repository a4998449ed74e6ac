"""Answers the scripted transports of the unit tests give (no server)."""

from __future__ import annotations

# An agent as the API returns it, freshly created.
AGENT = {
    "id": "ada",
    "preset": "agent",
    "createdAt": "2026-12-01T10:00:00.000Z",
    "energy": 1.0,
    "affect": {"valence": 0.0, "arousal": 0.0, "dominance": 0.5},
    "mood": {"valence": 0.0, "arousal": 0.3, "dominance": 0.5},
    "momentum": {"dv": 0.0, "da": 0.0, "dd": 0.0},
    "goals": [],
    "primedConcepts": [],
    "learnedWeights": [],
}
