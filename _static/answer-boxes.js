/* Kernel-free answer boxes: <div class="lc-answer" data-answer="ID"></div>.
 *
 * The answer keys (window.LC_ANSWERS, from lc-answers.js) hold only the SHA-256 of
 * each accepted canonical answer, salted with the answer's id. A learner's input is
 * put in the same canonical form as Python's linclass.check does (numbers rounded to
 * the key's decimals, vectors as comma-separated numbers, choices lower-cased) and
 * hashed; the box says right or not yet and never shows the answer. No network.
 */
(function () {
  "use strict";

  // SHA-256 of a string's UTF-8 bytes, as hex. Synchronous and self-contained, so
  // the boxes work from file:// and on any origin (crypto.subtle needs a secure one).
  function sha256(text) {
    const bytes = new TextEncoder().encode(text);
    const K = new Uint32Array([
      0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
      0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
      0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
      0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
      0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
      0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
      0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
      0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
    ]);
    const H = new Uint32Array([
      0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
    ]);
    const n = ((bytes.length + 9 + 63) >> 6) << 6;
    const msg = new Uint8Array(n);
    msg.set(bytes);
    msg[bytes.length] = 0x80;
    const view = new DataView(msg.buffer);
    view.setUint32(n - 4, bytes.length * 8);
    view.setUint32(n - 8, Math.floor(bytes.length / 0x20000000));
    const W = new Uint32Array(64);
    const rotr = (x, r) => (x >>> r) | (x << (32 - r));
    for (let off = 0; off < n; off += 64) {
      for (let t = 0; t < 16; t++) W[t] = view.getUint32(off + 4 * t);
      for (let t = 16; t < 64; t++) {
        const s0 = rotr(W[t - 15], 7) ^ rotr(W[t - 15], 18) ^ (W[t - 15] >>> 3);
        const s1 = rotr(W[t - 2], 17) ^ rotr(W[t - 2], 19) ^ (W[t - 2] >>> 10);
        W[t] = (W[t - 16] + s0 + W[t - 7] + s1) >>> 0;
      }
      let [a, b, c, d, e, f, g, h] = H;
      for (let t = 0; t < 64; t++) {
        const S1 = rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25);
        const t1 = (h + S1 + ((e & f) ^ (~e & g)) + K[t] + W[t]) >>> 0;
        const S0 = rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22);
        const t2 = (S0 + ((a & b) ^ (a & c) ^ (b & c))) >>> 0;
        [h, g, f, e, d, c, b, a] = [g, f, e, (d + t1) >>> 0, c, b, a, (t1 + t2) >>> 0];
      }
      [a, b, c, d, e, f, g, h].forEach((v, i) => { H[i] = (H[i] + v) >>> 0; });
    }
    return Array.from(H, (v) => v.toString(16).padStart(8, "0")).join("");
  }

  function number(text) {
    const t = text.trim();
    // Number("") is 0 and Number("0x10") is 16: accept plain decimal notation only.
    if (!/^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(t)) return null;
    const x = Number(t);
    return Number.isFinite(x) ? x : null;
  }

  function fixed(x, decimals) {
    const s = x.toFixed(decimals);
    return Number(s) === 0 ? s.replace(/^-/, "") : s;
  }

  // The canonical text of an answer, as linclass.check._core.canonical makes it;
  // null when the input does not have the form the key asks for.
  function canonical(spec, text) {
    if (spec.kind === "choice") return text.toLowerCase().split(/\s+/).filter(Boolean).join(" ");
    if (spec.kind === "vector") {
      const items = text.replace(/[,;()[\]]/g, " ").split(/\s+/).filter(Boolean);
      const xs = items.map(number);
      if (!xs.length || xs.some((x) => x === null)) return null;
      return xs.map((x) => fixed(x, spec.decimals)).join(",");
    }
    const x = number(text);
    if (x === null) return null;
    if (spec.kind === "integer") return Number.isInteger(x) ? String(x) : null;
    return fixed(x, spec.decimals);
  }

  function judge(id, spec, text) {
    if (!text.trim()) return ["empty", "Type your answer first."];
    const canon = canonical(spec, text);
    if (canon === null) return ["invalid", `Not understood: the answer is ${spec.form}.`];
    if (spec.kind === "vector" && canon.split(",").length !== spec.length) {
      const got = canon.split(",").length;
      return ["invalid", `Expected ${spec.length} numbers, got ${got}.`];
    }
    return spec.hashes.includes(sha256(`${id}\n${canon}`))
      ? ["right", "Right."]
      : ["wrong", "Not yet: check your working (the solution is in the dropdown below)."];
  }

  function build(box, k) {
    const id = box.dataset.answer;
    const spec = (window.LC_ANSWERS || {})[id];
    if (!spec) {
      box.textContent = `No answer key for ${id}.`;
      box.dataset.state = "missing";
      return;
    }
    const inputId = `lc-answer-${k}`;
    const label = document.createElement("label");
    label.htmlFor = inputId;
    label.textContent = `Your answer: ${spec.label}`;
    const input = document.createElement("input");
    input.id = inputId;
    input.type = "text";
    input.autocomplete = "off";
    input.spellcheck = false;
    input.placeholder = spec.form;
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = "Check";
    const status = document.createElement("span");
    status.className = "lc-answer-status";
    status.setAttribute("role", "status");
    status.setAttribute("aria-live", "polite");
    const check = () => {
      const [state, message] = judge(id, spec, input.value);
      box.dataset.state = state;
      status.textContent = message;
    };
    button.addEventListener("click", check);
    input.addEventListener("keydown", (e) => { if (e.key === "Enter") check(); });
    input.addEventListener("input", () => { box.dataset.state = ""; status.textContent = ""; });
    const row = document.createElement("div");
    row.className = "lc-answer-row";
    row.append(input, button);
    box.append(label, row, status);
  }

  function init() {
    document.querySelectorAll("div.lc-answer").forEach(build);
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
})();
