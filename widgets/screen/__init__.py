"""The game screen (`GameApp`): the clickable board, the controls of the current decision (one module per
card in `controls/`), the player boards, the card display, the game log, the rules and the score."""
