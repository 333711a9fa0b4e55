"""Rulebooks and quick-reference content: Jinja2 templates in layouts/<game>/ → block
markup → ReportLab Platypus → reading-order and saddle-stitched PDFs. See docs/rulebooks.md.

    context.template_context(catalog)   what every rule template sees (also the cards')
    rulebook.build_rulebook(cat, opts)  the `rulebook` pipeline stage
    booklet.booklet_order(pages)        saddle-stitch page order
    source.render_quickref(cat, name)   one quick-reference side as markup
    lint.lint(catalog)                  checks for `build.py check`
"""
