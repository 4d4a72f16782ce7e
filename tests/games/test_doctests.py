"""The examples in the docstrings of companion/engine and companion/games run and pass."""
import doctest
import importlib
import pkgutil

import pytest

import companion.engine
import companion.games


def _modules():
    for package in (companion.engine, companion.games):
        yield package.__name__
        for info in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
            yield info.name


@pytest.mark.parametrize("name", sorted(_modules()))
def test_docstring_examples_pass(name):
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0, f"{name}: {result.failed} of {result.attempted} examples failed"


def test_the_examples_are_there():
    attempted = {name: doctest.testmod(importlib.import_module(name)).attempted
                 for name in ("companion.engine.steps", "companion.engine.dice",
                              "companion.games.dungeon_ball.engine")}
    assert all(attempted.values()), attempted
