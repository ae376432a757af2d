"""Python SDK of the Web Extraction Service: one typed method per tool and per endpoint.

    from web_extraction import WebExtractionClient

    client = WebExtractionClient(api_key="wxk_...", base_url="http://localhost:8787")
    result = client.summarize_content(content="...", summary_type="key_points")
    print(result["data"]["summary"], result["credits_remaining"])
"""

from . import types
from ._http import OperationSpec, RequestOptions, RetryInfo, __version__
from .client import OPERATIONS, TOOL_NAMES, WebExtractionClient
from .errors import (
    APIConnectionError,
    APITimeoutError,
    ApiError,
    AuthenticationError,
    BadRequestError,
    ConflictError,
    InsufficientCreditsError,
    InternalServerError,
    NotFoundError,
    PermissionDeniedError,
    RateLimitError,
    WebExtractionError,
)

__all__ = [
    "APIConnectionError",
    "APITimeoutError",
    "ApiError",
    "AuthenticationError",
    "BadRequestError",
    "ConflictError",
    "InsufficientCreditsError",
    "InternalServerError",
    "NotFoundError",
    "OPERATIONS",
    "OperationSpec",
    "PermissionDeniedError",
    "RateLimitError",
    "RequestOptions",
    "RetryInfo",
    "TOOL_NAMES",
    "WebExtractionClient",
    "WebExtractionError",
    "__version__",
    "types",
]
