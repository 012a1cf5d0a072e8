"""The engine: pieces, chance, moves and events, options, the variant contract and the game.

Everything else in unodice is built on this package, and it imports nothing of theirs: not the
built-in variants (they are plugins, found through entry points), not bots, records or the
command line. The "Architecture" page of the docs draws the layers.
"""
