"""Built on the engine: game records that replay move for move, and the replay page.

``record`` writes and replays records (JSON, verified against the rules as they are read);
``replay_page`` turns one into a self-contained HTML page that steps through the game.
"""
