"""Fixtures. Tests marked `stack` talk to a real Limbic API: LIMBIC_URL and two tenants' keys,
LIMBIC_TEST_KEY_A and LIMBIC_TEST_KEY_B (test/python-client.e2e-spec.ts starts the stack and sets
them). Without them those tests are skipped, and the unit tests still run."""

from __future__ import annotations

import os
import uuid
from collections.abc import AsyncIterator, Callable, Iterator

import pytest

from limbic import AsyncLimbic, Limbic

URL = os.environ.get("LIMBIC_URL")
KEY_A = os.environ.get("LIMBIC_TEST_KEY_A")
KEY_B = os.environ.get("LIMBIC_TEST_KEY_B")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    if URL and KEY_A and KEY_B:
        return
    skip = pytest.mark.skip(reason="needs LIMBIC_URL, LIMBIC_TEST_KEY_A and LIMBIC_TEST_KEY_B")
    for item in items:
        if "stack" in item.keywords:
            item.add_marker(skip)


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


@pytest.fixture
def limbic() -> Iterator[Limbic]:
    with Limbic(URL, api_key=KEY_A, timeout=60) as client:
        yield client


@pytest.fixture
def limbic_b() -> Iterator[Limbic]:
    """The same API as another tenant."""
    with Limbic(URL, api_key=KEY_B, timeout=60) as client:
        yield client


@pytest.fixture
async def async_limbic() -> AsyncIterator[AsyncLimbic]:
    async with AsyncLimbic(URL, api_key=KEY_A, timeout=60) as client:
        yield client


def _fresh_id(prefix: str) -> str:
    return f"{prefix}-{uuid.uuid4().hex[:10]}"


@pytest.fixture
def fresh_id() -> Callable[[str], str]:
    """Makes ids no other test uses (the stack deletes its tenants, and so these, when it stops)."""
    return _fresh_id


@pytest.fixture
def stack_url() -> str:
    assert URL is not None
    return URL


@pytest.fixture
def agent_id(limbic: Limbic) -> str:
    """A new agent of tenant A."""
    agent_id = _fresh_id("py")
    limbic.create_agent(agent_id)
    return agent_id
