"""A tiny calculator the recorded agents read, search and edit."""


def add(a, b):
    return a + b


def sub(a, b):
    # TODO: check the types
    return a - b
