#!/usr/bin/env bash
# Install Dungeon Companion as a systemd service on Raspberry Pi OS (Bookworm or later).
# Run from a checkout of the project:  sudo systemd/install-pi.sh
set -euo pipefail
[ "$(id -u)" -eq 0 ] || { echo "run as root: sudo $0" >&2; exit 1; }
SRC=$(cd "$(dirname "$0")/.." && pwd)
PREFIX=/opt/dungeon-companion

echo "== packages from the Raspberry Pi archive"
apt-get update
apt-get install -y python3-venv python3-dev python3-picamera2 python3-lgpio python3-opencv \
    python3-numpy python3-pil i2c-tools

echo "== I2C on (the OLED)"
raspi-config nonint do_i2c 0 || echo "enable I2C with raspi-config (Interface Options)" >&2

echo "== a user for the service, in the hardware groups"
id companion >/dev/null 2>&1 || useradd --system --home-dir /var/lib/dungeon-companion --shell /usr/sbin/nologin companion
for group in gpio i2c video dialout; do
    getent group "$group" >/dev/null && usermod -aG "$group" companion
done

echo "== the code in $PREFIX, a venv that sees apt's picamera2, lgpio and OpenCV"
if [ "$SRC" != "$PREFIX" ]; then
    mkdir -p "$PREFIX"
    cp -a "$SRC"/. "$PREFIX"/
fi
python3 -m venv --system-site-packages "$PREFIX/.venv"
"$PREFIX/.venv/bin/pip" install --disable-pip-version-check -e "$PREFIX[pi]"

echo "== configuration: your changes go in /etc/dungeon-companion/device.toml"
install -d -m 755 /etc/dungeon-companion
[ -f /etc/dungeon-companion/device.toml ] || cat > /etc/dungeon-companion/device.toml <<'TOML'
# Only what differs from /opt/dungeon-companion/config/device.toml, for example:
# [display]
# type = "sh1106"
# [camera]
# type = "picamera2"
TOML

echo "== the service"
install -m 644 "$PREFIX/systemd/companion.service" /etc/systemd/system/companion.service
systemctl daemon-reload
systemctl enable --now companion
"$PREFIX/.venv/bin/companion" doctor || true
echo "installed: systemctl status companion; journalctl -u companion -f"
