"""Imposition: faces placed on printable sheets (grids, honeycombs, packed pieces), with
bleed, crop marks, cut guides, duplex or gutterfold backs, footers and calibration sheets.

Sheet layouts are data: `layouts/sheets/*.toml` (see docs/sheets.md).
"""
