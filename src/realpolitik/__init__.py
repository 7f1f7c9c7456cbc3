"""realpolitik — Cold-War and great-power strategy games with enforced rules and bots.

The package is layered: ``engine`` (game-agnostic contract), ``games`` (one package
per rule book), ``bots``, and the front ends ``cli`` (and later ``server``/``sim``).
"""

__version__ = "0.1.0"
