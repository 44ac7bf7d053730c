"""HTML, CSS and JavaScript of the kernel-free player.

Used by :class:`linclass.Player`.

Structure (stable: the site's browser tests rely on it)::

    div.lc-player#<uid>[data-n-frames][data-frame]   root; data-frame = current
      div.lc-title                                    (only if there is a title)
      div.lc-stage                                    CSS background: fixed layer
        img.lc-frame[alt][data-step]                  alt text changes per frame
      div.lc-caption[aria-live=polite]                caption of the frame
      div.lc-sheet                                     added by the script: key frames
                                                       for print (hidden on screen)
      div.lc-controls
        button[data-action=first|prev|play|next|last][aria-label]
        input[type=range].lc-slider[min=0][max=n-1]
        span.lc-counter                                "frame k / n"
        select.lc-speed                                playback speed
      script[type="application/json"].lc-data         images, captions, ...
      script                                           the player (vanilla JS)

The frames are base64 PNGs in the JSON block, stored once each (``index`` maps
frame -> image); the site's build moves them into files (``"files": true``, the
names beside the first frame's ``src``; ``tools/book/player_files.py``), which the
script then fetches only when the player nears the screen or is used.
When the figure has animated artists, a frame holds only them on a transparent
background, over the fixed rest of the figure (the stage's CSS
background, stored once): a fraction of the bytes of whole frames. Nothing is
fetched: no URL appears in the fragment.

Colours come from the host page's theme variables (pydata's ``--pst-color-*``)
with light fallbacks, so the controls follow a dark theme; the figure itself sits
on a white card (``--lc-card-padding`` and ``--lc-card-filter`` let the site
match its static figures). In print, the controls give way to a contact sheet.
"""

import html
import json

# Inline SVG icons (no xmlns needed inside HTML, no font dependence).
_ICONS = {
    "first": "M2 2h2v12H2zM10 2 4.5 8 10 14zM15.5 2 10 8l5.5 6z",
    "prev": "M3 2h2v12H3zM13 2 6 8l7 6z",
    "play": "M4 2l10 6-10 6z",
    "pause": "M3 2h4v12H3zM9 2h4v12H9z",
    "next": "M3 2l7 6-7 6zM11 2h2v12h-2z",
    "last": "M.5 2 6 8l-5.5 6zM6 2l5.5 6L6 14zM12 2h2v12h-2z",
}
_LABELS = {
    "first": "First frame",
    "prev": "Previous frame",
    "play": "Play",
    "next": "Next frame",
    "last": "Last frame",
}

# Host pages style every <img>: pydata's dark mode paints a grey background and
# padding over output images and dims them, which hid the stage (the fixed part
# of the figure) under the transparent frame layers. The frames are kept bare.
_CSS = """
.lc-player{border:1px solid var(--pst-color-border,#d0d7de);border-radius:6px;
 padding:.5em;margin:1em 0;max-width:100%;box-sizing:border-box;
 background:var(--pst-color-background,#fff);color:var(--pst-color-text-base,#1f2328)}
.lc-player:focus{outline:2px solid #0072B2}
.lc-player .lc-title{font-weight:600;margin:0 0 .3em}
.lc-player .lc-stage{width:fit-content;max-width:100%;margin:0 auto;
 box-sizing:border-box;padding:var(--lc-card-padding,0);border-radius:.25rem;background-origin:content-box;
 background-size:100% 100%;background-repeat:no-repeat;background-color:#fff;
 filter:var(--lc-card-filter,none)}
.lc-player .lc-stage img,.lc-player .lc-sheet img{display:block;max-width:100%;
 height:auto;background:none!important;padding:0!important;border-radius:0!important;
 filter:none!important}
.lc-player .lc-caption{font-family:monospace;font-size:.9em;min-height:1.4em;
 margin:.3em 0;text-align:center}
.lc-player .lc-controls{display:flex;align-items:center;gap:.35em;flex-wrap:wrap}
.lc-player button{display:inline-flex;align-items:center;justify-content:center;
 width:2.2em;height:2em;padding:0;border:1px solid var(--pst-color-border,#8c959f);
 border-radius:4px;background:var(--pst-color-surface,#f6f8fa);color:inherit;
 cursor:pointer}
.lc-player button:hover{filter:brightness(1.12)}
.lc-player button[data-action=play]{width:2.8em;background:#0072B2;color:#fff;
 border-color:#0072B2}
.lc-player button svg{width:1em;height:1em;fill:currentColor}
.lc-player input.lc-slider{flex:1 1 8em;min-width:6em;accent-color:#0072B2}
.lc-player .lc-counter{font-family:monospace;font-size:.85em;white-space:nowrap}
.lc-player select.lc-speed{font-size:.85em;color:inherit;
 background:var(--pst-color-background,#fff);
 border:1px solid var(--pst-color-border,#8c959f)}
.lc-player .lc-sheet{display:none}
@media print{
 .lc-player{break-inside:avoid-page;background:#fff;color:#000;filter:none}
 .lc-player .lc-stage,.lc-player .lc-caption,.lc-player .lc-controls{display:none}
 .lc-player .lc-sheet{display:block}
 .lc-player .lc-sheet-title{font-size:.85em;font-style:italic;margin:0 0 .3em}
 .lc-player .lc-sheet-grid{display:grid;grid-template-columns:1fr 1fr;gap:.5em}
 .lc-player .lc-sheet figure{margin:0;break-inside:avoid}
 .lc-player .lc-sheet .lc-sheet-stage{background-size:100% 100%;
  background-repeat:no-repeat;background-color:#fff;border:1px solid #ccc}
 .lc-player .lc-sheet img{width:100%}
 .lc-player .lc-sheet figcaption{font-family:monospace;font-size:.7em;margin-top:.2em}
}
"""

_JS = r"""
(function () {
  var root = document.getElementById(%(uid)s);
  if (!root || root.getAttribute("data-ready")) { return; }
  root.setAttribute("data-ready", "1");
  var data = JSON.parse(root.querySelector("script.lc-data").textContent);
  var img = root.querySelector("img.lc-frame");
  var slider = root.querySelector("input.lc-slider");
  var counter = root.querySelector(".lc-counter");
  var caption = root.querySelector(".lc-caption");
  var speed = root.querySelector("select.lc-speed");
  var playBtn = root.querySelector('button[data-action="play"]');
  var stage = root.querySelector(".lc-stage");
  var n = data.index.length, cur = 0, timer = null, awake = false;
  // On the site the frames are files named in data.images, beside the first one.
  var dir = data.files ? img.getAttribute("src").replace(/[^\/]*$/, "") : null;
  function src(i) {
    var name = data.images[i];
    return dir === null ? "data:image/png;base64," + name : dir + name;
  }
  function icon(name) {
    return '<svg viewBox="0 0 16 16" aria-hidden="true"><path d="' +
      data.icons[name] + '"/></svg>';
  }
  function show(k) {
    k = Math.max(0, Math.min(n - 1, k));
    cur = k;
    img.src = src(data.index[k]);
    img.alt = data.alts[k];
    img.setAttribute("data-step", data.steps[k]);
    slider.value = k;
    slider.setAttribute("aria-valuetext", data.captions[k] || ("frame " + (k + 1)));
    counter.textContent = "frame " + (k + 1) + " / " + n;
    caption.textContent = data.captions[k];
    root.setAttribute("data-frame", k);
  }
  function setPlayButton(playing) {
    playBtn.innerHTML = icon(playing ? "pause" : "play");
    playBtn.setAttribute("aria-label", playing ? "Pause" : "Play");
    playBtn.setAttribute("aria-pressed", playing ? "true" : "false");
  }
  function stop() {
    if (timer !== null) { clearInterval(timer); timer = null; }
    setPlayButton(false);
  }
  function tick() { if (cur >= n - 1) { stop(); } else { show(cur + 1); } }
  function start() {
    if (cur >= n - 1) { show(0); }
    if (timer !== null) { clearInterval(timer); }
    timer = setInterval(tick, 500 / parseFloat(speed.value));
    setPlayButton(true);
  }
  var actions = {
    first: function () { wake(); stop(); show(0); },
    prev: function () { wake(); stop(); show(cur - 1); },
    play: function () { wake(); if (timer === null) { start(); } else { stop(); } },
    next: function () { wake(); stop(); show(cur + 1); },
    last: function () { wake(); stop(); show(n - 1); }
  };
  root.querySelectorAll("button[data-action]").forEach(function (b) {
    b.addEventListener("click", actions[b.getAttribute("data-action")]);
  });
  slider.addEventListener("input", function () {
    wake();
    stop();
    show(parseInt(slider.value, 10));
  });
  speed.addEventListener("change", function () { if (timer !== null) { start(); } });
  root.addEventListener("keydown", function (e) {
    if (e.target !== root) { return; }
    var keys = {ArrowLeft: "prev", ArrowRight: "next", Home: "first",
                End: "last", " ": "play"};
    if (keys[e.key]) { e.preventDefault(); actions[keys[e.key]](); }
  });
  // The fixed layer and the print contact sheet: at once in a notebook; on the
  // site when the player nears the screen, is first used, or the page is printed.
  // data-lc-awake="1" once the layer is in place (the page's tests wait for it).
  var layer = stage.getAttribute("data-lc-layer");
  var layerUrl = layer ? 'url("' + dir + layer + '")' : stage.style.backgroundImage;
  function wake() {
    if (awake) { return; }
    awake = true;
    buildSheet();
    if (!layer) { root.setAttribute("data-lc-awake", "1"); return; }
    var picture = new Image();
    picture.onload = picture.onerror = function () {
      stage.style.backgroundImage = layerUrl;
      root.setAttribute("data-lc-awake", "1");
    };
    picture.src = dir + layer;
  }
  function buildSheet() {
    var sheet = document.createElement("div");
    sheet.className = "lc-sheet";
    var head = document.createElement("div");
    head.className = "lc-sheet-title";
    head.textContent = "Key frames (" + data.sheet.length + " of " + n + ")";
    var grid = document.createElement("div");
    grid.className = "lc-sheet-grid";
    var base = layerUrl;
    data.sheet.forEach(function (k) {
      var fig = document.createElement("figure");
      var cell = document.createElement("div");
      cell.className = "lc-sheet-stage";
      cell.style.backgroundImage = base;
      var im = document.createElement("img");
      im.src = src(data.index[k]);
      im.alt = data.alts[k];
      var cap = document.createElement("figcaption");
      cap.textContent = "frame " + (k + 1) + " / " + n + ": " + data.captions[k];
      cell.appendChild(im);
      fig.appendChild(cell);
      fig.appendChild(cap);
      grid.appendChild(fig);
    });
    sheet.appendChild(head);
    sheet.appendChild(grid);
    root.insertBefore(sheet, root.querySelector(".lc-controls"));
  }
  window.addEventListener("beforeprint", wake);
  if (dir === null || !("IntersectionObserver" in window)) {
    wake();
  } else {
    var near = new IntersectionObserver(function (entries) {
      if (entries.some(function (e) { return e.isIntersecting; })) {
        near.disconnect();
        wake();
      }
    }, {rootMargin: "300px"});
    near.observe(root);
  }
  show(0);
})();
"""


def escape(text):
    """Escape text for HTML element content and attribute values."""
    return html.escape(str(text), quote=True)


def json_for_script(obj):
    """JSON that is safe inside a ``<script>`` element."""
    text = json.dumps(obj, separators=(",", ":"))
    return text.replace("</", "<\\/").replace("<!--", "<\\!--")


def _button(action):
    return (
        f'<button type="button" data-action="{action}" '
        f'aria-label="{_LABELS[action]}" title="{_LABELS[action]}">'
        f'<svg viewBox="0 0 16 16" aria-hidden="true"><path d="{_ICONS[action]}"/>'
        "</svg></button>"
    )


def render_player_html(
    uid, title, images, index, captions, alts, steps, size, background=None, sheet=None
):
    """Assemble the self-contained player fragment.

    Parameters
    ----------
    uid : str
        Unique element id of the root.
    title : str
        Title above the figure ("" for none).
    images : list of str
        Distinct frames, base64-encoded PNGs.
    index : list of int
        For each frame, its position in ``images``.
    captions, alts : list of str
        Caption and alt text of each frame.
    steps : list of int
        The live frame index of each static frame.
    size : (int, int)
        Width and height of the frames in pixels.
    background : str or None
        Base64 PNG under every frame (the frames are then transparent
        layers holding only what moves), or None.
    sheet : list of int, optional
        Frames of the printed contact sheet (default: the first and the last).

    Returns
    -------
    str
        The HTML fragment.

    Examples
    --------
    >>> page = render_player_html("p1", "", ["AAAA"], [0], ["c"], ["a"], [0], (2, 2))
    >>> page.startswith('<div class="lc-player"')
    True
    """
    n = len(index)
    payload = {
        "images": images,
        "index": index,
        "captions": captions,
        "alts": alts,
        "steps": steps,
        "icons": _ICONS,
        "sheet": sorted({0, n - 1}) if sheet is None else sheet,
    }
    width, height = size
    stage = ""
    if background is not None:
        stage = f' style="background-image:url(data:image/png;base64,{background})"'
    head = f'<div class="lc-title">{escape(title)}</div>' if title else ""
    label = escape(title or "Animated figure")
    buttons = "".join(_button(a) for a in ("first", "prev", "play", "next", "last"))
    speeds = "".join(
        f'<option value="{v}"{" selected" if v == "1" else ""}>{v}×</option>'
        for v in ("0.25", "0.5", "1", "2", "4")
    )
    return (
        f'<div class="lc-player" id="{uid}" data-n-frames="{n}" data-frame="0" '
        f'role="group" aria-label="{label}" tabindex="0">'
        f"<style>{_CSS}</style>{head}"
        f'<div class="lc-stage"{stage}>'
        f'<img class="lc-frame" src="data:image/png;base64,{images[index[0]]}" '
        f'alt="{escape(alts[0])}" width="{width}" height="{height}" '
        f'data-step="{steps[0]}"></div>'
        f'<div class="lc-caption" aria-live="polite">{escape(captions[0])}</div>'
        f'<div class="lc-controls">{buttons}'
        f'<input type="range" class="lc-slider" min="0" max="{n - 1}" step="1" '
        f'value="0" aria-label="Frame">'
        f'<span class="lc-counter">frame 1 / {n}</span>'
        f'<select class="lc-speed" aria-label="Playback speed">{speeds}</select>'
        "</div>"
        f'<script type="application/json" class="lc-data">{json_for_script(payload)}'
        "</script>"
        f"<script>{_JS % {'uid': json.dumps(uid)}}</script>"
        "</div>"
    )


def caption_html(caption):
    """A caption as HTML for the live widget."""
    return f"<span style='font-family:monospace'>{escape(caption)}</span>"
