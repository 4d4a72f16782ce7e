"""systemd/install-pi.sh runs nothing of the checkout as root: git reads the checkout as its
owner (a core.fsmonitor in its .git/config runs with that user's rights), a checkout whose
.git belongs to someone else is refused, and the last doctor runs as the service's user
against its state directory. Real git, a throwaway checkout, a temporary prefix."""

from __future__ import annotations

import os
import subprocess

from tests.device.test_install_pi import checkout, fake_commands, needs_root, run


@needs_root
def test_a_core_fsmonitor_in_the_checkout_never_runs_as_root(tmp_path):
    src = checkout(tmp_path, owner=1000)
    marker = tmp_path / "ran-as"
    hook = tmp_path / "fsmonitor.sh"
    hook.write_text(f"#!/bin/sh\nid -u >> {marker}\nexit 1\n")
    hook.chmod(0o755)
    subprocess.run(
        ["git", "-c", "safe.directory=*", "config", "core.fsmonitor", str(hook)], cwd=src, check=True
    )
    os.lchown(src / ".git" / "config", 1000, 1000)
    marker.touch()
    marker.chmod(0o666)
    r = run(src, "copy", tmp_path)
    assert r.returncode == 0, r.stderr
    ran = marker.read_text().split()
    assert ran and set(ran) == {"1000"}, f"the checkout's fsmonitor ran as {ran}"
    assert (tmp_path / "opt" / "dungeon-companion" / "companion" / "game.py").read_text() == "VERSION = 1\n"


@needs_root
def test_a_checkout_whose_git_folder_belongs_to_another_user_is_refused(tmp_path):
    src = checkout(tmp_path, owner=1000)
    for p in [src / ".git", *(src / ".git").rglob("*")]:
        os.lchown(p, 0, 0)  # root's .git in a user's tree
    r = run(src, "copy", tmp_path)
    assert r.returncode == 2 and "belongs to uid:gid 1000:1000 but its .git to 0:0" in r.stderr
    assert not (tmp_path / "opt").exists()


@needs_root
def test_the_last_doctor_runs_as_the_service_user_against_its_state_directory(tmp_path):
    src = checkout(tmp_path, owner=1000)
    assert run(src, "copy", tmp_path).returncode == 0
    prefix = tmp_path / "opt" / "dungeon-companion"
    (prefix / ".venv" / "bin").mkdir(parents=True)
    said = tmp_path / "doctor.txt"
    said.touch()
    said.chmod(0o666)
    doctor = prefix / ".venv" / "bin" / "companion"
    doctor.write_text(f'#!/bin/sh\necho "$(id -un) $STATE_DIRECTORY $*" >> {said}\n')
    doctor.chmod(0o755)
    state = tmp_path / "state"
    r = run(
        src,
        "service",
        tmp_path,
        fake_commands(tmp_path, {"systemctl": "exit 0"}),
        COMPANION_SERVICE_USER="nobody",
        COMPANION_STATE_DIR=str(state),
    )
    assert r.returncode == 0, r.stderr
    assert said.read_text().split() == ["nobody", str(state), "doctor"]
    assert state.stat().st_uid == 65534 and state.stat().st_mode & 0o777 == 0o700
