"""Tournaments (issue 59): pairings, standings, their storage, the runner and the HTTP routes."""
