"""All card drawing in one package; no widget imports here.

- :mod:`cardlab.draw.svg` — the primitives (a card, a row, a pile, a stack, text, a button, a
  whole ``<svg>`` document) and the notebook displays ``Hand``, ``Pile``, ``Stack``;
- :mod:`cardlab.draw.faces` — card faces and backs in a 100 × 140 design box;
- :mod:`cardlab.games.cleopatra.draw`, :mod:`~cardlab.games.trappola.draw`, :mod:`~cardlab.games.kirifu.draw` —
  each game's table drawn from a view (never from the state, so nothing hidden leaks).
"""
