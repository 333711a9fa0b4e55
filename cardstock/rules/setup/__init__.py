"""Setup simulation: the setup procedure as data, a seeded simulator of its steps for every
player count, what the steps leave in each pile, and a step's words held to its data."""
