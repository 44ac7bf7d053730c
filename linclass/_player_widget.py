"""The live view of a :class:`linclass.player.Player`: an ipywidgets box.

Play/pause, step back and forward, a slider, a speed control and an image holding
the rendered figure (no ipympl needed). Kept apart from the player's frames and
its kernel-free HTML, which need no widgets at all. The mixin uses the player's
``render_png``, ``caption``, ``title``, ``n_steps`` and ``_apply``.
"""

from __future__ import annotations

import numpy as np

from linclass._player_html import caption_html, escape


class LiveWidget:
    """The ipywidgets view of a player (mixed into :class:`~linclass.player.Player`)."""

    _widget = None

    @property
    def widget(self):
        """The ipywidgets box (built on first use)."""
        if self._widget is None:
            self._widget = self._build_widget()
        return self._widget

    def _build_widget(self):
        import ipywidgets as widgets

        png = self.render_png()
        # Shown at its own pixel width (read from the PNG header), never stretched
        # to the output area: a stretched raster looks soft.
        width = int.from_bytes(png[16:20], "big")
        self._image = widgets.Image(
            value=png,
            format="png",
            layout=widgets.Layout(
                width=f"{width}px",
                max_width="100%",
                height="auto",
                align_self="flex-start",
            ),
        )
        self._caption_box = widgets.HTML(value=caption_html(self.caption))
        children = [self._image, *self._controls(widgets), self._caption_box]
        if self.title:
            children.insert(0, widgets.HTML(value=f"<b>{escape(self.title)}</b>"))
        return widgets.VBox(children)

    def _controls(self, widgets):
        """Control rows of the live widget (subclasses may replace them)."""
        n = self.n_steps
        self._play = widgets.Play(
            value=self._step, min=0, max=n, step=1, interval=400, show_repeat=False
        )
        self._slider = widgets.IntSlider(
            value=self._step,
            min=0,
            max=n,
            description="frame",
            continuous_update=True,
            layout=widgets.Layout(width="auto", flex="1 1 auto"),
        )
        widgets.link((self._play, "value"), (self._slider, "value"))
        self._slider.observe(self._on_slider, names="value")
        # Icons distinct from Play's triangle; Play's square stops and rewinds.
        small = widgets.Layout(width="42px")
        self._back = widgets.Button(
            icon="step-backward", tooltip="step back", layout=small
        )
        self._forward = widgets.Button(
            icon="step-forward", tooltip="step forward", layout=small
        )
        self._back.on_click(lambda _: self._nudge(-1))
        self._forward.on_click(lambda _: self._nudge(+1))
        self._speed = widgets.FloatLogSlider(
            value=1.0, base=2, min=-2, max=2, step=1, description="speed", readout=True
        )
        self._speed.observe(self._on_speed, names="value")
        self._counter = widgets.Label(value=self._counter_text())
        row = widgets.HBox(
            [self._play, self._back, self._forward, self._slider, self._counter]
        )
        return [row, self._speed]

    def _nudge(self, delta):
        self._slider.value = int(np.clip(self._slider.value + delta, 0, self.n_steps))

    def _sync_controls(self):
        """Make the controls show the current state (after ``step`` was set)."""
        self._slider.value = self._step  # its observer sees no change: no redraw

    def _on_slider(self, change):
        if change["new"] != self._step:
            self._apply(int(change["new"]))
            self._refresh_widget()

    def _on_speed(self, change):
        self._play.interval = int(round(400 / change["new"]))

    def _counter_text(self):
        return f"{self._step} / {self.n_steps}"

    def _refresh_widget(self):
        if self._widget is None:
            return
        self._image.value = self.render_png()
        self._caption_box.value = caption_html(self.caption)
        counter = getattr(self, "_counter", None)
        if counter is not None:
            counter.value = self._counter_text()
