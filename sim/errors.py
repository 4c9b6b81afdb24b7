"""The one kind of error a user sees: one line saying where, which key, what was expected."""


class UserError(Exception):
    """Bad input. The CLI prints ``str(err)`` on one line and exits with code 2."""

    def __init__(self, where: str, key: str | None, expected: str):
        self.where, self.key, self.expected = where, key, expected
        at = f"{where}: key '{key}'" if key else where
        super().__init__(f"{at}: {expected}")
