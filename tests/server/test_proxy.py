"""``--trusted-proxy``: X-Forwarded-For is believed only from the listed proxies (a real
server process, since uvicorn reads the header before the app sees the request)."""

from __future__ import annotations

import os
import subprocess
import sys
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from backroom.sim.server_load import free_port, wait_ready

BODY = b'{"game": "stool-pigeon", "players": 2}'


def statuses(port: int, forwarded_for: list[str]) -> list[int]:
    out = []
    for address in forwarded_for:
        headers = {"content-type": "application/json", "x-forwarded-for": address}
        request = urllib.request.Request(f"http://127.0.0.1:{port}/api/tables", BODY, headers, method="POST")
        try:
            with urllib.request.urlopen(request, timeout=10) as response:
                out.append(response.status)
        except urllib.error.HTTPError as refused:
            out.append(refused.code)
    return out


@pytest.mark.parametrize("trusted", [False, True])
def test_x_forwarded_for_counts_only_from_a_trusted_proxy(tmp_path: Path, trusted: bool) -> None:
    """Three visitors behind one proxy, a limit of two tables a minute per address: believed
    only with --trusted-proxy; otherwise anyone could claim any address and dodge the limit."""
    port = free_port()
    command = [sys.executable, "-m", "backroom.server", "serve", "--port", str(port)]
    command += ["--db", f"sqlite:///{tmp_path / 'proxy.db'}", "--tables-per-minute", "2"]
    if trusted:
        command += ["--trusted-proxy", "127.0.0.1"]
    env = {**os.environ, "BACKROOM_DATA_DIR": str(tmp_path)}
    process = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        wait_ready(port, process)
        got = statuses(port, ["203.0.113.1", "203.0.113.1", "203.0.113.2", "203.0.113.3"])
    finally:
        process.kill()
        process.wait()
    assert got == ([201, 201, 201, 201] if trusted else [201, 201, 429, 429])
