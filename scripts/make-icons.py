#!/usr/bin/env python3
"""Draws Field Desk's app icons (run once; the PNGs in public/icons/ are committed).

Standard library only: every shape is a signed distance function in a 512x512 design space
(the same geometry as public/icons/icon.svg), sampled once per pixel with a one-pixel
anti-aliased edge, and written as an RGBA PNG with zlib + struct.

    python3 scripts/make-icons.py          # rewrites public/icons/*.png
"""
import math
import os
import struct
import zlib

OLIVE = (0x3B, 0x4A, 0x32)
WHITE = (0xFF, 0xFF, 0xFF)
FG_STEPS, BG_STEPS = 9, 6   # olive-to-white and transparent-to-opaque steps: 9 + 6 + 1 colours
OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "public", "icons")

# ---- Geometry in the 512 design space (keep in step with public/icons/icon.svg). ----
C = 256.0            # centre
RING_R = 168.0       # crosshair ring: centre-line radius
RING_W = 22.0        # ring stroke width
TICK_W = 22.0        # the four ticks of the crosshair
TICK_IN, TICK_OUT = 136.0, 204.0   # ticks run from this far from the centre to this far
STROKE = 30.0        # letter stroke
TOP, BOTTOM = 181.0, 331.0         # letters' cap height 150
F_X0, F_X1 = 145.0, 245.0          # F
F_MID = 87.0                       # length of F's middle arm
D_X0, D_X1 = 267.0, 367.0          # D: straight back, then a half circle


def sd_box(x, y, x0, y0, x1, y1):
    """Signed distance to an axis-aligned box (negative inside)."""
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    hx, hy = (x1 - x0) / 2, (y1 - y0) / 2
    dx, dy = abs(x - cx) - hx, abs(y - cy) - hy
    outside = math.hypot(max(dx, 0.0), max(dy, 0.0))
    return outside + min(max(dx, dy), 0.0)


def sd_circle(x, y, cx, cy, r):
    return math.hypot(x - cx, y - cy) - r


def sd_round_rect(x, y, x0, y0, x1, y1, r):
    return sd_box(x, y, x0 + r, y0 + r, x1 - r, y1 - r) - r


def glyphs(x, y):
    """Signed distance to the white foreground: crosshair ring, four ticks, F and D."""
    ring = abs(sd_circle(x, y, C, C, RING_R)) - RING_W / 2
    h = TICK_W / 2
    ticks = min(
        sd_box(x, y, C - h, C - TICK_OUT, C + h, C - TICK_IN),
        sd_box(x, y, C - h, C + TICK_IN, C + h, C + TICK_OUT),
        sd_box(x, y, C - TICK_OUT, C - h, C - TICK_IN, C + h),
        sd_box(x, y, C + TICK_IN, C - h, C + TICK_OUT, C + h),
    )
    f = min(
        sd_box(x, y, F_X0, TOP, F_X0 + STROKE, BOTTOM),
        sd_box(x, y, F_X0, TOP, F_X1, TOP + STROKE),
        sd_box(x, y, F_X0, (TOP + BOTTOM) / 2 - STROKE / 2, F_X0 + F_MID, (TOP + BOTTOM) / 2 + STROKE / 2),
    )
    r_out = (BOTTOM - TOP) / 2
    xm = D_X1 - r_out                     # where the straight part meets the half circle
    cy = (TOP + BOTTOM) / 2
    outer = min(sd_box(x, y, D_X0, TOP, xm + 2, BOTTOM),  # overlap: no seam
                max(sd_circle(x, y, xm, cy, r_out), xm - x))
    inner = max(sd_circle(x, y, xm, cy, r_out - STROKE), (D_X0 + STROKE) - x)
    d = max(outer, -inner)
    return min(ring, ticks, f, d)


def render(size, maskable=False, rounded=True):
    """RGBA rows. maskable: full-bleed square, artwork shrunk into the 80% safe circle."""
    scale = 512.0 / size                   # design units per pixel
    shrink = 0.8 if maskable else 1.0
    rows = []
    for py in range(size):
        row = bytearray()
        for px in range(size):
            x, y = (px + 0.5) * scale, (py + 0.5) * scale
            if maskable or not rounded:
                bg = 1.0
            else:
                bg = min(max(0.5 - sd_round_rect(x, y, 0, 0, 512, 512, 96) / scale, 0.0), 1.0)
            gx, gy = C + (x - C) / shrink, C + (y - C) / shrink
            fg = min(max(0.5 - glyphs(gx, gy) * shrink / scale, 0.0), 1.0)
            # Edges in a few steps, not 256: the PNG then needs at most 16 colours, four bits a
            # pixel (half the bytes), and at these sizes the steps cannot be told apart.
            fg, bg = round(fg * FG_STEPS) / FG_STEPS, round(bg * BG_STEPS) / BG_STEPS
            rgb = [round(o + (w - o) * fg) for o, w in zip(OLIVE, WHITE)]
            row += bytes(rgb + [round(255 * bg)])
        rows.append(bytes(row))
    return rows


def png(path, size, rows):
    """A PNG of RGBA `rows`: indexed (a palette, with a tRNS chunk for alpha) when the picture
    has at most 256 colours, as these do (two colours and their anti-aliased edges): the same
    pixels in about half the bytes of RGBA. Else RGBA."""
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    colours = sorted({r[i:i + 4] for r in rows for i in range(0, len(r), 4)}, key=lambda c: (c[3], c))
    if len(colours) <= 256:
        index = {c: i for i, c in enumerate(colours)}
        depth = 4 if len(colours) <= 16 else 8
        def packed(r):
            ix = [index[r[i:i + 4]] for i in range(0, len(r), 4)]
            if depth == 4:
                ix += [0] * (len(ix) % 2)
                return bytes(ix[i] << 4 | ix[i + 1] for i in range(0, len(ix), 2))
            return bytes(ix)
        raw = b"".join(b"\x00" + packed(r) for r in rows)
        header = struct.pack(">IIBBBBB", size, size, depth, 3, 0, 0, 0)
        alpha = bytes(c[3] for c in colours).rstrip(b"\xff")
        extra = chunk(b"PLTE", b"".join(c[:3] for c in colours)) + (chunk(b"tRNS", alpha) if alpha else b"")
    else:
        raw = b"".join(b"\x00" + r for r in rows)   # filter type 0 on every row
        header = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)
        extra = b""
    data = (b"\x89PNG\r\n\x1a\n"
            + chunk(b"IHDR", header)
            + extra
            + chunk(b"IDAT", zlib.compress(raw, 9))
            + chunk(b"IEND", b""))
    with open(path, "wb") as f:
        f.write(data)
    print(f"{os.path.relpath(path)}: {size}x{size}, {len(colours)} colours, {len(data)} bytes")


def main():
    os.makedirs(OUT, exist_ok=True)
    png(os.path.join(OUT, "icon-192.png"), 192, render(192))
    png(os.path.join(OUT, "icon-512.png"), 512, render(512))
    png(os.path.join(OUT, "icon-maskable-512.png"), 512, render(512, maskable=True))
    # iOS draws its own rounded corners and shows transparency as black: full-bleed square.
    png(os.path.join(OUT, "apple-touch-icon.png"), 180, render(180, rounded=False))
    png(os.path.join(OUT, "favicon-32.png"), 32, render(32))


if __name__ == "__main__":
    main()
