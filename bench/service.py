"""Service throughput: requests/s and p50/p99 latency of POST /v1/check on τ-bench turns.

Starts `nofab serve` on a free loopback port in a subprocess (so the load generator and the
server do not share one interpreter), sends every assistant turn of the τ-bench airline
trajectories as JSON from a bounded local load loop, and stops the server.

    python bench/service.py [--requests 2000] [--concurrency 1 8] [--seconds 60] [--hostile]

Concurrency 1 is ONE persistent (keep-alive) connection; each further client thread has its
own. ``--hostile`` then measures /healthz on a persistent connection while worst-case checks
run and while 400 slow clients hold connections open (issue 16's "cannot be stalled").

Needs the serve extra (pip install 'nofab[serve]') and ../shared/data (see its README).
Loopback only: the target is always 127.0.0.1.
"""

from __future__ import annotations

import argparse
import json
import socket
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import httpx

from corpora import tau_bench_turns

SHARED = Path(__file__).resolve().parents[1].parent / "shared" / "data"
DATA = SHARED / "tau-bench-airline" / "gpt-4o-airline-dev.json"


def turn_json(turn: Any) -> bytes:
    return json.dumps(
        {
            "response": turn.response,
            "user_message": turn.user_message,
            "context": turn.context,
            "tool_calls": [
                {
                    "id": c.id,
                    "name": c.name,
                    "arguments": c.arguments,
                    "result": c.result,
                    "status": c.status,
                    "error": c.error,
                }
                for c in turn.tool_calls
            ],
        }
    ).encode()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_server(port: int) -> subprocess.Popen[bytes]:
    """Start `nofab serve` and wait for the line it prints when it is ready."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "nofab.cli.main", "serve", "--port", str(port), "--log-level", "warning"],
        stdout=subprocess.PIPE,
    )
    assert proc.stdout is not None
    line = proc.stdout.readline().decode()
    if "listening on http://127.0.0.1" not in line:
        proc.kill()
        raise SystemExit(f"the service did not start: {line!r}")
    return proc


def spread(samples: list[float]) -> str:
    samples = sorted(samples)
    p99 = samples[min(len(samples) - 1, int(len(samples) * 0.99))]
    median = statistics.median(samples)
    return f"median {median * 1e3:.2f} ms, p99 {p99 * 1e3:.2f} ms, max {samples[-1] * 1e3:.2f} ms"


def healthz_latencies(base: str, count: int = 100) -> list[float]:
    """/healthz on ONE persistent connection, ``count`` times."""
    out = []
    with httpx.Client(timeout=30) as client:
        for _ in range(count):
            start = time.perf_counter()
            client.get(f"{base}/healthz").raise_for_status()
            out.append(time.perf_counter() - start)
            time.sleep(0.005)
    return out


def hostile(base: str, slow_clients: int) -> None:
    """/healthz while worst-case checks run, then while ``slow_clients`` hold half-sent headers."""
    worst = json.dumps(
        {
            "response": "Row 3: 42.73 vs 1717; " * 4000,
            "tool_calls": [{"name": "get_order", "result": {"total": 42.73}}],
        }
    ).encode()
    answers: list[int] = []

    def post_worst() -> None:
        r = httpx.post(
            f"{base}/v1/check", content=worst, headers={"content-type": "application/json"}, timeout=120
        )
        answers.append(r.status_code)

    heavy = [threading.Thread(target=post_worst) for _ in range(2)]
    began = time.perf_counter()
    for t in heavy:
        t.start()
    time.sleep(0.2)
    during = healthz_latencies(base)
    for t in heavy:
        t.join()
    print(
        f"/healthz while 2 worst-case checks ({len(worst) / 1024:.0f} KiB, answered {sorted(answers)} "
        f"after {time.perf_counter() - began:.1f} s) run: {spread(during)}"
    )
    host, port = base.removeprefix("http://").split(":")
    held = []
    try:
        for _ in range(slow_clients):
            s = socket.create_connection((host, int(port)))
            s.sendall(b"POST /v1/check HTTP/1.1\r\nHost: x\r\nContent-Ty")
            held.append(s)
        figures = spread(healthz_latencies(base))
        print(f"/healthz while {slow_clients} slow clients hold half-sent headers: {figures}")
    finally:
        for s in held:
            s.close()


def load(
    url: str, bodies: list[bytes], total: int, concurrency: int, seconds: float
) -> tuple[list[float], float]:
    """Send ``total`` requests (cycling through ``bodies``) from ``concurrency`` threads, each
    with its own keep-alive connection; stop early after ``seconds``."""
    latencies: list[float] = []
    lock = threading.Lock()
    counter = iter(range(total))
    stop_at = time.monotonic() + seconds
    errors: list[str] = []

    def worker() -> None:
        with httpx.Client(headers={"content-type": "application/json"}) as client:
            for i in counter:
                if time.monotonic() > stop_at:
                    return
                start = time.perf_counter()
                r = client.post(url, content=bodies[i % len(bodies)])
                elapsed = time.perf_counter() - start
                if r.status_code != 200:
                    errors.append(f"{r.status_code}: {r.text[:200]}")
                    return
                with lock:
                    latencies.append(elapsed)

    threads = [threading.Thread(target=worker) for _ in range(concurrency)]
    began = time.perf_counter()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    wall = time.perf_counter() - began
    if errors:
        raise SystemExit(f"request failed: {errors[0]}")
    return latencies, wall


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--requests", type=int, default=2000)
    parser.add_argument("--concurrency", type=int, nargs="+", default=[1, 8])
    parser.add_argument("--seconds", type=float, default=60.0, help="cap per run")
    parser.add_argument("--hostile", action="store_true", help="also measure /healthz under hostile load")
    parser.add_argument("--slow-clients", type=int, default=400)
    args = parser.parse_args()
    if not DATA.exists():
        raise SystemExit(f"τ-bench data not found at {DATA}")
    bodies = [turn_json(turn) for _, turn in tau_bench_turns(DATA)]
    sizes = sorted(len(b) for b in bodies)
    print(
        f"{len(bodies)} τ-bench turns, body size median {statistics.median(sizes) / 1024:.1f} KiB, "
        f"max {sizes[-1] / 1024:.1f} KiB"
    )
    port = free_port()
    proc = start_server(port)
    base = f"http://127.0.0.1:{port}"
    url = f"{base}/v1/check"
    try:
        load(url, bodies, min(200, args.requests), 1, args.seconds)  # warm up
        print(f"GET /healthz on one persistent connection: {spread(healthz_latencies(base, 300))}")
        for concurrency in args.concurrency:
            latencies, wall = load(url, bodies, args.requests, concurrency, args.seconds)
            latencies.sort()
            p50 = latencies[len(latencies) // 2]
            p99 = latencies[min(len(latencies) - 1, int(len(latencies) * 0.99))]
            print(
                f"concurrency {concurrency}: {len(latencies)} requests in {wall:.2f} s = "
                f"{len(latencies) / wall:.0f} req/s; "
                f"latency median {p50 * 1e3:.2f} ms, p99 {p99 * 1e3:.2f} ms"
            )
        if args.hostile:
            hostile(base, args.slow_clients)
    finally:
        proc.terminate()
        proc.wait(10)


if __name__ == "__main__":
    main()
