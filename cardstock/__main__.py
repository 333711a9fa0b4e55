"""`python -m cardstock …`: the same program as the `cardstock` command."""

from .cli import run

if __name__ == "__main__":
    run()
