"""Making puzzles in the app: new puzzle by level, the puzzle editor and the search visualiser."""
