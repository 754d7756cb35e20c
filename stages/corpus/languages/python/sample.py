"""The constructs the Python chunker reads: functions, classes, methods,
decorators, nested functions (Queue.push.check), a class defined in a
function (make_counter.Counter.bump), a def under `try` and async code."""

import functools


def normalize(key):
    """Trims and lower-cases a key."""
    return key.strip().lower()


class Queue:
    """Keeps items in arrival order."""

    def __init__(self):
        self.items = []

    @property
    def size(self):
        return len(self.items)

    def push(self, item):
        def check(value):
            return value is not None

        if check(item):
            self.items.append(item)


@functools.lru_cache(maxsize=None)
def cached(n):
    return n * n


async def fetch(client, url):
    async with client.get(url) as response:
        return await response.text()


def make_counter(start):
    class Counter:
        def bump(self):
            return start + 1

    return Counter()


try:
    from shlex import quote
except ImportError:

    def quote(text):
        return "'" + text + "'"
