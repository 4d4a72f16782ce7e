"""The examples in the docstrings of every module (engines, games, screens, drivers, vision)
run and pass."""

import doctest
import importlib
import importlib.util
import pkgutil
from pathlib import Path

import pytest

import companion
import drivers
import vision


def _modules_with_examples():
    for package in (companion, drivers, vision):
        names = [package.__name__] + [
            info.name for info in pkgutil.walk_packages(package.__path__, package.__name__ + ".")
        ]
        for name in names:
            origin = importlib.util.find_spec(name).origin
            if origin and origin.endswith(".py") and ">>> " in Path(origin).read_text(encoding="utf-8"):
                yield name


@pytest.mark.parametrize("name", sorted(_modules_with_examples()))
def test_docstring_examples_pass(name):
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0, f"{name}: {result.failed} of {result.attempted} examples failed"


def test_the_examples_are_there():
    names = set(_modules_with_examples())
    assert {
        "companion.engine.steps",
        "companion.engine.dice",
        "companion.games.dungeon_ball.engine",
        "vision.net",
        "drivers._config",
        "companion.ui.fonts",
    } <= names, sorted(names)
    attempted = {
        name: doctest.testmod(importlib.import_module(name)).attempted
        for name in (
            "companion.engine.steps",
            "companion.engine.dice",
            "companion.games.dungeon_ball.engine",
            "vision.net",
            "drivers._config",
        )
    }
    assert all(attempted.values()), attempted
