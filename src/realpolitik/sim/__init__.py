"""Simulation: the arena (bot-only games with rotating seats, in parallel) and its statistics."""

from .arena import arena_options, play, play_game, run_arena, seating
from .stats import BotSummary, GameResult, Summary, mean_interval, summarise, wilson

__all__ = [
    "BotSummary", "GameResult", "Summary", "arena_options", "mean_interval", "play", "play_game",
    "run_arena", "seating", "summarise", "wilson",
]
