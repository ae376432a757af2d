"""The transport under the generated methods: auth, JSON, typed errors, the 429 retry, stored results.

Standard library only (urllib), Python 3.9+.
"""

import json
import os
import socket
import time
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass
from typing import Any, Callable, Dict, List, Mapping, Optional, Tuple, TypedDict

from .errors import (
    APIConnectionError,
    APITimeoutError,
    ApiError,
    RateLimitError,
    WebExtractionError,
    error_from_response,
    retry_after_seconds,
)

__version__ = "1.0.0"

TOOLS_PATH = "/api/v1/tools"
# Characters per read_result page: the page travels escaped inside the envelope again, and a hosted
# answer must stay under its ~5 M-character cap, so 2 M leaves room for a text of nothing but quotes.
READ_PAGE_CHARS = 2_000_000
_BACKOFF_BASE = 1.0


class OperationSpec(TypedDict):
    """How one operation is called from flat arguments (the same shape as the TypeScript SDK's)."""

    method: str
    path: str
    path_params: List[str]
    query_params: List[str]
    # "fields": the remaining arguments are the JSON body; "nested": the ``body`` argument is; "none".
    body: str


class RequestOptions(TypedDict, total=False):
    """Per-call overrides of the client's settings."""

    timeout: float
    max_retries: int
    max_retry_delay: float
    resolve_stored_results: bool
    headers: Dict[str, str]


@dataclass(frozen=True)
class RetryInfo:
    """What ``on_retry`` is told before each wait after a 429."""

    attempt: int
    delay: float
    error: RateLimitError


def build_http_call(spec: OperationSpec, args: Mapping[str, Any]) -> Tuple[str, str, Any]:
    """Splits flat arguments into method, path with query string, and JSON body (``...`` for none)."""
    path = spec["path"]
    for name in spec["path_params"]:
        value = args.get(name)
        if value is None or value == "":
            raise TypeError(f'Missing path parameter "{name}" for {spec["method"]} {spec["path"]}.')
        path = path.replace("{" + name + "}", urllib.parse.quote(str(value), safe=""))
    query: List[Tuple[str, str]] = []
    for name in spec["query_params"]:
        value = args.get(name)
        if value is None:
            continue
        for item in value if isinstance(value, (list, tuple)) else [value]:
            query.append((name, _query_value(item)))
    taken = set(spec["path_params"]) | set(spec["query_params"])
    body: Any = ...
    if spec["body"] == "nested":
        body = args.get("body")
    elif spec["body"] == "fields":
        body = {name: value for name, value in args.items() if name not in taken and value is not None}
    url = f"{path}?{urllib.parse.urlencode(query)}" if query else path
    return spec["method"], url, body


def _query_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _tool_spec(name: str) -> OperationSpec:
    return {
        "method": "POST",
        "path": f"{TOOLS_PATH}/{urllib.parse.quote(name, safe='')}",
        "path_params": [],
        "query_params": [],
        "body": "fields",
    }


def stored_handle_of(body: Any) -> Optional[str]:
    """The ``result_handle`` of a success whose result was stored instead of returned inline."""
    data = body.get("data") if isinstance(body, dict) else None
    if isinstance(data, dict) and data.get("truncated") is True and isinstance(data.get("result_handle"), str):
        return data["result_handle"]
    return None


class BaseClient:
    """Connection settings and the calls every generated method makes.

    ``api_key`` and ``base_url`` fall back to the environment variables ``WEB_EXTRACTION_API_KEY``
    and ``WEB_EXTRACTION_BASE_URL``. ``base_url`` is the service origin (a trailing ``/api/v1`` is
    accepted). On a 429 the client waits ``Retry-After`` (at most ``max_retry_delay`` seconds; 1 s
    doubling without the header) and retries up to ``max_retries`` times. With
    ``resolve_stored_results``, a result too large to return inline is read back through
    ``read_result`` (1 credit per page) and returned whole.
    """

    def __init__(
        self,
        api_key: Optional[str] = None,
        base_url: Optional[str] = None,
        *,
        timeout: float = 90.0,
        max_retries: int = 2,
        max_retry_delay: float = 60.0,
        resolve_stored_results: bool = False,
        on_retry: Optional[Callable[[RetryInfo], None]] = None,
        headers: Optional[Mapping[str, str]] = None,
    ) -> None:
        api_key = api_key or os.environ.get("WEB_EXTRACTION_API_KEY")
        base_url = base_url or os.environ.get("WEB_EXTRACTION_BASE_URL")
        if not api_key:
            raise WebExtractionError("api_key is required (or set WEB_EXTRACTION_API_KEY).")
        if not base_url:
            raise WebExtractionError("base_url is required, e.g. http://localhost:8787 (or set WEB_EXTRACTION_BASE_URL).")
        base_url = base_url.rstrip("/")
        if base_url.endswith("/api/v1"):
            base_url = base_url[: -len("/api/v1")]
        self.base_url = base_url
        self._api_key = api_key
        self.timeout = timeout
        self.max_retries = max_retries
        self.max_retry_delay = max_retry_delay
        self.resolve_stored_results = resolve_stored_results
        self.on_retry = on_retry
        self._headers = dict(headers or {})

    def request(
        self,
        operation: OperationSpec,
        args: Optional[Mapping[str, Any]] = None,
        request_options: Optional[RequestOptions] = None,
    ) -> Any:
        """Calls any operation from its spec and flat arguments: what every generated method does."""
        options: RequestOptions = request_options or {}
        method, url, body = build_http_call(operation, args or {})
        answer = self._send(method, url, body, options)
        resolve = options.get("resolve_stored_results", self.resolve_stored_results)
        handle = stored_handle_of(answer) if resolve and operation["path"] != _tool_spec("read_result")["path"] else None
        if handle is None:
            return answer
        value, used, remaining = self._read_stored(handle, options)
        return {**answer, "data": value, "credits_used": answer["credits_used"] + used, "credits_remaining": remaining}

    def call_tool(
        self,
        name: str,
        params: Optional[Mapping[str, Any]] = None,
        request_options: Optional[RequestOptions] = None,
    ) -> Any:
        """Runs a tool by name (POST /api/v1/tools/<name>); arguments left None are not sent."""
        return self.request(_tool_spec(name), dict(params or {}), request_options)

    def describe_tool(self, name: str, request_options: Optional[RequestOptions] = None) -> Any:
        """A tool's free self-description: price, request JSON Schema and an example."""
        spec = _tool_spec(name)
        spec.update(method="GET", body="none")
        return self.request(spec, {}, request_options)

    def list_tools(self, request_options: Optional[RequestOptions] = None) -> Any:
        """The catalog the server offers: every tool with its summary and base price."""
        spec: OperationSpec = {"method": "GET", "path": TOOLS_PATH, "path_params": [], "query_params": [], "body": "none"}
        return self.request(spec, {}, request_options)

    def _read_stored(self, handle: str, options: RequestOptions) -> Tuple[Any, int, int]:
        used = 0
        remaining = 0
        text = ""
        offset: Optional[int] = 0
        while offset is not None:
            page = self.call_tool(
                "read_result",
                {"result_handle": handle, "offset": offset, "max_chars": READ_PAGE_CHARS},
                {**options, "resolve_stored_results": False},
            )
            used += page["credits_used"]
            remaining = page["credits_remaining"]
            data = page["data"]
            if offset == 0 and "value" in data:
                return data["value"], used, remaining
            text += data.get("content") or ""
            offset = data.get("next_offset")
        return json.loads(text), used, remaining

    def _send(self, method: str, url: str, body: Any, options: RequestOptions) -> Any:
        max_retries = options.get("max_retries", self.max_retries)
        max_delay = options.get("max_retry_delay", self.max_retry_delay)
        attempt = 0
        while True:
            status, headers, answer = self._fetch_once(method, url, body, options)
            if 200 <= status < 300:
                return answer
            error: ApiError = error_from_response(status, headers, answer)
            if not isinstance(error, RateLimitError) or attempt >= max_retries:
                raise error
            hinted = retry_after_seconds(headers)
            delay = min(hinted if hinted is not None else _BACKOFF_BASE * 2**attempt, max_delay)
            attempt += 1
            if self.on_retry is not None:
                self.on_retry(RetryInfo(attempt=attempt, delay=delay, error=error))
            time.sleep(delay)

    def _fetch_once(self, method: str, url: str, body: Any, options: RequestOptions) -> Tuple[int, Dict[str, str], Any]:
        headers = {
            "Accept": "application/json",
            "User-Agent": f"web-extraction-python/{__version__}",
            **self._headers,
            **options.get("headers", {}),
            "X-API-Key": self._api_key,
        }
        data = None
        if body is not ...:
            headers["Content-Type"] = "application/json"
            data = json.dumps(body).encode("utf-8")
        request = urllib.request.Request(self.base_url + url, data=data, headers=headers, method=method)
        timeout = options.get("timeout", self.timeout)
        try:
            try:
                with urllib.request.urlopen(request, timeout=timeout) as response:
                    return response.status, dict(response.headers.items()), _parse(response.read())
            except urllib.error.HTTPError as failure:
                with failure:
                    return failure.code, dict(failure.headers.items()), _parse(failure.read())
        except (socket.timeout, TimeoutError) as failure:
            raise APITimeoutError(f"No answer from {method} {url} within {timeout} s.") from failure
        except urllib.error.URLError as failure:
            if isinstance(failure.reason, (socket.timeout, TimeoutError)):
                raise APITimeoutError(f"No answer from {method} {url} within {timeout} s.") from failure
            raise APIConnectionError(f"Could not reach {self.base_url}: {failure.reason}") from failure
        except OSError as failure:
            raise APIConnectionError(f"Could not reach {self.base_url}: {failure}") from failure


def _parse(raw: bytes) -> Any:
    if not raw:
        return None
    text = raw.decode("utf-8", errors="replace")
    try:
        return json.loads(text)
    except ValueError:
        return text
