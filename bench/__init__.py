"""Benchmarks: `python -m bench` runs them all and prints the figures."""
