"""Chromium for the page's tests: Debian's (apt-get install chromium), driven by Playwright
through its executable path; Playwright's own browser download is never used.

``CHROMIUM`` names another executable. Without one the browser tests skip, saying why.
"""

from __future__ import annotations

import os
import shutil

# A phone in portrait: an iPhone 12's CSS size, touch, a mobile viewport.
PHONE = {
    "viewport": {"width": 390, "height": 844},
    "device_scale_factor": 2,
    "is_mobile": True,
    "has_touch": True,
}


def chromium_path() -> str | None:
    named = os.environ.get("CHROMIUM")
    if named:
        return named if os.path.exists(named) else None
    for name in ("chromium", "chromium-browser", "google-chrome"):
        found = shutil.which(name)
        if found:
            return found
    return None


def skip_reason() -> str | None:
    """Why the browser tests cannot run here, or None."""
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "Playwright is not installed (pip install playwright; it is in the dev extra)"
    if chromium_path() is None:
        return "no Chromium found (apt-get install chromium, or set CHROMIUM=/path/to/chrome)"
    return None
