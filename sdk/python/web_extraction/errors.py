"""Exceptions of the Web Extraction SDK: one class per kind of failure, all under WebExtractionError."""

import email.utils
import time
from typing import Any, Dict, List, Mapping, Optional


class WebExtractionError(Exception):
    """Every error this SDK raises."""


class ApiError(WebExtractionError):
    """The API answered with ``{"success": false, "error": {"code", "message", "details"?}}``.

    Every error response charges nothing. ``request_id`` is the ``X-Request-Id`` of the failed
    call: quote it when reporting a problem.
    """

    def __init__(
        self,
        *,
        status: int,
        code: str,
        message: str,
        details: Optional[List[Dict[str, str]]],
        request_id: Optional[str],
        headers: Mapping[str, str],
        body: Any,
    ) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message
        self.details: List[Dict[str, str]] = list(details or [])
        self.request_id = request_id
        self.headers: Dict[str, str] = {name.lower(): value for name, value in headers.items()}
        self.body = body

    def __str__(self) -> str:
        return f"{self.code} (HTTP {self.status}): {self.message} [request {self.request_id}]"


class BadRequestError(ApiError):
    """400: invalid parameters (``VALIDATION_ERROR`` and the tools' own 400 codes); ``details`` names the fields."""


class AuthenticationError(ApiError):
    """401: ``MISSING_API_KEY`` or ``INVALID_API_KEY``."""


class InsufficientCreditsError(ApiError):
    """402: ``INSUFFICIENT_CREDITS``; the balance does not cover the call's price."""

    @property
    def auto_recharge_triggered(self) -> bool:
        """Header ``X-Auto-Recharge-Triggered``: a recharge was started; retry once it lands."""
        return self.headers.get("x-auto-recharge-triggered") == "true"


class PermissionDeniedError(ApiError):
    """403: robots.txt disallows the URL, the host opted out, a private address, or a bot wall."""


class NotFoundError(ApiError):
    """404: unknown route, monitor, session or stored result, or the target answered 404."""


class ConflictError(ApiError):
    """409: ``MONITOR_RUNNING``."""


class RateLimitError(ApiError):
    """429: the plan's rate limit (``RATE_LIMIT_EXCEEDED``) or the target asked to wait."""

    @property
    def retry_after(self) -> Optional[float]:
        """Seconds the server asked to wait (``Retry-After``), or None when it did not say."""
        return retry_after_seconds(self.headers)


class InternalServerError(ApiError):
    """5xx: the tool, a backend or the target failed."""


class APIConnectionError(WebExtractionError):
    """No HTTP answer: the connection failed or was refused."""


class APITimeoutError(APIConnectionError):
    """No answer within the timeout."""


_BY_STATUS = {
    400: BadRequestError,
    401: AuthenticationError,
    402: InsufficientCreditsError,
    403: PermissionDeniedError,
    404: NotFoundError,
    409: ConflictError,
    429: RateLimitError,
}


def error_from_response(status: int, headers: Mapping[str, str], body: Any) -> ApiError:
    """The typed error for a non-2xx answer; a body that is not our envelope still maps by status."""
    error_class = _BY_STATUS.get(status, InternalServerError if status >= 500 else ApiError)
    envelope = body.get("error") if isinstance(body, dict) else None
    if not (isinstance(envelope, dict) and isinstance(envelope.get("code"), str)):
        envelope = None
    details = envelope.get("details") if envelope else None
    lowered = {name.lower(): value for name, value in headers.items()}
    if envelope and isinstance(envelope.get("message"), str):
        message = envelope["message"]
    else:
        message = body if isinstance(body, str) and body else f"HTTP {status}"
    return error_class(
        status=status,
        code=envelope["code"] if envelope else f"HTTP_{status}",
        message=message,
        details=details if isinstance(details, list) else None,
        request_id=lowered.get("x-request-id"),
        headers=lowered,
        body=body,
    )


def retry_after_seconds(headers: Mapping[str, str], now: Optional[float] = None) -> Optional[float]:
    """``Retry-After`` as delay-seconds or an HTTP date; None when absent or unreadable."""
    value = {name.lower(): v for name, v in headers.items()}.get("retry-after", "").strip()
    if not value:
        return None
    try:
        return max(0.0, float(value))
    except ValueError:
        pass
    try:
        moment = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    return max(0.0, moment.timestamp() - (time.time() if now is None else now))
