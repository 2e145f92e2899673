"""How responsive a card table is: milliseconds to apply one event and redraw the whole table.

``python -m tools.bench table [--events N] [--seed S]`` times the demo table (a 7-card hand and
a full 52-card layout) and prints mean / median / p95 / max per event against the 20 ms target.
A game's bench can time its own table with the same function::

    from tools.bench.table import measure, report
    times, _ = measure(table.view, events)
    report("cleopatra table", times)

Each figure covers ``view.send_event`` — the same path a browser message takes — with everything
the callbacks do (apply the move, draw the SVG, set the trait) and the JSON encoding of the
update message the kernel sends to the browser . The browser's own
rendering is not included (the Playwright tests see a click round trip in about 0.1 s).
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from collections.abc import Sequence

from cardlab.widgets.demo import DemoTable
from cardlab.widgets.view import Event, TableView

TARGET_MS = 20.0


def measure(view: TableView, events: Sequence[Event]) -> tuple[list[float], float]:
    """Feed ``events`` to ``view`` one by one; return the milliseconds each one took and the
    characters of JSON the kernel would send to the browser per event (trait updates)."""
    sent: list[int] = []
    view._send = lambda msg, buffers=None: sent.append(len(json.dumps(msg)))  # the comm's JSON encoding
    times = []
    try:
        for event in events:
            start = time.perf_counter()
            view.send_event(event)
            times.append((time.perf_counter() - start) * 1000)
    finally:
        del view._send
    return times, sum(sent) / max(1, len(events))


def report(name: str, times: Sequence[float]) -> bool:
    """Print mean / median / p95 / max of ``times`` (ms) against the target; True if p95 is under it."""
    ordered = sorted(times)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    ok = p95 < TARGET_MS
    print(f"{name}: {len(times)} events: mean {statistics.fmean(times):.2f} ms, "
          f"median {statistics.median(times):.2f} ms, p95 {p95:.2f} ms, max {ordered[-1]:.2f} ms "
          f"-> {'under' if ok else 'OVER'} the {TARGET_MS:.0f} ms target")
    return ok


def demo_events(n: int, hand_size: int) -> list[Event]:
    """A reader's session on the demo table: clicks on cards, arrows, space, a new deal now and then."""
    cycle: list[Event] = [{"type": "click", "target": f"card:{hand_size // 2}"},
                          {"type": "key", "key": "ArrowRight"}, {"type": "key", "key": " "},
                          {"type": "click", "target": f"card:{hand_size - 1}"}, {"type": "key", "key": "ArrowLeft"}]
    events = [cycle[i % len(cycle)] for i in range(n)]
    for i in range(len(cycle) * 5, n, len(cycle) * 6):
        events[i] = {"type": "click", "target": "deal"}
    return events


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.bench table", description=__doc__.split("\n")[0])
    parser.add_argument("--events", type=int, default=400, help="events per table (default 400)")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    ok = True
    for hand_size in (7, 52):
        table = DemoTable(seed=args.seed, hand_size=hand_size)
        times, sent = measure(table.view, demo_events(args.events, hand_size))
        ok &= report(f"demo table, {hand_size} cards ({sent / 1000:.0f} kB sent per event)", times)
    return 0 if ok else 1
