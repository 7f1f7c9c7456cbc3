"""The hot-seat curtain in a real terminal: a game in a detached tmux session, played up to
the curtain, after which tmux's whole history — what scrolling up would show — no longer holds
the hand of the player before."""

from __future__ import annotations

import shlex
import subprocess
import sys
import time
from pathlib import Path

from realpolitik.testing.load import allowance

SRC = Path(__file__).resolve().parents[2] / "src"
PLAY = [sys.executable, "-c", "from realpolitik.cli.main import app; app()",
        "play", "nuclear-war", "--seats", "human,human", "--seed", "2", "--lang", "en"]
#: seconds to wait for the game to answer (the first screen waits for Python's imports)
PATIENCE = 60.0


class Pane:
    """A program in a pane of its own tmux server (its socket ``socket``, this test's only), 160 × 50."""

    def __init__(self, command: list[str], socket: Path) -> None:
        self.socket = str(socket)
        env = f"PYTHONPATH={shlex.quote(str(SRC))} LANG=C.UTF-8 TERM=xterm-256color"
        self.tmux("new-session", "-d", "-s", "play", "-x", "160", "-y", "50", f"env {env} {shlex.join(command)}")

    def tmux(self, *args: str) -> str:
        return subprocess.run(["tmux", "-S", self.socket, *args], check=True, capture_output=True, text=True,
                              timeout=allowance(10)).stdout

    def history(self) -> str:
        """Everything the pane holds: its history and its screen, wrapped lines joined."""
        return self.tmux("capture-pane", "-p", "-J", "-S", "-", "-t", "play")

    def wait_for(self, text: str) -> str:
        """The history once ``text`` is in it."""
        deadline = time.monotonic() + PATIENCE
        while text not in (shown := self.history()):
            assert time.monotonic() < deadline, f"{text!r} did not come; the pane holds:\n{shown}"
            time.sleep(0.2)
        return shown

    def type(self, line: str) -> None:
        self.tmux("send-keys", "-t", "play", line, "Enter")

    def close(self) -> None:
        subprocess.run(["tmux", "-S", self.socket, "kill-server"], capture_output=True, timeout=allowance(10))


def test_the_curtain_clears_the_terminals_history_of_the_hand_before(tmp_path):
    pane = Pane(PLAY, tmp_path / "tmux")
    try:
        pane.wait_for("Pass the game to Player 1.")
        pane.type("")
        shown = pane.wait_for("Player 1>")
        hand = next(line for line in shown.splitlines() if line.startswith("Your hand: "))
        cards = [card for card in hand.removeprefix("Your hand: ").split(", ") if card.strip()]  # a wrap leaves a ","
        assert "100 Megaton Warhead" in cards and "Atlas Missile" in cards  # seed 2's hand, seen while Player 1 acts
        pane.type("1")  # Player 1 places two cards face down, then the game passes to Player 2
        pane.wait_for("place face-down card 2 of 2")
        pane.type("2")
        after = pane.wait_for("Pass the game to Player 2.")
        assert "Your hand" not in after and "You draw" not in after
        assert [card for card in cards if card in after] == [], after
    finally:
        pane.close()
