"""Player.save: animated GIF and WebP files of what a player plays."""

import numpy as np
import pytest
from animation_frames import figure_error, frames_of
from PIL import Image, ImageColor

import linclass as lc
from linclass import _player_anim
from linclass.player import Player


def _moving_dot(n=8, **kwargs):
    """A player whose every frame differs: a dot moving left to right."""
    state = {}

    def setup(fig):
        ax = fig.add_subplot()
        ax.set(xlim=(0, n), ylim=(0, 1), xlabel="x", ylabel="y")
        (state["dot"],) = ax.plot([0], [0.5], "o", ms=30, animated=True)

    def update(i):
        state["dot"].set_data([i], [0.5])
        return f"the dot at x = {i}"

    return Player(n, setup, update, title="A moving dot", **kwargs)


@pytest.mark.parametrize("suffix", [".gif", ".webp"])
def test_one_frame_per_step_matching_the_players_renderings(tmp_path, suffix):
    player = _moving_dot()
    path = player.save(tmp_path / f"dot{suffix}", fps=4)
    assert path.exists() and path.stat().st_size < _player_anim.MAX_BYTES
    frames = frames_of(path)
    assert len(frames) == player.n_frames
    for step, frame in ((0, frames[0]), (player.n_steps, frames[-1])):
        player.step = step
        figure = player.render_rgb().astype(int)
        assert frame.shape[1] == figure.shape[1]
        assert figure_error(frame, figure) < 0.001, (suffix, step)
    # The first frame is not the last one placed anywhere: the test can fail.
    player.step = player.n_steps
    assert figure_error(frames[0], player.render_rgb().astype(int)) > 0.005


def test_caption_and_title_are_drawn_around_the_figure(tmp_path):
    player = _moving_dot(n=3)
    frames = frames_of(player.save(tmp_path / "dot.gif"))
    height = player.render_rgb().shape[0]
    assert frames[0].shape[0] > height + 20  # a title band and a caption band
    bottom = slice(-15, None)
    assert (frames[0][bottom] < 128).any(), "no caption text under the figure"
    assert not np.array_equal(frames[0][bottom], frames[1][bottom])  # its own caption
    assert (frames[0][:15] < 128).any(), "no title above the figure"


def test_width_redraws_the_figure_and_restores_the_player(tmp_path):
    player = _moving_dot()
    player.step = 3
    before = player.render_rgb()
    path = player.save(tmp_path / "wide.gif", width=1600, frames=[0, 7])
    with Image.open(path) as image:
        assert image.size[0] == 1600 and image.n_frames == 2
    assert player.step == 3 and player.caption == "the dot at x = 3"
    assert np.array_equal(player.render_rgb(), before)


def test_a_stepper_saves_its_run(tmp_path):
    data = lc.data.make_separable(n=12, margin=0.2, random_state=1)
    stepper = lc.Stepper(lc.Perceptron().fit(data.X, data.y), data.X, data.y)
    steps = stepper.static_frames[:8]
    path = stepper.save(tmp_path / "run.webp", frames=steps, width=400)
    with Image.open(path) as image:
        assert image.n_frames == len(steps) == 8 and image.size[0] == 400


@pytest.mark.parametrize(
    "kwargs, error, match",
    [
        ({"path": "a.mp4"}, ValueError, "'.mp4'.*.gif, .webp"),
        ({"path": "a"}, ValueError, "without suffix"),
        ({"fps": 0}, ValueError, "fps must lie in"),
        ({"fps": "2"}, TypeError, "fps must be a number"),
        ({"width": 1601}, ValueError, r"width must lie in \[100, 1600\]"),
        ({"width": 800.0}, TypeError, "width must be an integer"),
        ({"frames": [0, 99]}, ValueError, "frames must lie in"),
    ],
)
def test_bad_arguments_are_named(tmp_path, kwargs, error, match):
    kwargs = {"path": "a.gif", **kwargs}
    path = tmp_path / kwargs.pop("path")
    with pytest.raises(error, match=match):
        _moving_dot().save(path, **kwargs)
    assert not path.exists()


def test_over_the_size_limit_nothing_is_written(tmp_path, monkeypatch):
    monkeypatch.setattr(_player_anim, "MAX_BYTES", 1000)
    path = tmp_path / "big.gif"
    with pytest.raises(ValueError, match="over the 0.0 MB limit: save fewer frames"):
        _moving_dot().save(path)
    assert not path.exists()


def test_gif_keeps_every_okabe_ito_colour_exact(tmp_path):
    # Many shades of every colour (blends with white, as anti-aliased edges make)
    # crowd median cut: thin lines of the exact colours must survive the palette.
    colours = [ImageColor.getrgb(c) for c in lc.plotting.PALETTE.values()]
    rng = np.random.default_rng(0)
    shade = rng.random((240, 320, 1))
    base = np.array(colours)[rng.integers(0, len(colours), (240, 320))]
    image = (base * shade + 255 * (1 - shade)).astype(np.uint8)
    image[200:] = colours[1]  # a large orange patch
    for k, rgb in enumerate(colours):
        image[10 * k, :20] = rgb  # a thin line of each colour
    frames = [Image.fromarray(image), Image.fromarray(image[::-1].copy())]
    path = tmp_path / "colours.gif"
    path.write_bytes(_player_anim.encode_animation(frames, "GIF", fps=2))
    decoded = np.asarray(Image.open(path).convert("RGB"))
    for k, rgb in enumerate(colours):
        assert (decoded[10 * k, :20] == rgb).all(), list(lc.plotting.PALETTE)[k]
