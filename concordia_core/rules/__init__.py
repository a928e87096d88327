"""One module per card kind: what it starts, which sub-steps are legal, and how each applies."""
