"""Simulation: the arena (bot-only games with rotating seats, in parallel or on Ray) and its statistics."""

from .arena import Interrupted, arena_options, play, play_game, run_arena, seating
from .stats import BotSummary, GameResult, Summary, mean_interval, summarise, wilson

__all__ = [
    "BotSummary", "GameResult", "Interrupted", "Summary", "arena_options", "mean_interval", "play", "play_game",
    "run_arena", "seating", "summarise", "wilson",
]
