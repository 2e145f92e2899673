"""Cleopatra's tools: its benchmark rows and the plain C loops they measure the kernel against."""
