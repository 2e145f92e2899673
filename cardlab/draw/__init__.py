"""Pure-SVG drawings of each game's table (``cardlab.draw.<game>``); no widget imports here."""
