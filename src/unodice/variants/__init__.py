"""The built-in variants.

Each is a plugin module registered through the project's own entry points, exactly as a
third-party plugin would be; nothing in the core imports them.
"""
