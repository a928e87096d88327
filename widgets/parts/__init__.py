"""The small widgets every screen is made of: the error log and guarded callbacks, buttons, menus and
folds, and the save box (save and load by name)."""
