"""The face: the ``unodice`` command.

``commands`` reads the command line and runs one command; ``simulate`` and ``arena`` hold the
commands that play many games, ``terminal`` the game played at a terminal, and ``scaffold``
the ``new-plugin`` command's writer. Only this package knows the terminal.
"""
