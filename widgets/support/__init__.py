"""What the views need from outside the game, with no widgets: the tutor's saves folder and the rule text
(docs/rules.md, shipped inside the package as well)."""
