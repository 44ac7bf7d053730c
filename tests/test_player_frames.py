"""The player's frame logic (linclass._player_frames): its PNGs, read by the PNG
specification itself, and the choice of frames for a contact sheet."""

import base64
import io
import struct
import zlib

import numpy as np
import pytest
from exact_errors import raises_exactly
from PIL import Image

from linclass import _player_frames
from linclass._player_frames import (
    FIXED_COLOURS,
    check_frame_count,
    encode_frames,
    fast_png,
    quantized_png,
    sheet_positions,
    static_frame_indices,
)


def _chunks(png):
    """The (type, data) chunks of a PNG, each CRC checked (PNG spec, section 5)."""
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    pos, out = 8, []
    while pos < len(png):
        (length,) = struct.unpack(">I", png[pos : pos + 4])
        tag, data = png[pos + 4 : pos + 8], png[pos + 8 : pos + 8 + length]
        (crc,) = struct.unpack(">I", png[pos + 8 + length : pos + 12 + length])
        assert crc == zlib.crc32(tag + data) & 0xFFFFFFFF
        out.append((tag, data))
        pos += 12 + length
    return out


@pytest.mark.parametrize(("h", "w"), [(1, 1), (3, 5), (40, 17)])
def test_fast_png_is_an_unfiltered_8_bit_rgb_png_of_the_image(h, w):
    rgb = np.random.default_rng(h * w).integers(0, 256, (h, w, 3), dtype=np.uint8)
    chunks = _chunks(fast_png(rgb))
    assert [tag for tag, _ in chunks] == [b"IHDR", b"IDAT", b"IEND"]
    # width, height, bit depth 8, colour type 2 (RGB), deflate, no filter, no interlace
    assert struct.unpack(">IIBBBBB", chunks[0][1]) == (w, h, 8, 2, 0, 0, 0)
    assert chunks[2][1] == b""
    rows = np.frombuffer(zlib.decompress(chunks[1][1]), np.uint8).reshape(h, -1)
    assert rows.shape == (h, 3 * w + 1) and not rows[:, 0].any()  # filter "none"
    np.testing.assert_array_equal(rows[:, 1:].reshape(h, w, 3), rgb)
    np.testing.assert_array_equal(
        np.asarray(Image.open(io.BytesIO(fast_png(rgb)))), rgb
    )


def test_the_background_keeps_a_palette_of_64_colours():
    # 100 distinct greys: more than the frames' palettes of 32 or fewer
    grey = np.repeat(np.arange(0, 250, 2.5).astype(np.uint8), 3).reshape(10, 10, 3)
    base, images, _ = encode_frames(grey, [grey])
    palette = dict(_chunks(base64.b64decode(base)))[b"PLTE"]
    assert len(palette) == 3 * 64  # 64 entries of r, g, b
    assert len(dict(_chunks(base64.b64decode(images[0])))[b"PLTE"]) == 3 * 32


def test_a_contact_sheet_prints_every_preferred_frame_that_fits():
    assert sheet_positions(range(10), preferred=[1, 2, 8], size=5).tolist() == [
        0,
        1,
        2,
        8,
        9,
    ]
    assert sheet_positions(range(10), size=2).tolist() == [0, 9]  # the smallest


@pytest.mark.parametrize("ends", [[0], [9], [0, 9]])
def test_preferred_steps_shown_only_at_the_ends_leave_the_sheet_even(ends):
    # the first and the last frame are printed anyway; no frame between shows a
    # preferred step, so those are drawn from all frames (the docstring's rule)
    even = sheet_positions(range(10)).tolist()
    assert even == [0, 2, 4, 5, 7, 9]
    assert sheet_positions(range(10), preferred=ends).tolist() == even


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: sheet_positions([]), "a contact sheet needs at least one frame"),
        (
            lambda: sheet_positions(range(5), size="6"),
            "size must be an integer >= 2; got '6'",
        ),
        (
            lambda: sheet_positions(range(5), size=1),
            "size must be an integer >= 2; got 1",
        ),
        (
            lambda: sheet_positions(range(5), size=True),
            "size must be an integer >= 2; got True",
        ),
    ],
)
def test_a_contact_sheet_says_what_is_wrong(call, message):
    raises_exactly(call, ValueError, message)


def _decoded(png):
    return np.asarray(Image.open(io.BytesIO(png)).convert("RGB"))


def _gradient_with_swatches():
    """A grey ramp (100 colours) with a 2 x 2 swatch of each fixed colour."""
    image = np.zeros((60, 100, 3), np.uint8)
    image[:] = np.linspace(0, 255, 100).astype(np.uint8)[None, :, None]
    for k, colour in enumerate(FIXED_COLOURS):
        image[0:2, 2 * k : 2 * k + 2] = colour
    return image


def test_from_twice_the_fixed_colours_a_palette_keeps_each_of_them_exactly():
    colors = 2 * len(FIXED_COLOURS)
    out = _decoded(quantized_png(_gradient_with_swatches(), colors))
    assert [tuple(out[0, 2 * k].tolist()) for k in range(len(FIXED_COLOURS))] == [
        tuple(c) for c in FIXED_COLOURS
    ]
    assert len(dict(_chunks(quantized_png(_gradient_with_swatches())))[b"PLTE"]) == 96


def test_a_small_palette_keeps_a_faint_shading_apart_from_white():
    # median cut (not the octree method) for RGB: a large light-grey area stays grey
    image = np.full((50, 50, 3), 255, np.uint8)
    image[:25] = 245
    image[40:, :5] = (0, 0, 0)
    image[40:, 5:10] = (200, 0, 0)
    out = _decoded(quantized_png(image, 8))
    assert out[0, 0].tolist() == [245] * 3 and out[30, 30].tolist() == [255] * 3


def test_frames_filling_exactly_95_percent_of_the_budget_fit(monkeypatch):
    ramp = _gradient_with_swatches()
    _, images, _ = encode_frames(None, [ramp])
    size = sum(map(len, images))  # at 32 colours, the first tried
    budget = next(
        b
        for b in np.linspace(size / 0.95 - 1, size / 0.95 + 1, 201)
        if 0.95 * b == size
    )
    monkeypatch.setattr(_player_frames, "HTML_BUDGET", budget)
    assert encode_frames(None, [ramp])[1] == images
    # a budget the 32 colours overflow: fewer colours are tried, the smallest kept
    monkeypatch.setattr(_player_frames, "HTML_BUDGET", size)
    smaller = encode_frames(None, [ramp])[1]
    assert sum(map(len, smaller)) < size


def test_of_equally_small_palettes_that_overflow_the_most_colours_is_kept(monkeypatch):
    # at the same size, the better picture: the first palette tried (the most
    # colours), not a later one that saves nothing
    def same_size(image, colors):
        return f"{colors:02d} colours".encode()

    monkeypatch.setattr(_player_frames, "quantized_png", same_size)
    monkeypatch.setattr(_player_frames, "HTML_BUDGET", 0)
    white = np.full((2, 2, 3), 255, np.uint8)
    _, images, index = encode_frames(None, [white])
    most = max(_player_frames.PALETTE_SIZES)
    assert images == [base64.b64encode(same_size(white, most)).decode()]
    assert index == [0]


def test_a_frame_count_is_a_positive_integer():
    assert check_frame_count(1) == 1 and check_frame_count(np.int64(3)) == 3
    raises_exactly(
        lambda: check_frame_count(0), ValueError, "n_frames must be at least 1; got 0"
    )
    raises_exactly(
        lambda: check_frame_count("3"),
        TypeError,
        "n_frames must be an integer; got str",
    )


def test_static_frames_default_to_at_most_60():
    assert static_frame_indices(60).tolist() == list(range(60))
    idx = static_frame_indices(61)
    assert idx.size == 60 and idx[0] == 0 and idx[-1] == 60


@pytest.mark.parametrize(
    ("call", "error", "message"),
    [
        (
            lambda: static_frame_indices(5, frames=[]),
            ValueError,
            "frames must contain at least one frame index",
        ),
        (
            lambda: static_frame_indices(5, frames=[-1, 2, 3]),
            ValueError,
            "frames must lie in [0, 4]; got -1..3",
        ),
        (
            lambda: static_frame_indices(5, frames=[0, 1, 7]),
            ValueError,
            "frames must lie in [0, 4]; got 0..7",
        ),
        (
            lambda: static_frame_indices(100, max_static_frames="60"),
            TypeError,
            "max_static_frames must be an integer",
        ),
    ],
)
def test_static_frames_say_what_is_wrong(call, error, message):
    raises_exactly(call, error, message)


@pytest.mark.parametrize(
    "frames", [[2.0, 7.0], np.array([7, 2], dtype=np.uint8), np.linspace(2, 7, 2)]
)
def test_chosen_frames_are_int64_indices_whatever_they_are_given_in(frames):
    # as the docstring promises: frame numbers to index with, not floats
    idx = static_frame_indices(10, frames=frames)
    assert idx.dtype == np.int64 and idx.tolist() == [2, 7]
    assert static_frame_indices(10).dtype == np.int64


def test_one_chosen_frame_is_enough():
    assert static_frame_indices(5, frames=[3]).tolist() == [3]


def test_a_palette_spends_its_colours_on_the_whole_image():
    # 32 colours (22 beside the fixed ones) for a ramp of 100 greys: every pixel
    # within 12 levels (5 %) of its grey; 8 colours: a palette of 8 entries
    ramp = _gradient_with_swatches()[2:]
    out = _decoded(quantized_png(ramp, 32)).astype(int)
    assert np.abs(out - ramp).max() <= 12
    assert len(dict(_chunks(quantized_png(ramp, 8)))[b"PLTE"]) == 3 * 8


def test_the_smallest_bound_on_static_frames_is_two():
    assert static_frame_indices(10, max_static_frames=2).tolist() == [0, 9]
    raises_exactly(
        lambda: static_frame_indices(10, max_static_frames=1),
        ValueError,
        "max_static_frames must be >= 2; got 1",
    )


def _zlib_level(png):
    """The compression level class a zlib stream declares (RFC 1950 FLEVEL):
    0 fastest (level 0-1), 1 fast (2-5), 2 default (6), 3 slowest (7-9)."""
    return dict(_chunks(png))[b"IDAT"][1] >> 6


def test_the_live_player_compresses_fastest_and_the_pages_at_the_default_level():
    # fast_png: zlib level 1 (speed for the live widget); quantized_png: level 6
    rgb = _gradient_with_swatches()
    assert _zlib_level(fast_png(rgb)) == 0
    assert _zlib_level(quantized_png(rgb)) == 2


@pytest.mark.parametrize("frames", [[2.5], [1, 2.5], np.array([0.1]), ["2"], [True]])
def test_a_frame_that_is_no_whole_index_is_refused(frames):
    with pytest.raises(ValueError) as exc:
        static_frame_indices(10, frames=frames)
    assert str(exc.value) == f"frames must be whole frame indices; got {frames!r}"
