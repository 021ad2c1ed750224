"""Serving the app to web browsers (`tutor serve`), one learner per browser.

`sessions` (codes and session folders) and `served` (what the app says when served) are plain
Python; `server` needs the optional `web` extra (textual-serve) and is imported only by
`tutor serve`. Nothing here imports Textual: the app runs in a child process per browser.
"""
