"""Two devices, one game, in the browser, run where no packet can leave loopback.

The pairing cases (e2e/pairing_cases.py) make real WebRTC connections between browser
pages. They run in a pytest of their own inside a new network namespace whose only
interface is loopback (``unshare --net --map-root-user`` and tools/loopback_only.py):
Chromium, the pages' server and every packet between the two pages stay on 127.0.0.1.
A machine that cannot make such a namespace fails here with the reason.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def test_pairing_in_a_loopback_only_network() -> None:
    unshare = shutil.which("unshare")
    if unshare is None:
        pytest.fail("`unshare` (util-linux) is needed to run the pairing tests in a "
                    "loopback-only network namespace", pytrace=False)
    env = {k: v for k, v in os.environ.items() if k != "PARLOR_BASE_URL"}
    cmd = [unshare, "--net", "--map-root-user", sys.executable,
           str(ROOT / "tools" / "loopback_only.py"), sys.executable, "-m", "pytest",
           str(ROOT / "e2e" / "pairing_cases.py"), "-q", "-s", "-p", "no:cacheprovider"]
    proc = subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=3600, check=False)  # a limit: a slow day takes longer
    print(proc.stdout[-4000:])
    assert proc.returncode == 0, (
        f"the pairing cases failed (exit {proc.returncode}):\n"
        f"{proc.stdout[-12000:]}\n{proc.stderr[-4000:]}")
