"""urlgrammar serve as a process: it starts, answers, stops on Ctrl-C with its workers, and says
why when it cannot listen; never a traceback."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request

import pytest
from conftest import ANSWERS_CTRL_C, ROOT

SERVE = [sys.executable, "-m", "urlgrammar", "serve"]

pytestmark = pytest.mark.slow


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*SERVE, *args], cwd=ROOT, capture_output=True, text=True, timeout=120)


def test_a_port_in_use_is_an_error_not_a_traceback() -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = _run("--port", str(port))
    assert result.returncode == 1
    assert result.stderr == f"error: cannot listen on 127.0.0.1 port {port}: the port is in use\n"


def test_an_address_that_is_not_one_is_an_error() -> None:
    result = _run("--bind", "256.0.0.1", "--port", "0")
    assert result.returncode == 1 and result.stderr.startswith("error: cannot listen on 256.0.0.1 port 0: ")
    assert "Traceback" not in result.stderr


@pytest.mark.parametrize("port", ["70000", "-1", "http"])
def test_a_port_that_is_not_one_is_a_usage_error(port: str) -> None:
    result = _run("--port", port)
    assert result.returncode == 2 and "is not a port number (0 to 65535)" in result.stderr


def test_it_serves_until_ctrl_c_and_takes_its_workers_along() -> None:
    process = subprocess.Popen([*SERVE, "--port", "0"], cwd=ROOT, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True, start_new_session=True, **ANSWERS_CTRL_C)
    try:
        assert process.stdout is not None
        line = process.stdout.readline()
        assert line.startswith("urlgrammar viewer on http://127.0.0.1:")
        assert line.endswith("(Ctrl-C to stop)\n")
        url = line.split()[3]
        with urllib.request.urlopen(url + "api/explain?input=http:foo", timeout=60) as reply:
            assert json.load(reply)["href"] == "http://foo/"
        # Ctrl-C in a terminal signals the whole process group: the server and its workers.
        os.killpg(process.pid, signal.SIGINT)
        assert process.wait(timeout=60) == 130
    finally:
        if process.poll() is None:
            process.kill()
    assert process.stderr is not None
    err = process.stderr.read()
    assert "Traceback" not in err and err.endswith("stopped\n")
    # Nothing of the group is left: the workers ended with the server.
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            os.killpg(process.pid, 0)
        except ProcessLookupError:
            break
        time.sleep(0.1)
    else:
        pytest.fail("a worker outlived the server")

