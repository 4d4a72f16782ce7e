#!/usr/bin/env bash
# Install or upgrade Dungeon Companion as a systemd service on Raspberry Pi OS (Bookworm or later).
# Run from a git checkout of the project:  sudo systemd/install-pi.sh
#
# The installed code is the checkout's committed files (git archive HEAD), owned by root: never
# the checkout's owner, never its .venv, journals or frames. Nothing of the checkout runs as
# root: git reads it as the checkout's owner (a hook or core.fsmonitor in its .git/config runs
# with that user's rights only), and a checkout whose .git belongs to someone else is refused.
# Python packages are pinned by systemd/constraints-pi.txt. A first install enables and starts
# the service; an upgrade restarts it. The last word is the doctor's, run as the service's user
# against its state directory.
#
# For tests and unusual layouts: COMPANION_PREFIX (default /opt/dungeon-companion),
# COMPANION_UNIT_DIR (default /etc/systemd/system), COMPANION_INSTALL_STEPS (default: all of
# "packages i2c user copy venv config service", in that order).
set -euo pipefail

die() { echo "install-pi.sh: $*" >&2; exit 2; }

[ "$(id -u)" -eq 0 ] || die "run as root: sudo $0"
SRC=$(cd "$(dirname "$0")/.." && pwd)
PREFIX=${COMPANION_PREFIX:-/opt/dungeon-companion}
UNIT_DIR=${COMPANION_UNIT_DIR:-/etc/systemd/system}
STEPS=${COMPANION_INSTALL_STEPS:-packages i2c user copy venv config service}
SERVICE_USER=${COMPANION_SERVICE_USER:-companion}
STATE_DIR=${COMPANION_STATE_DIR:-/var/lib/dungeon-companion}
GROUPS_WANTED="gpio i2c video dialout"

step_packages() {
    echo "== packages from the Raspberry Pi archive"
    apt-get update
    apt-get install -y git python3-venv python3-dev python3-picamera2 python3-lgpio python3-opencv \
        python3-numpy python3-pil i2c-tools
}

step_i2c() {
    echo "== I2C on (the OLED)"
    raspi-config nonint do_i2c 0 || echo "enable I2C with raspi-config (Interface Options)" >&2
}

step_user() {
    echo "== a user for the service, in the hardware groups this system has"
    id "$SERVICE_USER" >/dev/null 2>&1 ||
        useradd --system --home-dir /var/lib/dungeon-companion --shell /usr/sbin/nologin "$SERVICE_USER"
    # The unit names no groups (a missing one would stop the start): the user's own count.
    local group
    for group in $GROUPS_WANTED; do
        if getent group "$group" >/dev/null; then
            usermod -aG "$group" "$SERVICE_USER"
        else
            echo "   no group $group on this system: skipped" >&2
        fi
    done
}

checkout_owner() {
    # The checkout and its .git must have one owner: git then runs as that user.
    local tree git_dir
    tree=$(stat -c %u:%g "$SRC")
    [ -d "$SRC/.git" ] || die "$SRC is not a git checkout with a commit: clone the repository"
    git_dir=$(stat -c %u:%g "$SRC/.git")
    [ "$tree" = "$git_dir" ] ||
        die "$SRC belongs to uid:gid $tree but its .git to $git_dir: give both to one user (chown -R)"
    echo "$tree"
}

git_src() {
    # As the checkout's owner, never as root: its .git/config (hooks, core.fsmonitor, aliases)
    # is that user's to write, so it runs with that user's rights only.
    local owner uid gid home
    owner=$(checkout_owner) || exit 2
    uid=${owner%%:*}
    gid=${owner##*:}
    home=$(getent passwd "$uid" | cut -d: -f6) || true
    setpriv --reuid="$uid" --regid="$gid" --clear-groups --no-new-privs -- \
        env HOME="${home:-$SRC}" GIT_CONFIG_NOSYSTEM=1 git -C "$SRC" "$@"
}

step_copy() {
    echo "== the committed code of $SRC into $PREFIX, owned by root"
    [ "$SRC" != "$PREFIX" ] || die "$PREFIX is the install target: run the script from a checkout elsewhere"
    command -v git >/dev/null || die "git is needed to read the checkout (apt-get install git)"
    checkout_owner >/dev/null || exit 2
    git_src rev-parse --verify -q HEAD >/dev/null || die "$SRC is not a git checkout with a commit: clone the repository"
    if [ -n "$(git_src status --porcelain --untracked-files=no)" ]; then
        echo "   local changes in $SRC are not installed; the last commit is" >&2
    fi
    local stage="$PREFIX.new"
    rm -rf "$stage"
    mkdir -p "$stage"
    git_src -c tar.umask=0022 archive --format=tar HEAD | tar -x --no-same-owner -C "$stage"
    chown -R root:root "$stage"
    chmod -R go-w "$stage"
    if [ -d "$PREFIX/.venv" ]; then
        mv "$PREFIX/.venv" "$stage/.venv"          # same path once in place: its scripts still work
    fi
    rm -rf "$PREFIX.old"
    if [ -e "$PREFIX" ]; then
        mv "$PREFIX" "$PREFIX.old"
    fi
    mv "$stage" "$PREFIX"
    rm -rf "$PREFIX.old"
    echo "   installed $(git_src rev-parse --short HEAD)"
}

step_venv() {
    echo "== a venv that sees apt's picamera2, lgpio and OpenCV; packages pinned by constraints-pi.txt"
    [ -x "$PREFIX/.venv/bin/python" ] || python3 -m venv --system-site-packages "$PREFIX/.venv"
    # PIP_CONSTRAINT (not -c) also pins the isolated build of the project itself.
    PIP_CONSTRAINT="$PREFIX/systemd/constraints-pi.txt" \
        "$PREFIX/.venv/bin/pip" install --disable-pip-version-check -e "${PREFIX}[pi]"
    # The service cannot write its code's __pycache__: compile once here, for a quicker start.
    "$PREFIX/.venv/bin/python" -m compileall -q "$PREFIX/companion" "$PREFIX/drivers" "$PREFIX/vision" || true
}

step_config() {
    echo "== configuration: your changes go in /etc/dungeon-companion/device.toml"
    install -d -m 755 /etc/dungeon-companion
    [ -f /etc/dungeon-companion/device.toml ] || cat > /etc/dungeon-companion/device.toml <<TOML
# Only what differs from $PREFIX/config/device.toml, for example:
# [display]
# type = "sh1106"
# [camera]
# type = "picamera2"
TOML
}

step_service() {
    local unit="$UNIT_DIR/companion.service" upgrade=no
    [ -f "$unit" ] && upgrade=yes
    echo "== the service (upgrade: $upgrade)"
    install -d -m 755 "$UNIT_DIR"
    install -m 644 "$PREFIX/systemd/companion.service" "$unit"
    systemctl daemon-reload
    if [ "$upgrade" = yes ]; then
        systemctl enable companion
        systemctl restart companion              # the new code runs now, not at the next boot
    else
        systemctl enable --now companion
    fi
    # The doctor as the service runs: its user, its state directory, the system configuration
    if id "$SERVICE_USER" >/dev/null 2>&1; then
        install -d -o "$SERVICE_USER" -g "$(id -g "$SERVICE_USER")" -m 700 "$STATE_DIR"
        runuser -u "$SERVICE_USER" -- env STATE_DIRECTORY="$STATE_DIR" HOME="$STATE_DIR" \
            "$PREFIX/.venv/bin/companion" doctor || true
    else
        echo "   no user $SERVICE_USER (the user step makes it): the doctor was not run" >&2
    fi
    echo "installed: systemctl status companion; journalctl -u companion -f"
}

for step in $STEPS; do
    case "$step" in
        packages|i2c|user|copy|venv|config|service) "step_$step" ;;
        *) die "unknown step '$step' in COMPANION_INSTALL_STEPS (packages i2c user copy venv config service)" ;;
    esac
done
