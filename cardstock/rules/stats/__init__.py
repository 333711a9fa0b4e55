"""Stats: the numbers behind each deck and the odds its setup deals."""
