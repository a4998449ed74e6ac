"""The code → class map, without a server: each code the API documents has its own class."""

from __future__ import annotations

from limbic import BadUserInputError, ConflictError, InternalServerError
from limbic.errors import error_class_for


def test_a_conflict_is_its_own_class_by_code_and_by_bare_status() -> None:
    assert error_class_for("CONFLICT") is ConflictError
    assert error_class_for(None, 409) is ConflictError
    assert ConflictError("m").code == "CONFLICT"


def test_the_code_decides_over_the_status() -> None:
    # An import into an existing agent answers 409 with BAD_USER_INPUT: the code says what to fix.
    assert error_class_for("BAD_USER_INPUT", 409) is BadUserInputError
    assert error_class_for("SOMETHING_NEW", 500) is InternalServerError
