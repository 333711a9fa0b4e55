"""The layout language: the layout files' schema, the files read, merged and resolved with
each key's file and line, and the reference of every key that docs/layouts.md is made from."""
