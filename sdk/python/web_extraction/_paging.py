"""Conveniences over the generated methods: every item of a paged list, and polling."""

from __future__ import annotations

import time
from typing import Any, Callable, Iterator, Optional, TypeVar

from .errors import APITimeoutError

T = TypeVar("T")


def every_item(page: Callable[[Optional[str]], Any]) -> Iterator[Any]:
    """Every item of a cursor-paged list (``data`` and ``next_cursor``), fetching pages as the loop needs them."""
    cursor: Optional[str] = None
    while True:
        answer = page(cursor)
        yield from answer["data"]
        cursor = answer.get("next_cursor")
        if not cursor:
            return


def every_numbered_item(page: Callable[[int], Any]) -> Iterator[Any]:
    """Every result of a numbered-page list (``results``, ``page``, ``total_pages`` in ``data``), from page 1."""
    number = 1
    while True:
        data = page(number)["data"]
        yield from data["results"]
        if data["page"] >= data["total_pages"]:
            return
        number += 1


def poll_until(read: Callable[[], T], done: Callable[[T], bool], interval: float, timeout: float) -> T:
    """Reads until ``done`` says so, ``interval`` seconds apart; APITimeoutError after ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while True:
        value = read()
        if done(value):
            return value
        if time.monotonic() + interval > deadline:
            raise APITimeoutError(f"Still running after {timeout} s.")
        time.sleep(interval)
