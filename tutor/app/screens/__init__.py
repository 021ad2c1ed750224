"""The app's screens besides the game: each in its own module, listed for the command palette."""
