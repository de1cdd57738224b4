"""Streaming cost: a 4 KB answer streamed in 200 chunks vs one full check of the same answer.

The stream's final verdict is a full check of the streamed text; in wipe and refuse modes each
sentence is also checked before it is released, against the turn's evidence index, which is
built once per stream. Prints the medians and the ratio for observe (no gate) and wipe (the
gate); the target is <= 1.5x one check.

    python bench/streaming.py [--repeat 30] [--by-detector]

``--by-detector``: each detector's CPU time in a wipe stream (every gate batch and the final
check) beside its time in one full check, and what it costs per gate call: a detector whose
time per call does not shrink with the batch redoes turn-wide work for every text it sees.

``--assume-local all|ID,ID``: a what-if for detector owners. The named detectors are treated as
sentence-local (``nofab.detectors.base``): the wipe stream's verdict takes their findings from
the gate's batches instead of running them on the whole text again. They are not proved local,
so the findings may differ from a full check's; the benchmark prints how many agree.
"""

from __future__ import annotations

import argparse
import itertools
import statistics
import time
from collections.abc import Callable, Iterable

from nofab import Guard, Policy, ToolCall, Turn
from nofab.evidence.index import Evidence
from nofab.model.finding import Finding
from nofab.pipeline.stream import GuardedStream, partial_turn

ANSWER_BYTES = 4096
CHUNKS = 200


def build_turn(size: int = ANSWER_BYTES) -> tuple[Turn, str]:
    """A realistic turn: three tool results with ids, amounts and dates; an answer of ``size``
    bytes that cites most of them (and invents a few), in sentences and paragraphs."""
    orders = [
        {
            "order_id": f"A-{1000 + i}",
            "total": round(17.5 + 3.25 * i, 2),
            "items": 1 + i % 4,
            "placed": f"2026-0{1 + i % 9}-1{i % 9}",
            "status": "delivered" if i % 3 else "in transit",
        }
        for i in range(40)
    ]
    calls = (
        ToolCall("list_orders", {"customer": "C-77"}, {"orders": orders}, id="call_1"),
        ToolCall("get_customer", {"customer": "C-77"}, {"name": "Dana Whitfield", "tier": "gold"}),
        ToolCall("send_email", {"to": "dana@example.com"}, {"message_id": "MSG-5521", "sent": True}),
    )
    sentences: list[str] = []
    i = 0
    total = 0
    while total < size:
        o = orders[i % len(orders)]
        if i % 7 == 6:
            sentences.append(f"I also refunded order {o['order_id']} (refund_id=RF-{8800 + i}).")
        elif i % 5 == 4:
            sentences.append(f"Order {o['order_id']} has {o['items']} items and is {o['status']}.\n")
        else:
            sentences.append(f"Order {o['order_id']} placed on {o['placed']} totals ${o['total']:.2f}.")
        i += 1
        total += len(sentences[-1]) + 1
    sentences.append("I emailed you the summary (MSG-5521).")
    answer = " ".join(sentences)[:size]
    turn = Turn(response="", user_message="Summarise my orders for C-77", tool_calls=calls)
    return turn, answer


def chunked(text: str, n: int) -> list[str]:
    cuts = [len(text) * k // n for k in range(n + 1)]
    return [text[a:b] for a, b in itertools.pairwise(cuts)]


def timed(fn: Callable[[], None]) -> tuple[float, float]:
    """(wall seconds, CPU seconds of this process) for one call."""
    wall, cpu = time.perf_counter(), time.process_time()
    fn()
    return time.perf_counter() - wall, time.process_time() - cpu


def compare(
    guard: Guard, turn: Turn, answer: str, chunks: list[str], repeat: int, gate_chars: int = 0
) -> None:
    """Medians of a full check and of a stream of the same answer, under ``guard``'s mode
    (``gate_chars``: how much text the gate waits for before checking, see pipeline/gate.py)."""
    full_turn = turn.with_response(answer)
    pending = partial_turn(turn)

    def open_stream() -> GuardedStream:
        return GuardedStream(guard, pending, chunks, gate_chars=gate_chars)

    def full() -> None:
        guard.check(full_turn)

    def streamed() -> None:
        stream = open_stream()
        for _ in stream:
            pass
        assert stream.verdict is not None

    # Same findings either way: the stream is a faithful check, not a cheaper, weaker one.
    stream = open_stream()
    "".join(stream)
    a = {(f.kind, f.identifier, f.span) for f in guard.check(full_turn).findings}
    b = {(f.kind, f.identifier, f.span) for f in stream.verdict.findings}
    for _ in range(3):  # warm caches (lexicon regexes compile on first use)
        full()
        streamed()
    # Interleaved, so that load from other processes hits both sides alike; CPU time too,
    # which such load barely moves.
    pairs = [(timed(full), timed(streamed)) for _ in range(repeat)]
    full_wall = statistics.median(f[0] for f, _ in pairs)
    full_cpu = statistics.median(f[1] for f, _ in pairs)
    stream_wall = statistics.median(s[0] for _, s in pairs)
    stream_cpu = statistics.median(s[1] for _, s in pairs)
    mode = guard.policy.mode if not gate_chars else f"{guard.policy.mode}, gate_chars={gate_chars}"
    print(f"[{mode}] findings: full check {len(a)}, stream {len(b)}, in both {len(a & b)}")
    print(f"[{mode}] full check   median wall {full_wall * 1e3:8.3f} ms   cpu {full_cpu * 1e3:8.3f} ms")
    print(f"[{mode}] stream       median wall {stream_wall * 1e3:8.3f} ms   cpu {stream_cpu * 1e3:8.3f} ms")
    print(
        f"[{mode}] ratio stream/full: wall {stream_wall / full_wall:.2f}x, "
        f"cpu {stream_cpu / full_cpu:.2f}x (target <= 1.5x)"
    )


class _Clocked:
    """A detector that adds its CPU time and calls to ``table`` (benchmark only); ``local``:
    treat it as sentence-local (``--assume-local``)."""

    def __init__(self, inner: object, table: dict[str, list[float]], local: bool = False) -> None:
        self.inner = inner
        self.id: str = inner.id  # type: ignore[attr-defined]
        self.version: str = getattr(inner, "version", "")
        self.kinds: tuple[str, ...] = getattr(inner, "kinds", ())
        self.sentence_local = local or getattr(inner, "sentence_local", False) is True
        self.slot = table.setdefault(self.id, [0.0, 0.0])

    def detect(self, evidence: Evidence) -> Iterable[Finding]:
        start = time.process_time()
        try:
            return list(self.inner.detect(evidence))  # type: ignore[attr-defined]
        finally:
            self.slot[0] += time.process_time() - start
            self.slot[1] += 1


def by_detector(
    turn: Turn, answer: str, chunks: list[str], repeat: int, local: frozenset[str] = frozenset()
) -> None:
    """Per detector: CPU ms in a wipe stream (its gate calls and the final check) and in one full
    check, and the stream's ms per call. ``local``: detectors treated as sentence-local."""
    guard = Guard(Policy(mode="wipe", load_plugins=False))
    table: dict[str, list[float]] = {}
    guard.detectors = tuple(_Clocked(d, table, "all" in local or d.id in local) for d in guard.detectors)
    if local:
        probe = GuardedStream(guard, partial_turn(turn), chunks)
        "".join(probe)
        a = {(f.kind, f.identifier, f.span) for f in guard.check(turn.with_response(answer)).findings}
        b = {(f.kind, f.identifier, f.span) for f in probe.verdict.findings}
        named = sorted(d.id for d in guard.detectors if getattr(d, "sentence_local", False))
        print(f"[wipe] assumed sentence-local: {', '.join(named)}")
        print(f"[wipe] findings: full check {len(a)}, stream {len(b)}, in both {len(a & b)}")
    pending, full_turn = partial_turn(turn), turn.with_response(answer)

    def stream() -> None:
        for _ in GuardedStream(guard, pending, chunks):
            pass

    for _ in range(3):  # warm caches
        stream()
        guard.check(full_turn)
    totals: dict[str, dict[str, list[float]]] = {}
    for name, run in (("stream", stream), ("full", lambda: guard.check(full_turn))):
        for slot in table.values():
            slot[0] = slot[1] = 0.0
        for _ in range(repeat):
            run()
        totals[name] = {k: [v[0] / repeat, v[1] / repeat] for k, v in table.items()}
    print(f"[wipe] per detector, CPU ms per answer ({repeat} runs):")
    print(f"  {'detector':18s} {'stream':>8s} {'full':>8s} {'ratio':>6s} {'calls':>6s} {'us/call':>8s}")
    for name in sorted(totals["stream"], key=lambda k: -totals["stream"][k][0]):
        (s_ms, calls), (f_ms, _) = totals["stream"][name], totals["full"][name]
        ratio = s_ms / f_ms if f_ms else float("inf")
        print(
            f"  {name:18s} {s_ms * 1e3:8.2f} {f_ms * 1e3:8.2f} {ratio:6.1f} {calls:6.0f} "
            f"{s_ms * 1e6 / max(calls, 1):8.1f}"
        )
    s_total = sum(v[0] for v in totals["stream"].values())
    f_total = sum(v[0] for v in totals["full"].values())
    print(f"  {'all':18s} {s_total * 1e3:8.2f} {f_total * 1e3:8.2f} {s_total / f_total:6.1f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=50)
    parser.add_argument("--by-detector", action="store_true", help="only the per-detector breakdown")
    parser.add_argument(
        "--assume-local",
        default="",
        help="with --by-detector: treat these detectors (or 'all') as sentence-local",
    )
    args = parser.parse_args()
    if args.by_detector:
        turn, answer = build_turn()
        local = frozenset(filter(None, args.assume_local.split(",")))
        by_detector(turn, answer, chunked(answer, CHUNKS), args.repeat, local)
        return
    guard = Guard(Policy(mode="observe", load_plugins=False))
    turn, answer = build_turn()
    chunks = chunked(answer, CHUNKS)
    stream = guard.stream(turn, chunks)
    released = "".join(stream)
    assert released == answer
    print(
        f"answer: {len(answer.encode())} bytes in {len(chunks)} chunks, "
        f"{stream.verdict.details['stream']['sentences']} sentences; {args.repeat} interleaved runs"
    )
    # observe and flag release every sentence and check once at the end; wipe and refuse also
    # check each sentence before releasing it (the gate), then the whole answer.
    compare(guard, turn, answer, chunks, args.repeat)
    wipe = Guard(Policy(mode="wipe", load_plugins=False))
    compare(wipe, turn, answer, chunks, args.repeat)
    # The gate's latency/cost trade: wait for ~a paragraph, or for the whole answer (then the
    # gate's check is the final verdict's, and nothing is shown before the end).
    for gate_chars in (512, 1024, ANSWER_BYTES + 1):
        compare(wipe, turn, answer, chunks, args.repeat, gate_chars)
    # Bigger chunks (a provider that batches tokens): the sentences a chunk completes are gated
    # together at no cost in latency.
    print("[wipe] the same answer in 20 chunks of ~200 bytes:")
    compare(wipe, turn, answer, chunked(answer, 20), args.repeat)

    # Linear cost: the same answer shape at 4x and 16x the size, ~20 bytes per chunk as above.
    print("stream cost per KB (linear cost: roughly constant as the answer grows)")
    for size in (ANSWER_BYTES, 4 * ANSWER_BYTES, 16 * ANSWER_BYTES):
        big_turn, big_answer = build_turn(size)
        big_chunks = chunked(big_answer, size * CHUNKS // ANSWER_BYTES)

        def big(big_turn: Turn = big_turn, big_chunks: list[str] = big_chunks) -> None:
            for _ in guard.stream(big_turn, big_chunks):
                pass

        cpu = statistics.median(timed(big)[1] for _ in range(max(5, args.repeat // 5)))
        print(
            f"  {size // 1024:3d} KB in {len(big_chunks):5d} chunks: cpu {cpu * 1e3:8.2f} ms "
            f"= {cpu * 1e3 / (size / 1024):.2f} ms/KB"
        )


if __name__ == "__main__":
    main()
