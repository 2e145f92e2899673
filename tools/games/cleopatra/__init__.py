"""Cleopatra's tools: its benchmark rows, the plain C loops they measure the kernel against, how
the browser benchmark plays its tables, and the search that made the shipped sample game."""
