"""cardstock: a tabletop game's component catalog in, print-ready files out."""

__version__ = "0.1.0"
