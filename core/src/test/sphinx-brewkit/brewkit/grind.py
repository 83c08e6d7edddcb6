"""Grind size and grinders."""


class BurrGrinder:
    """A burr grinder crushes beans between two burrs into even grounds.

    :param steps: how many grind settings the grinder has.
    """

    def __init__(self, steps=40):
        self.steps = steps

    def setting_for(self, method):
        """The grind setting for a brew method: fine for espresso, coarse for a French press."""
        table = {"espresso": 3, "pour-over": 15, "french-press": 35}
        return min(table.get(method, 20), self.steps)


def grind_size(method):
    """The grind size a brew method wants, from fine to coarse."""
    sizes = {"espresso": "fine", "pour-over": "medium", "french-press": "coarse"}
    return sizes.get(method, "medium")
