"""A frame player: a live ipywidgets widget with a kernel-free HTML fallback.

A :class:`Player` owns one matplotlib :class:`~matplotlib.figure.Figure` (created
without pyplot, so nothing is shown twice and no global state is touched). The
caller builds the axes and artists once in ``setup(fig)``; ``update(i)`` moves
those artists to frame ``i``. The figure is rendered to PNG after each update.

* In Jupyter the player is an ipywidgets box: play/pause, step back/forward,
  a slider, a speed control and an image holding the rendered figure (no
  ipympl needed).
* Without a kernel (the static site) the display bundle also carries a
  ``text/html`` player: a subset of the frames pre-rendered as small
  palette PNGs, embedded as data URIs and driven by a few lines of inline
  JavaScript. No request leaves the page.
"""

from __future__ import annotations

import hashlib
import itertools
from collections.abc import Callable, Sequence

import numpy as np
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

from linclass._player_anim import check_animation_args, compose_frames, save_frames
from linclass._player_frames import (
    check_frame_count,
    encode_frames,
    fast_png,
    sheet_positions,
    static_frame_indices,
)
from linclass._player_html import render_player_html
from linclass._player_widget import LiveWidget

__all__ = ["Player", "static_frame_indices"]

MAX_WIDTH_PX = 740
_ids = itertools.count()


class Player(LiveWidget):
    """Replay frames of a matplotlib figure, live in Jupyter or as static HTML.

    Parameters
    ----------
    n_frames : int
        Number of frames; the frame index ``step`` runs over ``0..n_frames-1``.
    setup : callable
        ``setup(fig)`` builds the axes and artists once on the empty figure.
        Mark the artists that ``update`` changes with ``set_animated(True)``:
        the rest of the figure is then drawn once and cached, and each frame
        redraws only the animated artists (fast). Without animated artists the
        whole figure is redrawn for each frame.
    update : callable
        ``update(i)`` moves the artists to frame ``i`` (``set_data``,
        ``set_offsets``, ``set_text``, ...); it must not create artists. It may
        return a string: the caption of that frame, shown under the figure and
        used in the image's alt text.
    frames : sequence of int, optional
        Frames shown by the static HTML player. Default: all frames, or
        ``max_static_frames`` evenly spaced ones if there are more.
    max_static_frames : int, default=60
        Upper bound on the number of evenly spaced static frames.
    title : str, default=""
        Title shown above the figure and at the start of the alt text.
    figsize : (float, float), default=(8.0, 3.5)
        Figure size in inches.
    dpi : float, optional
        Resolution of the rendered frames. Default: 90, lowered so that the
        image is at most 740 pixels wide (a book page's text column).

    Attributes
    ----------
    figure : matplotlib.figure.Figure
        The figure the player draws on.
    static_frames : ndarray of int
        Frames of the static HTML player.

    Examples
    --------
    >>> import numpy as np
    >>> def setup(fig):
    ...     global line
    ...     ax = fig.add_subplot()
    ...     ax.set(xlim=(0, 2 * np.pi), ylim=(-1.1, 1.1))
    ...     (line,) = ax.plot([], [], animated=True)
    >>> def update(i):
    ...     x = np.linspace(0, 2 * np.pi, 100)
    ...     line.set_data(x, np.sin(x + i / 5))
    ...     return f"phase {i / 5:.1f} rad"
    >>> player = Player(30, setup, update, title="A travelling wave")
    >>> player.step = 10
    >>> player.caption
    'phase 2.0 rad'
    >>> "lc-player" in player.to_html()
    True
    """

    def __init__(
        self,
        n_frames,
        setup: Callable[[Figure], object],
        update: Callable[[int], str | None],
        frames: Sequence[int] | None = None,
        max_static_frames=60,
        title="",
        *,
        figsize=(8.0, 3.5),
        dpi=None,
    ):
        self._n_frames = check_frame_count(n_frames)
        if not callable(setup) or not callable(update):
            raise TypeError("setup and update must be callables")
        self.static_frames = static_frame_indices(
            self._n_frames, frames, max_static_frames
        )
        self.title = str(title)
        self._update = update
        if dpi is None:
            dpi = min(90.0, MAX_WIDTH_PX / float(figsize[0]))
        self.figure = Figure(figsize=figsize, dpi=dpi)
        FigureCanvasAgg(self.figure)
        setup(self.figure)
        self._freeze_layout()
        self._animated = sorted(
            self.figure.findobj(lambda a: a.get_animated()), key=lambda a: a.zorder
        )
        self._background = self._background_rgb = None
        self._widget = None
        self._step = 0
        self.caption = ""
        self._apply(0)

    # ------------------------------------------------------------------ state
    @property
    def n_frames(self):
        """Number of frames of the live player."""
        return self._n_frames

    @property
    def n_steps(self):
        """Largest value ``step`` can take (``n_frames - 1``)."""
        return self._n_frames - 1

    @property
    def step(self):
        """Current frame index; setting it moves the artists and redraws."""
        return self._step

    @step.setter
    def step(self, value):
        if isinstance(value, bool) or not isinstance(value, int | np.integer):
            raise TypeError(f"step must be an integer; got {type(value).__name__}")
        if not 0 <= value <= self.n_steps:
            raise ValueError(f"step must lie in [0, {self.n_steps}]; got {value}")
        self._apply(int(value))
        self._refresh_widget()
        if self._widget is not None:
            self._sync_controls()

    def _apply(self, i):
        self._step = i
        caption = self._update(i)
        self.caption = "" if caption is None else str(caption)

    def _freeze_layout(self):
        # Run a layout engine (constrained, tight) once, then switch it off:
        # frames must not jiggle, and re-running it on each frame is slow.
        if self.figure.get_layout_engine() is not None:
            self.figure.draw_without_rendering()
            self.figure.set_layout_engine("none")

    # -------------------------------------------------------------- rendering
    def _cache_background(self):
        canvas = self.figure.canvas
        canvas.draw()  # draws everything except the animated artists
        self._background = canvas.copy_from_bbox(self.figure.bbox)
        self._background_rgb = np.asarray(canvas.buffer_rgba())[..., :3].copy()

    def _draw_animated(self):
        for artist in self._animated:
            self.figure.draw_artist(artist)

    def render_rgb(self):
        """Render the figure in its current state.

        Returns
        -------
        ndarray of shape (h, w, 3), dtype uint8
            The pixels the live widget shows.

        Examples
        --------
        >>> player = Player(2, lambda fig: fig.add_subplot(), lambda i: None)
        >>> player.render_rgb().shape[2]
        3
        """
        canvas = self.figure.canvas
        if not self._animated:
            canvas.draw()
        else:
            if self._background is None:
                self._cache_background()
            canvas.restore_region(self._background)
            self._draw_animated()
        return np.asarray(canvas.buffer_rgba())[..., :3].copy()

    def render_layers(self):
        """Render the current state as a fixed background and a moving layer.

        The static player stores the background once and, per frame, only the
        animated artists on a transparent layer: most of a figure never moves.

        Returns
        -------
        background : ndarray of shape (h, w, 3) or None
            The figure without its animated artists (None when nothing is
            animated; then ``layer`` is the whole opaque frame).
        layer : ndarray of shape (h, w, 4) or (h, w, 3), dtype uint8
            The animated artists over transparency (RGBA), or the whole frame.

        Examples
        --------
        >>> def setup(fig):
        ...     fig.add_subplot().plot([0, 1], animated=True)
        >>> background, layer = Player(2, setup, lambda i: None).render_layers()
        >>> background.shape[2], layer.shape[2]
        (3, 4)
        """
        if not self._animated:
            return None, self.render_rgb()
        if self._background is None:
            self._cache_background()
        self.figure.canvas.get_renderer().clear()  # transparent
        self._draw_animated()
        return self._background_rgb, np.asarray(self.figure.canvas.buffer_rgba()).copy()

    def render_png(self):
        """Render the figure in its current state as PNG bytes (fast encoding).

        Examples
        --------
        >>> player = Player(2, lambda fig: fig.add_subplot(), lambda i: None)
        >>> player.render_png()[:4] == b"\\x89PNG"
        True
        """
        return fast_png(self.render_rgb())

    def alt_text(self, caption=None):
        """Alt text of the image for a caption (default: the current one).

        Examples
        --------
        >>> Player(2, lambda fig: None, lambda i: f"frame {i}", title="T").alt_text()
        'T: frame 0'
        """
        caption = self.caption if caption is None else caption
        parts = [p for p in (self.title, caption) if p]
        return ": ".join(parts) if parts else "Animated figure"

    # -------------------------------------------------------------- animation
    def save(self, path, *, fps=2.0, width=None, frames=None):
        """Save the frames as an animated GIF or WebP (for slides, an LMS).

        Each frame is the figure as the live player draws it, with the title
        above and the frame's caption below, in the page's colours.

        Parameters
        ----------
        path : str or Path
            Ends in ``.gif`` or ``.webp``.
        fps : float, default=2.0
            Frames per second.
        width : int, optional
            Width in pixels (100 to 1600): the figure is re-drawn at that size.
            Default: the player's own width.
        frames : sequence of int, optional
            Frames to save. Default: every frame, one per step; pass
            ``player.static_frames`` for the frames the web page shows.

        Returns
        -------
        Path
            The file written (at most 6 MB, else ValueError before writing).

        Examples
        --------
        >>> import tempfile, pathlib
        >>> player = Player(3, lambda fig: fig.add_subplot(), lambda i: f"frame {i}")
        >>> out = pathlib.Path(tempfile.mkdtemp()) / "demo.gif"
        >>> player.save(out, fps=4, width=300).name
        'demo.gif'
        """
        path, _, fps, width = check_animation_args(path, fps, width)
        steps = (
            np.arange(self.n_frames)
            if frames is None
            else static_frame_indices(self.n_frames, frames)
        )
        current, dpi = self._step, self.figure.dpi
        if width is not None:
            self.figure.set_dpi(width / self.figure.get_figwidth())
        self._background = None  # the cached background has the old size
        images, captions = [], []
        try:
            for i in steps:
                self._apply(int(i))
                images.append(self.render_rgb())
                captions.append(self.caption)
        finally:
            self.figure.set_dpi(dpi)
            self._background = None
            self._apply(current)
        frames = compose_frames(images, captions, self.title)
        return save_frames(frames, path, fps, comment=self.alt_text(captions[0]))

    # ------------------------------------------------------------ static HTML
    def _static_layers(self):
        current = self._step
        layers, captions = [], []
        try:
            for i in self.static_frames:
                self._apply(int(i))
                background, layer = self.render_layers()
                layers.append(layer)
                captions.append(self.caption)
        finally:
            self._apply(current)
        return background, layers, captions

    def to_html(self):
        """The kernel-free player: one self-contained HTML fragment.

        The frames listed in ``static_frames`` are embedded as base64 PNG data
        URIs, driven by inline JavaScript (no external request). The palette
        shrinks if needed to keep the fragment under about 1 MB.

        Returns
        -------
        str
            HTML with a root ``div.lc-player``; see the module docs of
            ``linclass._player_html`` for its structure.

        Examples
        --------
        >>> player = Player(3, lambda fig: None, lambda i: f"frame {i}")
        >>> html = player.to_html()
        >>> html.count('data-action="next"')
        1
        """
        background, layers, captions = self._static_layers()
        base, encoded, index = encode_frames(background, layers)
        digest = hashlib.sha1("".join(encoded[:1] + captions).encode()).hexdigest()
        height, width = layers[0].shape[:2]
        return render_player_html(
            uid=f"lc-player-{digest[:10]}-{next(_ids)}",
            title=self.title,
            images=encoded,
            background=base,
            index=index,
            captions=captions,
            alts=[self.alt_text(c) for c in captions],
            steps=[int(i) for i in self.static_frames],
            size=(width, height),
            sheet=sheet_positions(self.static_frames, self._key_steps()).tolist(),
        )

    def _key_steps(self):
        """Frames worth printing on the contact sheet (None: spread evenly)."""
        return None

    def _repr_mimebundle_(self, include=None, exclude=None, **kwargs):
        bundle = dict(self.widget._repr_mimebundle_(**kwargs) or {})
        bundle["text/html"] = self.to_html()
        bundle.setdefault("text/plain", repr(self))
        return bundle

    def __repr__(self):
        return (
            f"{type(self).__name__}(n_frames={self.n_frames}, step={self.step}, "
            f"title={self.title!r})"
        )
