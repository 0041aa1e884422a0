#!/usr/bin/env python3
"""Draw the app icons into icons/ (stdlib only: PNG written with zlib).

Three fanned cards on the table's felt: two gold backs and a white front
card with a red diamond. "any" icons are a rounded square with transparent
corners; the maskable and Apple icons fill the square and keep the cards in
the central safe zone (the platform cuts its own shape).

    python3 scripts/make_icons.py
"""

import math
import struct
import zlib
from pathlib import Path

OUT = Path(__file__).resolve().parent.parent / "icons"
FELT, INK, CARD, GOLD, RED = (31, 107, 67), (27, 27, 27), (251, 250, 246), (242, 193, 78), (179, 38, 30)
SAMPLES = 3  # supersampling per axis, for smooth edges
CARD_W, CARD_H, CARD_R, EDGE = 0.17, 0.24, 0.035, 0.014   # half sizes, in icon units
PIVOT = (0.5, 0.84)
FAN = (-20, 0, 20)  # degrees, back to front


def rounded_box(x, y, hw, hh, r):
    """Signed distance to a rounded rectangle centred on 0 (negative inside)."""
    qx, qy = abs(x) - hw + r, abs(y) - hh + r
    return math.hypot(max(qx, 0), max(qy, 0)) + min(max(qx, qy), 0) - r


def cards(x, y):
    """Colour of the card fan at (x, y) in [0, 1] units, or None for the felt."""
    colour = None
    for i, angle in enumerate(FAN):
        a = math.radians(angle)
        dx, dy = x - PIVOT[0], y - PIVOT[1]
        # into the card's frame: rotate back about the pivot, card centre above it
        cx = dx * math.cos(a) + dy * math.sin(a)
        cy = -dx * math.sin(a) + dy * math.cos(a) + 0.34
        d = rounded_box(cx, cy, CARD_W, CARD_H, CARD_R)
        if d > 0:
            continue
        if d > -EDGE:
            colour = INK
        elif i < len(FAN) - 1:
            colour = GOLD
        else:
            colour = RED if abs(cx) / 0.085 + abs(cy) / 0.125 <= 1 else CARD
    return colour


def pixel(x, y, maskable):
    """RGBA at (x, y) in [0, 1] units."""
    if maskable:
        content = cards(0.5 + (x - 0.5) / 0.8, 0.5 + (y - 0.5) / 0.8)
    else:
        if rounded_box(x - 0.5, y - 0.5, 0.5, 0.5, 0.2) > 0:
            return (0, 0, 0, 0)
        content = cards(x, y)
    return (*(content or FELT), 255)


def render(size, maskable):
    rows = []
    n = SAMPLES * SAMPLES
    for py in range(size):
        row = bytearray([0])  # filter type 0
        for px in range(size):
            acc = [0, 0, 0, 0]
            for sy in range(SAMPLES):
                for sx in range(SAMPLES):
                    r, g, b, a = pixel((px + (sx + 0.5) / SAMPLES) / size,
                                       (py + (sy + 0.5) / SAMPLES) / size, maskable)
                    acc[0] += r * a
                    acc[1] += g * a
                    acc[2] += b * a
                    acc[3] += a
            alpha = acc[3]
            row += bytes([round(c / alpha) if alpha else 0 for c in acc[:3]] + [round(alpha / n)])
        rows.append(bytes(row))
    return png(size, b"".join(rows))


def png(size, raw):
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)  # 8-bit RGBA
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


ICONS = {
    "icon-192.png": (192, False),
    "icon-512.png": (512, False),
    "icon-maskable-512.png": (512, True),
    "apple-touch-icon.png": (180, True),
}


def main():
    OUT.mkdir(exist_ok=True)
    for name, (size, maskable) in ICONS.items():
        (OUT / name).write_bytes(render(size, maskable))
        print("wrote", OUT / name)


if __name__ == "__main__":
    main()
