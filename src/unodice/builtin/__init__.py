"""The built-in variants: coverall, centre-die and dominoes.

Each is a plugin package registered through the project's own entry points, exactly as a
third-party plugin would be; nothing in the core imports them. Every one has the same files
(see the "Variant anatomy" page of the docs).
"""
