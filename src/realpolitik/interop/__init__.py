"""The games for research: fixed action ids, an OpenSpiel game and a PettingZoo environment
per registered game (``docs/research.md``).

``actions`` numbers every action text of a game (``table(game, players, options)``),
``observation`` turns a seat's view into a fixed-size tensor; both need nothing beyond
realpolitik. ``openspiel`` and ``pettingzoo`` need the ``rl`` extra
(``pip install 'realpolitik[rl]'``) and are imported only when asked for.
"""
