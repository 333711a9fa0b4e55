"""Rulebooks and quick-reference content: Jinja2 templates in layouts/<game>/ → block
markup → ReportLab Platypus → reading-order and saddle-stitched PDFs. See docs/rulebooks.md.

    context.template_context(catalog)   what every rule template sees (also the cards')
    rulebook.build_rulebook(cat, opts)  the `rulebook` pipeline stage
    quickref.check(catalog)             reference cards that fit (the rulebook lint calls it)

Booklet imposition is in `cardstock.impose.booklet`, the template source shared with the
card faces in `cardstock.ruletext`, the rulebook lint in `cardstock.rules.rulebook`.
"""
