"""The games, one module each (``cleopatra``, ``trappola``, ``kirifu``), all offering the contract
of :mod:`cardlab.game`: ``Rules``, ``PRESETS``, ``ALIASES``, ``new_game``, ``make_deal``,
``describe``, and the ``State``, ``View`` and ``Action`` classes. The registry of games
(``GAMES``, ``game_module``) lives in :mod:`cardlab.game`.
"""
