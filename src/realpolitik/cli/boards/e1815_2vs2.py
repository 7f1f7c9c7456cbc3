"""1815 2vs2 on the terminal: the 1815 board, with allies in shared colours and team SP."""

from .e1815 import render

__all__ = ["render"]
