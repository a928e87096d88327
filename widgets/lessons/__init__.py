"""One module per chapter: the positions it teaches on and its exercises' checkers."""
