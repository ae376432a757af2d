"""Runs the Python SDK against the service the vitest suite started, and prints what it observed.

Usage: python3 scenarios.py <scenario>; the SDK is imported from PYTHONPATH (the committed package,
or a copy generated with endpoint routes). Settings come from the environment as JSON in SCENARIO.
The assertions live in test/clients/python-sdk.test.ts; this script only reports.
"""

import ast
import json
import os
import pathlib
import sys
import time
import typing

import web_extraction
from web_extraction import (
    APIConnectionError,
    APITimeoutError,
    BadRequestError,
    InsufficientCreditsError,
    NotFoundError,
    RateLimitError,
    WebExtractionClient,
)

SETTINGS = json.loads(os.environ["SCENARIO"])
TEXT = (
    "The council approved the new budget on Monday. Spending on parks rises by ten percent next year. "
    "A vote on the transport plan was postponed until spring. Residents can comment online until March."
)


def client(key, **options):
    return WebExtractionClient(api_key=key, base_url=SETTINGS["base_url"], **options)


def error_fields(error):
    return {
        "type": type(error).__name__,
        "status": getattr(error, "status", None),
        "code": getattr(error, "code", None),
        "message": str(getattr(error, "message", error)),
        "details": getattr(error, "details", None),
        "request_id": getattr(error, "request_id", None),
    }


def families():
    sdk = client(SETTINGS["key"])
    article = SETTINGS["article"]
    calls = {
        "fetch_url": lambda: sdk.fetch_url(url=article, format="text"),
        "extract_text": lambda: sdk.extract_text(url=article),
        "extract_metadata": lambda: sdk.extract_metadata(url=SETTINGS["metadata"]),
        "scrape": lambda: sdk.scrape(url=article, formats=["markdown"]),
        "scrape_structured": lambda: sdk.scrape_structured(url=article, selectors={"heading": "h1"}),
        "extract_content": lambda: sdk.extract_content(url=article),
        "localization": lambda: sdk.localization(url=article),
        "analyze_content": lambda: sdk.analyze_content(content=TEXT),
        "summarize_content": lambda: sdk.summarize_content(content=TEXT, summary_type="key_points"),
    }
    results = {}
    for name, call in calls.items():
        answer = call()
        results[name] = {
            "credits_used": answer["credits_used"],
            "credits_remaining": answer["credits_remaining"],
            "keys": sorted(answer["data"].keys()),
        }
    return {"results": results, "tool_names": list(web_extraction.TOOL_NAMES)}


def errors():
    observed = {}
    try:
        client(SETTINGS["key"]).summarize_content(content=TEXT, max_sentences=99)
    except BadRequestError as error:
        observed["validation"] = error_fields(error)
    try:
        client(SETTINGS["broke_key"]).summarize_content(content=TEXT)
    except InsufficientCreditsError as error:
        observed["credits"] = {**error_fields(error), "auto_recharge_triggered": error.auto_recharge_triggered}
    try:
        WebExtractionClient(api_key="k", base_url="http://127.0.0.1:9").summarize_content(content=TEXT)
    except APIConnectionError as error:
        observed["connection"] = type(error).__name__
    return observed


def rate_limit():
    retries = []
    sdk = client(
        SETTINGS["free_key"],
        max_retry_delay=1.1,
        on_retry=lambda info: retries.append(
            {"attempt": info.attempt, "delay": info.delay, "retry_after": info.error.retry_after, "code": info.error.code}
        ),
    )
    sdk.summarize_content(content=TEXT)
    started = time.monotonic()
    second = sdk.summarize_content(content=TEXT)
    waited = time.monotonic() - started
    observed = {"retries": retries, "waited": waited, "second_credits": second["credits_used"]}
    try:
        sdk.summarize_content(content=TEXT, request_options={"max_retries": 0})
    except RateLimitError as error:
        observed["without_retry"] = {**error_fields(error), "retry_after": error.retry_after}
    return observed


def stored_results():
    sdk = client(SETTINGS["key"])
    stored = sdk.fetch_url(url=SETTINGS["big"], format="text", max_inline_chars=1000)
    whole = sdk.fetch_url(
        url=SETTINGS["big"], format="text", max_inline_chars=1000, request_options={"resolve_stored_results": True}
    )
    return {
        "stored": {key: stored["data"].get(key) for key in ("truncated", "total_chars")},
        "handle": stored["data"].get("result_handle"),
        "whole_credits": whole["credits_used"],
        "whole_has_last": "Paragraph 1499:" in whole["data"]["content"],
        "whole_has_handle": "result_handle" in whole["data"],
    }


def typing_and_syntax():
    package = pathlib.Path(web_extraction.__file__).parent
    for source in package.glob("*.py"):
        ast.parse(source.read_text(encoding="utf-8"), filename=str(source), feature_version=(3, 9))
    hints = typing.get_type_hints(WebExtractionClient.scrape)
    return {
        "python": list(sys.version_info[:2]),
        "scrape_hints": sorted(hints),
        "required": sorted(web_extraction.types.ScrapeInput.__required_keys__),
    }


def monitors():
    sdk = client(SETTINGS["key"])
    created = sdk.create_monitor(name="Docs", targets=[{"url": "https://example.com/docs"}])
    monitor_id = created["data"]["id"]
    sdk.create_monitor(name="Blog", targets=[{"url": "https://example.com/blog"}])
    observed = {
        "created": created["data"],
        "got": sdk.get_monitor(monitor_id)["data"],
        "first_page": sdk.list_monitors(limit=1),
        "all": len(sdk.list_monitors()["data"]),
        "iterated": sorted(monitor["id"] for monitor in sdk.iterate_monitors(limit=1)),
        "updated": sdk.update_monitor(monitor_id, status="paused")["data"]["status"],
        "deleted": sdk.delete_monitor(monitor_id),
    }
    try:
        sdk.get_monitor(monitor_id)
    except NotFoundError as error:
        observed["after_delete"] = error_fields(error)
    try:
        sdk.create_monitor(name="", targets=[])
    except BadRequestError as error:
        observed["invalid"] = error_fields(error)
    return observed


def wait_for_check():
    """A loopback server answering a check as running twice, then completed (and one that never ends)."""
    import http.server
    import threading

    reads = []

    class Checks(http.server.BaseHTTPRequestHandler):
        def do_GET(self):
            reads.append(self.path)
            running = self.path.endswith("/chk_slow") or len(reads) < 3
            body = json.dumps({"success": True, "data": {"id": "chk_1", "status": "running" if running else "completed"}})
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.end_headers()
            self.wfile.write(body.encode())

        def log_message(self, *args):
            pass

    server = http.server.HTTPServer(("127.0.0.1", 0), Checks)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        sdk = WebExtractionClient(api_key="k", base_url=f"http://127.0.0.1:{server.server_port}")
        done = sdk.wait_for_check("mon_1", "chk_1", interval=0.01)
        observed = {"status": done["data"]["status"], "reads": len(reads), "path": reads[0]}
        try:
            sdk.wait_for_check("mon_1", "chk_slow", interval=0.01, timeout=0.05)
        except APITimeoutError as error:
            observed["timeout"] = type(error).__name__
        return observed
    finally:
        server.shutdown()


SCENARIOS = {
    "families": families,
    "errors": errors,
    "rate_limit": rate_limit,
    "stored_results": stored_results,
    "typing": typing_and_syntax,
    "monitors": monitors,
    "wait_for_check": wait_for_check,
}

if __name__ == "__main__":
    print(json.dumps(SCENARIOS[sys.argv[1]]()))
