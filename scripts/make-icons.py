#!/usr/bin/env python3
"""Draws the web app's PNG icons (clients/web/icon-*.png) from the shape of
favicon.svg (a horseshoe magnet on a 32x32 grid), with no image library:
each pixel is the share of 4x4 sample points inside the shape. Run it from
the repository's top after changing the icon; the PNGs are committed."""

import struct
import zlib

BACKGROUND = (255, 255, 255)
RED = (0xBB, 0x33, 0x33)
GREY = (0xCC, 0xCC, 0xCC)


def colour_at(x, y):
    """The shape's colour at (x, y) on the 32x32 grid, or None outside."""
    arm = (6 <= x <= 13 or 19 <= x <= 26) and 4 <= y <= 17
    d = ((x - 16) ** 2 + (y - 17) ** 2) ** 0.5
    bend = y > 17 and 3 <= d <= 10
    if not (arm or bend):
        return None
    return GREY if arm and y <= 9 else RED


def draw(size, scale):
    """A size x size image: the 32x32 shape at `scale` of the width,
    centred on the background."""
    rows = []
    n = 4
    unit = size * scale / 32.0
    off = (size - 32 * unit) / 2.0
    for py in range(size):
        row = bytearray([0])
        for px in range(size):
            acc = [0.0, 0.0, 0.0]
            for sy in range(n):
                for sx in range(n):
                    x = (px + (sx + 0.5) / n - off) / unit
                    y = (py + (sy + 0.5) / n - off) / unit
                    c = colour_at(x, y) or BACKGROUND
                    for i in range(3):
                        acc[i] += c[i]
            row.extend(int(round(v / (n * n))) for v in acc)
        rows.append(bytes(row))
    return b"".join(rows)


def png(size, pixels):
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(pixels, 9)) + chunk(b"IEND", b"")


for name, size, scale in [
    ("icon-192.png", 192, 0.8),
    ("icon-512.png", 512, 0.8),
    # A maskable icon keeps its shape inside the middle 80% (the safe zone).
    ("icon-maskable-512.png", 512, 0.6),
]:
    with open(f"clients/web/{name}", "wb") as f:
        f.write(png(size, draw(size, scale)))
