"""Cross-play of our Hanabi computer players with an independent H-group bot: see
`__main__` for the command."""
