"""Backends that draw layout ops: svg.py (SVG written as text) and pdf.py (ReportLab canvas)."""
