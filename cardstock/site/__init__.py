"""The site stage: what a build publishes about itself once every game's stages ran.

manifest.py   output/manifest.json, every file a build wrote with its hash and size
page.py       output/index.html, the downloads page (Jinja2 template in layouts/site/)
publish.py    the step the CLI calls after a build: the manifest, then the page
"""
