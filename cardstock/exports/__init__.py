"""Exports for print shops and online play, one module each.

    raster.py     faces -> one-page-per-face PDF (page boxes) -> PNG pixels (pypdfium2)
    cards.py      the `cards` stage: per-card PNGs, cards.csv, <game>-cards.pdf
    tts.py        the `tts` stage: Tabletop Simulator deck sheets and a saved object
    presets.py    the `print-shop` stage: files laid out the way a service asks for them

Every export is drawn from the same laid-out faces and the same PDF renderer as the
print-and-play sheets, so a PNG shows exactly what the sheet prints.
"""
