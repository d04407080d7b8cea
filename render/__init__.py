"""Pictures of games: pure functions from an engine view to PNG bytes.

`render.kit` is the shared kit (fonts, safe text, the lantern palette with a symbol
per colour, sprites, PNG encoding); each game has its own module, for example
`render.lanterns`. Renderers never see a game state, only the redacted views the
engine hands out, and they never use words: names, numbers and pictograms only,
because translation happens in the bot.
"""
