"""Built on the engine: agents that choose moves, strong bots, and many games at once.

``agents`` holds the simple agents and the agent contract, ``bots`` the search bots,
``simulation`` and ``arena`` play many games (in parallel), and ``stats`` sums them up.
"""
