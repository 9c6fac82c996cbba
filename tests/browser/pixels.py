"""A tiny PNG decoder (standard library: zlib) and pixel statistics for the browser tests' screenshots.

Decodes what Chromium writes: 8-bit RGB or RGBA, not interlaced. Enough to tell a drawn scene from a
blank canvas and to compare two screenshots, without Pillow.
"""

from __future__ import annotations

import struct
import zlib
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
CHANNELS = {2: 3, 6: 4}  # PNG colour type -> bytes per pixel (RGB, RGBA)
QUANTUM = 16  # colours are counted in steps of 16 per channel, so anti-aliasing noise does not count


@dataclass(frozen=True)
class Image:
    """Pixels as rows of RGB bytes (alpha dropped)."""

    width: int
    height: int
    rgb: bytes  # width * height * 3 bytes, row after row

    def count(self, test: Callable[[tuple[int, int, int]], bool]) -> int:
        """How many pixels have a colour that passes ``test``."""
        return sum(n for rgb, n in self.colours(quantum=1).items() if test(rgb))

    def share(self, test: Callable[[tuple[int, int, int]], bool]) -> float:
        """The fraction of the pixels whose colour passes ``test``."""
        return self.count(test) / (self.width * self.height)

    def colours(self, quantum: int = QUANTUM) -> Counter[tuple[int, int, int]]:
        """How many pixels of each colour, channels rounded down to multiples of ``quantum``."""
        rgb = self.rgb
        return Counter(
            (rgb[i] // quantum * quantum, rgb[i + 1] // quantum * quantum, rgb[i + 2] // quantum * quantum)
            for i in range(0, len(rgb), 3)
        )

    def difference(self, other: Image) -> float:
        """The fraction of pixels that differ by more than one quantum in some channel."""
        assert (self.width, self.height) == (other.width, other.height), "images of different sizes"
        a, b = self.rgb, other.rgb
        changed = sum(
            1
            for i in range(0, len(a), 3)
            if abs(a[i] - b[i]) > QUANTUM or abs(a[i + 1] - b[i + 1]) > QUANTUM or abs(a[i + 2] - b[i + 2]) > QUANTUM
        )
        return changed / (self.width * self.height)


def decode_png(data: bytes) -> Image:
    """Decode an 8-bit RGB/RGBA non-interlaced PNG."""
    assert data.startswith(PNG_SIGNATURE), "not a PNG"
    position = len(PNG_SIGNATURE)
    compressed = b""
    width = height = colour_type = 0
    while position < len(data):
        (length,) = struct.unpack(">I", data[position : position + 4])
        kind = data[position + 4 : position + 8]
        body = data[position + 8 : position + 8 + length]
        position += 12 + length
        if kind == b"IHDR":
            width, height, depth, colour_type, _, _, interlace = struct.unpack(">IIBBBBB", body)
            assert depth == 8 and colour_type in CHANNELS and interlace == 0, "unsupported PNG"
        elif kind == b"IDAT":
            compressed += body
        elif kind == b"IEND":
            break
    step = CHANNELS[colour_type]
    stride = width * step
    raw = zlib.decompress(compressed)
    previous = bytearray(stride)
    rows = bytearray()
    for y in range(height):
        start = y * (stride + 1)
        filter_type = raw[start]
        line = bytearray(raw[start + 1 : start + 1 + stride])
        _unfilter(filter_type, line, previous, step)
        rows += line
        previous = line
    if step == CHANNELS[2]:
        return Image(width, height, bytes(rows))
    rgb = bytearray(width * height * 3)
    rgb[0::3], rgb[1::3], rgb[2::3] = rows[0::4], rows[1::4], rows[2::4]
    return Image(width, height, bytes(rgb))


def _unfilter(filter_type: int, line: bytearray, above: bytearray, step: int) -> None:
    """Undo one row's PNG filter in place (0 None, 1 Sub, 2 Up, 3 Average, 4 Paeth)."""
    if filter_type == 0:
        return
    if filter_type == 2:
        for i in range(len(line)):
            line[i] = (line[i] + above[i]) & 0xFF
        return
    for i in range(len(line)):
        left = line[i - step] if i >= step else 0
        if filter_type == 1:
            line[i] = (line[i] + left) & 0xFF
        elif filter_type == 3:
            line[i] = (line[i] + (left + above[i]) // 2) & 0xFF
        elif filter_type == 4:
            up = above[i]
            up_left = above[i - step] if i >= step else 0
            estimate = left + up - up_left
            to_left, to_up, to_up_left = abs(estimate - left), abs(estimate - up), abs(estimate - up_left)
            if to_left <= to_up and to_left <= to_up_left:
                predictor = left
            elif to_up <= to_up_left:
                predictor = up
            else:
                predictor = up_left
            line[i] = (line[i] + predictor) & 0xFF
        else:
            raise ValueError(f"bad PNG filter {filter_type}")
