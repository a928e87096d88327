"""ipywidgets + matplotlib views of a Concordia game and controls that build legal actions."""
