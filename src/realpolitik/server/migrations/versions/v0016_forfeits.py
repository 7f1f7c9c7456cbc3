"""Revision 16: time-outs counted, and forfeits ranked in the stored results (issue 76).

``seats.timeouts`` counts how often a seat's time ran out in its game (0 for every seat
before); ``seats.away_at`` is the number of actions stored when the seat last changed hands
between its person and the stand-in bot (empty for every seat before): its person takes it
back from the bot only once the bot has moved for it, and never takes back a move the bot made.

The stored results of the games finished before are ranked as the server ranks a finished
game's from now on (``server/results.py``, the rule as this revision found it, copied here so
that it stays what it was): a seat whose person resigned or lost on time (``away`` in the
result) ranks below the others — in a team game with its team —, and when it was among the
winners the best-placed others win instead; ``seats.place`` and ``seats.won`` follow. Their
reasons keep their words.

Revision ID: 0016
Revises: 0015
"""

import json

import sqlalchemy as sa
from alembic import op

revision = "0016"
down_revision = "0015"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("timeouts", sa.Integer, nullable=False, server_default="0"))
        batch.add_column(sa.Column("away_at", sa.Integer, nullable=True))
    _rank_forfeits(op.get_bind())


def _rank_forfeits(conn) -> None:
    """Rank the seats given up in every finished game's stored result (one that cannot be read stays)."""
    games = sa.table("games", sa.column("id"), sa.column("status"), sa.column("result", sa.JSON))
    seats = sa.table("seats", sa.column("game_id"), sa.column("seat"), sa.column("place"), sa.column("won"))
    rows = conn.execute(sa.select(games.c.id, sa.cast(games.c.result, sa.Text))
                        .where(games.c.status == "finished")).all()
    for game_id, text in rows:
        try:
            result = json.loads(text) if text else None
        except ValueError:
            continue
        if not isinstance(result, dict) or not isinstance(result.get("away"), dict) or not result["away"]:
            continue
        outcome = result.get("outcome")
        if not (isinstance(outcome, dict) and isinstance(outcome.get("places"), dict)
                and all(isinstance(p, int) for p in outcome["places"].values())
                and isinstance(outcome.get("winners"), list)):
            continue
        again = _ranked(outcome, result["away"])
        if again == outcome:
            continue
        conn.execute(sa.update(games).where(games.c.id == game_id).values(result={**result, "outcome": again}))
        for seat, (label, place) in enumerate(again["places"].items()):  # in seat order, as stored
            conn.execute(sa.update(seats).where(seats.c.game_id == game_id, seats.c.seat == seat)
                         .values(place=place, won=label in again["winners"]))


def _ranked(outcome: dict, given_up: dict) -> dict:
    """``server/results.py``'s ``ranked`` as of this revision."""
    places = outcome["places"]
    teams = outcome.get("teams") if isinstance(outcome.get("teams"), dict) else None
    losing = {teams.get(label) if teams else label for label in given_up if label in places}
    lost = {label for label in places if (teams.get(label) if teams else label) in losing}
    kept = [places[label] for label in places if label not in lost]
    winners = outcome["winners"]
    if not lost or (not lost & set(winners) and all(places[label] > max(kept, default=0) for label in lost)):
        return outcome
    key = {label: (label in lost, place) for label, place in places.items()}
    again = {label: 1 + sum(other < key[label] for other in key.values()) for label in places}
    if lost & set(winners):
        winners = [label for label in places if label not in lost and again[label] == 1]
    return {**outcome, "places": again, "winners": winners}


def downgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("away_at")
        batch.drop_column("timeouts")
