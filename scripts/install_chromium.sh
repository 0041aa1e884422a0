#!/bin/sh
# Install Debian's Chromium for the browser tests, unless it is already there.
# Playwright's own browser download cannot be used here; the e2e harness
# drives /usr/bin/chromium instead. Run as root (apt-get).
set -eu
if [ -x /usr/bin/chromium ]; then
    echo "install_chromium: /usr/bin/chromium already present, nothing to do"
    exit 0
fi
if [ "$(id -u)" -ne 0 ]; then
    echo "install_chromium: /usr/bin/chromium missing and not root: run as root" >&2
    exit 1
fi
echo "install_chromium: installing Debian package 'chromium'"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq chromium >/dev/null
echo "install_chromium: installed $(/usr/bin/chromium --version 2>/dev/null || echo chromium)"
