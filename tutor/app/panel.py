"""Panel: a Static that redraws only when what it shows has changed (every key refreshes all panels)."""

from __future__ import annotations

from textual.content import Content
from textual.widgets import Static


class Panel(Static):
    def show_content(self, content: Content) -> None:
        if content != getattr(self, "_shown", None):
            self._shown = content
            self.update(content)
