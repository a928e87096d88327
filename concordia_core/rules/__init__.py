"""One module per card kind, each implementing the CardRule protocol (rules/base.py): what playing
the card starts, which sub-steps are legal, how each applies, and how a play with nothing left to
choose completes. The engine dispatches through `RULES`."""
