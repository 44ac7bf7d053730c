"""Tests of linclass.player (Agg rendering, no browser, no kernel)."""

import base64
import io
import re

import ipywidgets as widgets
import numpy as np
import pytest
from matplotlib.layout_engine import ConstrainedLayoutEngine
from PIL import Image
from player_html import payload, static_frame

from linclass import _player_frames
from linclass.player import Player, static_frame_indices


class Sweep:
    """A rotating line over a fixed scatter: a small, known animation."""

    def __init__(self, n_frames=100, animated=True, layout=None, **kw):
        self.animated = animated
        self.layout = layout
        rng = np.random.default_rng(0)
        self.X = rng.normal(size=(80, 2))
        self.player = Player(n_frames, self.setup, self.update, **kw)

    def setup(self, fig):
        if self.layout:
            fig.set_layout_engine(self.layout)
        self.ax = fig.add_subplot()
        self.ax.scatter(*self.X.T, s=10)
        self.ax.set(xlim=(-3, 3), ylim=(-3, 3), xlabel="$x_1$", ylabel="$x_2$")
        (self.line,) = self.ax.plot([], [], "k-", animated=self.animated)
        self.text = self.ax.text(0.02, 0.95, "", transform=self.ax.transAxes)
        self.text.set_animated(self.animated)

    def angle(self, i):
        return np.pi * i / 100

    def update(self, i):
        c, s = np.cos(self.angle(i)), np.sin(self.angle(i))
        self.line.set_data([-3 * c, 3 * c], [-3 * s, 3 * s])
        self.text.set_text(f"frame {i}")
        return f"frame {i} · angle {np.degrees(self.angle(i)):.0f}°"


@pytest.fixture
def sweep():
    return Sweep()


def test_widget_controls_cover_every_frame(sweep):
    player = sweep.player
    box = player.widget
    assert isinstance(box, widgets.VBox)
    descendants = []
    stack = [box]
    while stack:
        w = stack.pop()
        descendants.append(w)
        stack.extend(getattr(w, "children", ()))
    plays = [w for w in descendants if isinstance(w, widgets.Play)]
    sliders = [w for w in descendants if isinstance(w, widgets.IntSlider)]
    images = [w for w in descendants if isinstance(w, widgets.Image)]
    buttons = [w for w in descendants if isinstance(w, widgets.Button)]
    assert len(plays) == len(sliders) == len(images) == 1
    assert len(buttons) == 2
    assert (plays[0].min, plays[0].max) == (0, 99)
    assert (sliders[0].min, sliders[0].max) == (0, 99)
    assert player.n_frames == 100 and player.n_steps == 99
    assert images[0].value[:4] == b"\x89PNG"


def test_buttons_slider_and_play_move_the_step(sweep):
    player = sweep.player
    player.widget  # noqa: B018 -- builds the widget
    player._forward.click()
    player._forward.click()
    assert player.step == 2 and player._slider.value == 2
    player._back.click()
    assert player.step == 1
    player._play.value = 40  # what the Play widget does on each tick
    assert player.step == 40 and player._slider.value == 40
    assert player.caption == "frame 40 · angle 72°"
    player.step = 0
    player._back.click()  # clipped at the first frame
    assert player.step == 0
    player._speed.value = 2.0
    assert player._play.interval == 200


def test_setting_step_moves_artists_and_redraws_the_image(sweep):
    player = sweep.player
    before = player.widget.children[0].value
    player.step = 50
    x, y = sweep.line.get_data()
    # frame 50 is a quarter turn: the line is vertical
    np.testing.assert_allclose(x, [0, 0], atol=1e-12)
    np.testing.assert_allclose(y, [-3, 3])
    assert sweep.text.get_text() == "frame 50"
    assert player.widget.children[0].value != before


def test_step_rejects_bad_values(sweep):
    with pytest.raises(ValueError, match=r"step must lie in \[0, 99\]"):
        sweep.player.step = 100
    with pytest.raises(ValueError, match="step"):
        sweep.player.step = -1
    with pytest.raises(TypeError, match="step must be an integer"):
        sweep.player.step = 1.5


def test_constructor_rejects_bad_arguments():
    with pytest.raises(ValueError, match="n_frames must be at least 1"):
        Player(0, lambda fig: None, lambda i: None)
    with pytest.raises(TypeError, match="n_frames must be an integer"):
        Player(2.0, lambda fig: None, lambda i: None)
    with pytest.raises(TypeError, match="callables"):
        Player(2, None, lambda i: None)
    with pytest.raises(ValueError, match=r"frames must lie in \[0, 4\]"):
        Player(5, lambda fig: None, lambda i: None, frames=[0, 5])


def test_redraw_adds_no_artists(sweep):
    player = sweep.player
    counts = len(sweep.ax.get_children()), len(player.figure.get_children())
    for i in (1, 30, 99, 0):
        player.step = i
        player.render_png()
    assert (len(sweep.ax.get_children()), len(player.figure.get_children())) == counts


def test_blitting_and_full_redraw_give_the_same_pixels():
    fast, full = Sweep(animated=True), Sweep(animated=False)
    for i in (0, 17, 99):
        fast.player.step = i
        full.player.step = i
        diff = np.abs(fast.player.render_rgb().astype(int) - full.player.render_rgb())
        # blending order may shift an anti-aliased pixel by one level, no more
        assert diff.max() <= 1 and np.count_nonzero(diff) < 30


def test_layout_engine_runs_once_then_is_frozen():
    s = Sweep(layout="constrained")
    assert not isinstance(s.player.figure.get_layout_engine(), ConstrainedLayoutEngine)
    pos = s.ax.get_position().bounds
    s.player.step = 70
    s.player.render_rgb()
    assert s.ax.get_position().bounds == pos


def test_mimebundle_has_widget_view_and_html(sweep):
    bundle = sweep.player._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in bundle
    assert bundle["application/vnd.jupyter.widget-view+json"]["model_id"]
    assert bundle["text/html"].startswith('<div class="lc-player"')
    assert "text/plain" in bundle


def test_static_html_structure_and_budget(sweep):
    html = sweep.player.to_html()
    assert len(html.encode()) <= 1_000_000
    assert "http" not in html  # no external request, not even an xmlns
    assert "<img" in html and 'class="lc-frame"' in html
    for action in ("first", "prev", "play", "next", "last"):
        assert html.count(f'<button type="button" data-action="{action}"') == 1
    assert re.search(r'<input type="range" class="lc-slider" min="0" max="59"', html)
    assert html.count("background-image:url(data:image/png") == 1  # stored once
    data = payload(html)
    assert len(data["index"]) == 60  # 100 frames > max_static_frames
    assert data["steps"][0] == 0 and data["steps"][-1] == 99
    assert len(set(data["alts"])) == 60  # the alt text follows the frame
    assert data["captions"][-1] == "frame 99 · angle 178°"
    # the live step is restored after rendering the static frames
    assert sweep.player.step == 0


def test_static_frames_match_the_live_rendering(sweep):
    player = sweep.player
    html = player.to_html()
    data = payload(html)
    for k in (0, 1, 30, 59):
        step = data["steps"][k]
        static = static_frame(html, k)
        player.step = step
        live = player.render_rgb()
        assert static.shape == live.shape
        # palette quantisation changes a few anti-aliased pixels only
        assert np.abs(static.astype(int) - live).mean() < 1.0
    a, b = static_frame(html, 0), static_frame(html, 30)
    assert np.abs(a.astype(int) - b).mean() > 0.2  # and frames do differ


def test_each_player_has_its_own_element_id():
    player = Sweep(n_frames=3).player
    ids = [re.search(r'id="([^"]+)"', player.to_html()).group(1) for _ in "ab"]
    assert ids[0] != ids[1]


def test_captions_cannot_break_out_of_the_script():
    player = Player(2, lambda fig: None, lambda i: "</script><b>x</b>", title="<T>")
    html = player.to_html()
    assert html.count("</script>") == 2  # the JSON block and the player script
    assert "&lt;T&gt;" in html
    assert payload(html)["captions"][0] == "</script><b>x</b>"


def test_identical_frames_are_stored_once():
    player = Player(10, lambda fig: fig.add_subplot(), lambda i: None)
    data = payload(player.to_html())
    assert len(data["index"]) == 10 and len(data["images"]) == 1


def test_over_budget_frames_get_the_smallest_palette_encoding(monkeypatch):
    player = Sweep(n_frames=5).player
    roomy = payload(player.to_html())
    monkeypatch.setattr("linclass._player_frames.HTML_BUDGET", 1)
    tight = payload(player.to_html())
    _, layers, _ = player._static_layers()
    sizes = {
        c: sum(
            len(base64.b64encode(_player_frames.quantized_png(x, c))) for x in layers
        )
        for c in _player_frames.PALETTE_SIZES
    }
    assert sum(map(len, roomy["images"])) == sizes[_player_frames.PALETTE_SIZES[0]]
    assert sum(map(len, tight["images"])) == min(sizes.values())


def test_static_frame_choice():
    assert static_frame_indices(3).tolist() == [0, 1, 2]
    idx = static_frame_indices(1000, max_static_frames=60)
    assert len(idx) == 60 and idx[0] == 0 and idx[-1] == 999
    assert np.all(np.diff(idx) > 0)
    gaps = np.diff(idx)
    assert gaps.max() - gaps.min() <= 1  # evenly spaced
    assert static_frame_indices(50, frames=[7, 3, 3, 49]).tolist() == [3, 7, 49]
    with pytest.raises(ValueError, match="max_static_frames must be >= 2"):
        static_frame_indices(10, max_static_frames=1)


def test_contact_sheet_frames():
    sheet = _player_frames.sheet_positions
    assert sheet(range(60)).tolist() == [0, 12, 24, 35, 47, 59]
    assert sheet([0, 4, 9]).tolist() == [0, 1, 2]
    assert sheet([7]).tolist() == [0]
    # Preferred steps fill the middle; the first and the last frame always stay.
    steps = np.arange(0, 200, 2)
    picked = sheet(steps, preferred=[10, 12, 100, 150, 151, 198], size=4)
    assert picked.tolist() == [0, 50, 75, 99]  # nearest to positions 33 and 66
    # Nothing preferred among the frames: spread evenly instead.
    assert sheet(range(60), preferred=[1000]).tolist() == sheet(range(60)).tolist()
    with pytest.raises(ValueError, match="at least one frame"):
        sheet([])
    with pytest.raises(ValueError, match="size must be an integer >= 2"):
        sheet(range(5), size=1)


def test_player_html_carries_its_contact_sheet():
    html = Sweep(n_frames=30).player.to_html()
    assert payload(html)["sheet"] == [0, 6, 12, 17, 23, 29]
    assert "@media print" in html and "lc-sheet" in html


def test_quantized_png_is_a_small_palette_image():
    rgb = np.zeros((20, 30, 3), dtype=np.uint8)
    rgb[:, 15:] = (0, 114, 178)
    png = _player_frames.quantized_png(rgb, colors=16)
    image = Image.open(io.BytesIO(png))
    assert image.mode == "P" and image.size == (30, 20)
    np.testing.assert_array_equal(np.asarray(image.convert("RGB")), rgb)


def test_frame_pngs_keep_the_figure_colours_exactly():
    # A large blue patch with a small green swatch, a large orange patch with a thin
    # vermillion line: median cut alone merges the small ones into the large ones.
    image = np.full((120, 200, 3), 255, dtype=np.uint8)
    rng = np.random.default_rng(0)
    image[:, :100] = (0, 114, 178)  # blue
    image[:, 100:] = (230, 159, 0)  # orange
    image[10:13, 10:20] = (0, 158, 115)  # green swatch
    image[50, 100:200] = (213, 94, 0)  # vermillion line
    image[80:, :] = rng.integers(0, 256, (40, 200, 3))  # many other colours
    png = _player_frames.quantized_png(image, 64)
    decoded = np.asarray(Image.open(io.BytesIO(png)).convert("RGB"))
    for colour in ((0, 158, 115), (213, 94, 0), (0, 114, 178), (230, 159, 0)):
        assert np.all(decoded == colour, axis=-1).sum() > 0, colour
    assert np.array_equal(decoded[10:13, 10:20], image[10:13, 10:20])
    assert np.array_equal(decoded[50, 100:200], image[50, 100:200])
