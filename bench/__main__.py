"""Run every benchmark: `python -m bench`."""

from bench import lanterns

if __name__ == "__main__":
    lanterns.main([])
