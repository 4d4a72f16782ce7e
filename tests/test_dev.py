"""dev.py, the set-up behind the README's commands: which pytest a newcomer's words run."""

from __future__ import annotations

import importlib.util
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def dev():
    spec = importlib.util.spec_from_file_location("dev_script", ROOT / "dev.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_whole_suite_runs_on_several_workers(dev, monkeypatch):
    monkeypatch.setattr(dev, "_workers", lambda: 4)
    assert dev.pytest_args([]) == ["-n", "4", "--dist", "loadfile"]


def test_the_quick_tier_leaves_out_the_slow_and_chromium_tests_and_still_runs_in_parallel(dev, monkeypatch):
    monkeypatch.setattr(dev, "_workers", lambda: 3)
    quick = "not slow and not browser"
    assert dev.pytest_args(["--quick"]) == ["-m", quick, "-n", "3", "--dist", "loadfile"]
    assert dev.pytest_args(["--quick", "--durations", "20"]) == [
        "-m",
        quick,
        "-n",
        "3",
        "--dist",
        "loadfile",
        "--durations",
        "20",
    ]


def test_a_test_that_drives_chromium_is_marked_browser_whatever_its_folder(pytester):
    """The quick tier's `not browser` needs no list of files: the fixture marks the test."""
    pytester.makeconftest((ROOT / "tests" / "conftest.py").read_text())
    pytester.makeini("[pytest]\nmarkers =\n    browser: chromium\n    hardware: pi\n")
    pytester.makepyfile(
        test_pages="""
        import pytest

        @pytest.fixture(scope="session")
        def browser():  # stands in for Chromium: the marking looks at the name alone
            return object()

        def test_a_page(browser):
            assert browser

        def test_no_page():
            assert True
        """
    )
    result = pytester.runpytest("-m", "not browser", "-p", "no:xdist", "-p", "no:randomly")
    result.assert_outcomes(passed=1, deselected=1)
    result = pytester.runpytest("-m", "browser", "-p", "no:xdist", "-p", "no:randomly", "-v")
    result.assert_outcomes(passed=1, deselected=1)
    result.stdout.fnmatch_lines(["*test_a_page PASSED*"])


def test_temporary_files_go_to_memory_when_it_has_room_unless_tmpdir_is_set(dev, monkeypatch, tmp_path):
    monkeypatch.delenv("TMPDIR", raising=False)
    monkeypatch.setattr(dev, "RAM_FOLDER", tmp_path)
    assert dev.test_environment()["TMPDIR"] == str(tmp_path)
    monkeypatch.setattr(dev, "RAM_FOLDER", tmp_path / "missing")
    assert "TMPDIR" not in dev.test_environment()
    monkeypatch.setattr(dev, "RAM_FOLDER", tmp_path)
    monkeypatch.setattr(dev, "_roomy", lambda folder, need=0: False)  # a full tmpfs
    assert "TMPDIR" not in dev.test_environment()
    monkeypatch.setenv("TMPDIR", "/scratch")
    monkeypatch.setattr(dev, "_roomy", lambda folder, need=0: True)
    assert dev.test_environment()["TMPDIR"] == "/scratch"


def test_a_test_run_keeps_compiled_modules_in_the_venv_whatever_the_shell_says(dev, monkeypatch):
    monkeypatch.setenv("PYTHONDONTWRITEBYTECODE", "1")
    monkeypatch.delenv("PYTHONPYCACHEPREFIX", raising=False)
    env = dev.test_environment()
    assert "PYTHONDONTWRITEBYTECODE" not in env
    assert env["PYTHONPYCACHEPREFIX"] == str(dev.VENV / "pycache")
    monkeypatch.setenv("PYTHONPYCACHEPREFIX", "/elsewhere")
    assert dev.test_environment()["PYTHONPYCACHEPREFIX"] == "/elsewhere"


def test_a_selection_by_keyword_is_still_parallel_but_named_files_run_in_one_process(dev, monkeypatch):
    monkeypatch.setattr(dev, "_workers", lambda: 4)
    assert dev.pytest_args(["-k", "dungeon"]) == ["-n", "4", "--dist", "loadfile", "-k", "dungeon"]
    assert dev.pytest_args(["tests/test_cli.py"]) == ["tests/test_cli.py"]
    assert dev.pytest_args(["tests/test_cli.py", "-k", "replay"]) == ["tests/test_cli.py", "-k", "replay"]


def test_a_worker_count_the_user_gives_is_kept(dev, monkeypatch):
    monkeypatch.setattr(dev, "_workers", lambda: 4)
    assert dev.pytest_args(["-n", "0"]) == ["-n", "0"]
    assert dev.pytest_args(["-p", "no:xdist"]) == ["-p", "no:xdist"]


def test_another_plugin_given_with_p_keeps_the_workers(dev, monkeypatch):
    monkeypatch.setattr(dev, "_workers", lambda: 4)
    assert dev.pytest_args(["-p", "no:cacheprovider"]) == [
        "-n",
        "4",
        "--dist",
        "loadfile",
        "-p",
        "no:cacheprovider",
    ]


def test_workers_are_at_least_one_and_at_most_eight(dev):
    assert 1 <= dev._workers() <= 8


def test_the_tiers_and_checks_are_configured_where_the_python_field_looks():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    markers = config["tool"]["pytest"]["ini_options"]["markers"]
    assert any(m.startswith("slow:") for m in markers)
    assert "pytest-xdist" in " ".join(config["project"]["optional-dependencies"]["dev"])
    assert config["tool"]["ruff"]["line-length"] > 79
    assert "companion/engine" in config["tool"]["mypy"]["files"]
    hooks = (ROOT / ".pre-commit-config.yaml").read_text()
    for check in ("ruff check", "ruff format", "mypy"):
        assert check in hooks
