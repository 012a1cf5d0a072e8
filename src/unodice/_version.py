"""The version of the installed distribution, for the package and the records it writes."""

from __future__ import annotations

from importlib.metadata import PackageNotFoundError, version

__all__ = ["__version__"]

try:
    __version__ = version("unodice")
except PackageNotFoundError:  # running from a source tree that was never installed
    __version__ = "0.0.0"
