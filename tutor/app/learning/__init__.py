"""The lessons in the app: the lesson menu, a lesson's pages, and exercises answered on the board."""
