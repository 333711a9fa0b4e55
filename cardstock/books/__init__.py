"""Rulebooks and quick-reference content: Jinja2 templates in layouts/<game>/ → block
markup → ReportLab Platypus → reading-order and saddle-stitched PDFs. See docs/rulebooks.md.

    rulebook.build_rulebook(job)        the `rulebook` stage
    check.lint(job)                     the rules check of a game's rule texts
    quickref.check(catalog)             reference cards that fit (the check calls it)
    booklet.impose(...)                 saddle-stitch imposition of a reading PDF

What a book is made of before typesetting (page sizes, the rulebook's context, the faces it
shows) is in `content`; the template source shared with the card faces is in
`cardstock.catalog.ruletext`.
"""
