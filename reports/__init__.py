"""Balance charts (matplotlib) and the self-contained HTML / Markdown report."""
