"""Shared basics every room uses: problems as values, units, files, output, templates, markup."""
