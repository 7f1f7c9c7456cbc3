"""The rematch of a finished game: proposed by one of its players, accepted by the others.

The rematch is a new game with the same options, clock and stand-in, each seat moved on by one
(the founder creates it: :meth:`..founder.Founder.rematch_of`); who proposes or accepts it is seated there.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING

from realpolitik.i18n import t

from ..refusals import Refusal
from ..tokens import new_token

if TYPE_CHECKING:
    from . import Table


class Rematch:
    """The rematch of one table's game."""

    def __init__(self, table: Table, rematch_of: Callable[[Table, str], Awaitable[Table]]) -> None:
        self.table = table
        #: the rematch's table: the one proposed already, else a new one created for the address asking
        self.rematch_of = rematch_of

    async def join(self, seat: int, name: str, user_id: int | None, client: str) -> tuple[Table, int, str]:
        """``seat``'s person proposes or accepts the rematch of this finished game: it is seated in
        the rematch one seat on (under ``name``, bound to the account ``user_id``). Returns the
        rematch's table, the seat and its token; ``client`` is the address asking (for the limits)."""
        table = self.table
        if table.status != "finished":
            raise Refusal("not-over", t("A rematch can be proposed once the game is over."))
        async with table.lock:
            proposed = table.stored.rematch is None
            again = await self.rematch_of(table, client)
        seat_again = (seat + 1) % len(table.labels)
        token = new_token()
        await again.admission.join(seat_again, name or table.stored.seats[seat].name, token, user_id)
        if proposed:
            table.audience.tell("rematch-offered", seat)
        return again, seat_again, token
