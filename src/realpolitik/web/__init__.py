"""The browser client: static files served by the game server, no build step.

``index.html`` (lobby), ``game.html`` (play or watch), ``replay.html``; ES modules in
``js/`` (the generic panel that renders any view) and one board per game in
``boards/<game id>.js``. How to add a board: docs/web/browser.md.
"""

from pathlib import Path

ROOT = Path(__file__).parent
