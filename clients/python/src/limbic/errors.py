"""Typed errors: one class per `extensions.code` the Limbic API returns, plus network failures."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

__all__ = [
    "BadUserInputError",
    "ConflictError",
    "ForbiddenError",
    "GraphQLRequestError",
    "InternalServerError",
    "LimbicConnectionError",
    "LimbicError",
    "NotFoundError",
    "PayloadTooLargeError",
    "QueryTooCostlyError",
    "RateLimitedError",
    "UnauthenticatedError",
    "UnavailableError",
    "error_class_for",
]


class LimbicError(Exception):
    """A failure reported by the API (or, for LimbicConnectionError, by the network).

    `code` is the API's `extensions.code`, `path` the GraphQL path of the failing field (empty
    for errors raised before execution or on the REST routes), `field` the input the API
    names as wrong, `status` the HTTP status, `retry_after` seconds to wait when the API says.
    `errors` holds every error of the response; this exception describes the first.
    """

    code: str = "UNKNOWN"

    def __init__(
        self,
        message: str,
        *,
        code: str | None = None,
        path: Sequence[str | int] = (),
        field: str | None = None,
        status: int | None = None,
        retry_after: float | None = None,
        errors: Sequence[Mapping[str, Any]] = (),
    ) -> None:
        super().__init__(message)
        self.message = message
        if code is not None:
            self.code = code
        self.path: tuple[str | int, ...] = tuple(path)
        self.field = field
        self.status = status
        self.retry_after = retry_after
        self.errors: tuple[Mapping[str, Any], ...] = tuple(errors)

    def __str__(self) -> str:
        where = f" at {'.'.join(str(p) for p in self.path)}" if self.path else ""
        return f"{self.code}{where}: {self.message}"


class BadUserInputError(LimbicError):
    """The input was refused (nothing was written); `field` names what was wrong when the API says."""

    code = "BAD_USER_INPUT"


class PayloadTooLargeError(BadUserInputError):
    """HTTP 413: the request body is over the server's limit (an import, or a huge GraphQL request)."""


class NotFoundError(LimbicError):
    """The agent, memory or recall does not exist for the caller's tenant (another tenant's counts as absent)."""

    code = "NOT_FOUND"


class UnauthenticatedError(LimbicError):
    """No API key, or one the server does not know (HTTP 401)."""

    code = "UNAUTHENTICATED"


class ForbiddenError(LimbicError):
    code = "FORBIDDEN"


class ConflictError(LimbicError):
    """The write collided with what is stored (a concurrent write, a duplicate): read the current state and decide again (HTTP 409)."""

    code = "CONFLICT"


class UnavailableError(LimbicError):
    """The memory store or the embedder is down or busy: worth retrying later (see `retry_after`)."""

    code = "UNAVAILABLE"


class QueryTooCostlyError(LimbicError):
    """The operation's estimated cost is over the server's budget: ask for less (smaller pages, topK)."""

    code = "QUERY_TOO_COSTLY"


class RateLimitedError(LimbicError):
    """The tenant spent its rate limit; `retry_after` says when to come back."""

    code = "RATE_LIMITED"


class InternalServerError(LimbicError):
    """The server failed in a way it does not describe (HTTP 5xx or INTERNAL_SERVER_ERROR)."""

    code = "INTERNAL_SERVER_ERROR"


class GraphQLRequestError(LimbicError):
    """The server could not parse or validate the GraphQL document: a client/server version mismatch."""

    code = "GRAPHQL_VALIDATION_FAILED"


class LimbicConnectionError(LimbicError):
    """The request failed on the network (connect, timeout, broken connection), after any safe retries."""

    code = "NETWORK_ERROR"

    def __init__(self, message: str, *, transient: bool = True) -> None:
        super().__init__(message)
        # False for failures a retry cannot fix (an unsupported URL scheme, a proxy refusal).
        self.transient = transient


_BY_CODE: dict[str, type[LimbicError]] = {
    "BAD_USER_INPUT": BadUserInputError,
    "NOT_FOUND": NotFoundError,
    "UNAUTHENTICATED": UnauthenticatedError,
    "FORBIDDEN": ForbiddenError,
    "UNAVAILABLE": UnavailableError,
    "CONFLICT": ConflictError,
    "QUERY_TOO_COSTLY": QueryTooCostlyError,
    "RATE_LIMITED": RateLimitedError,
    "INTERNAL_SERVER_ERROR": InternalServerError,
    "GRAPHQL_VALIDATION_FAILED": GraphQLRequestError,
    "GRAPHQL_PARSE_FAILED": GraphQLRequestError,
    "OPERATION_RESOLUTION_FAILURE": GraphQLRequestError,
    "BAD_REQUEST": GraphQLRequestError,
}

# What an HTTP status means when the body carries no code of its own (a proxy, a body parser).
_BY_STATUS: dict[int, type[LimbicError]] = {
    400: BadUserInputError,
    401: UnauthenticatedError,
    403: ForbiddenError,
    404: NotFoundError,
    409: ConflictError,
    413: PayloadTooLargeError,
    429: RateLimitedError,
    502: UnavailableError,
    503: UnavailableError,
    504: UnavailableError,
}


def error_class_for(code: str | None, status: int | None = None) -> type[LimbicError]:
    """The exception class of an API error code; an HTTP status decides when the code is unknown.

    A 413 stays PayloadTooLargeError although its body says BAD_USER_INPUT: the status is the
    more telling of the two.
    """
    if status == 413:
        return PayloadTooLargeError
    if code is not None and code in _BY_CODE:
        return _BY_CODE[code]
    if status is not None:
        if status in _BY_STATUS:
            return _BY_STATUS[status]
        if status >= 500:
            return InternalServerError
    return LimbicError
