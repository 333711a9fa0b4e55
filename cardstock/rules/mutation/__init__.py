"""The mutation test's room: `cardstock check --mutate` edits what a player reads, one edit
at a time, and counts the edits a fact catches.

- `edits`: the single edits of a game (numbers, names, rule words, rows swapped or moved);
- `settings`: rules.toml's `[mutate]`, read and checked when the test runs;
- `designer`: the designer's own values, whose edits are listed apart;
- `report`: each edit judged against the unedited game, counted and rendered.

No build and no plain `check` imports this room; the rules' model keeps `[mutate]` as
written and leaves it to `settings`.
"""
