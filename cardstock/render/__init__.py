"""Backends that draw layout ops: svg.py (svgwrite) and pdf.py (ReportLab canvas)."""
