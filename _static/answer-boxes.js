/* Kernel-free answer boxes: <div class="lc-answer" data-answer="ID"></div>.
 *
 * The answer keys (window.LC_ANSWERS, from lc-answers.js) hold only the SHA-256 of
 * each accepted canonical answer, salted with the answer's id, and of the key rounded
 * to fewer decimals (to say "close"). A learner's input is read by the grammar of
 * linclass.check (its tables, window.LC_GRAMMAR, and its sentences, LC_MESSAGES, are
 * written into lc-answers.js from Python), put in the same canonical form and hashed;
 * the box says right, close or not yet and never shows the answer. No network.
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

  // The grammar of typed answers: a transcription of linclass/check/_grammar.py's
  // parse(), driven by the tables that module defines (window.LC_GRAMMAR, written
  // into lc-answers.js from Python), so the boxes read exactly what lc.check reads.
  const G = () => window.LC_GRAMMAR;

  class ParseError extends Error {}

  function tokens(text) {
    const g = G();
    for (const [from, to] of Object.entries(g.lookalikes)) text = text.split(from).join(to);
    text = text.trim();
    while (text && g.trailing.includes(text[text.length - 1])) text = text.slice(0, -1);
    text = text.trim();
    const re = new RegExp(g.tokens.map(([k, p]) => `(?<${k}>${p})`).join("|"), "y");
    const out = [];
    let pos = 0;
    while (pos < text.length) {
      re.lastIndex = pos;
      const m = re.exec(text);
      if (!m) throw new ParseError(`the character ${text[pos]} (at ${pos + 1}) is not understood`);
      const kind = Object.keys(m.groups).find((k) => m.groups[k] !== undefined);
      const known = [...Object.keys(g.words), ...Object.keys(g.constants), ...g.functions];
      if (kind === "name" && !known.includes(m[0].toLowerCase())) {
        throw new ParseError(`unknown word '${m[0]}'`);
      }
      if (kind !== "space") {
        const gap = pos > 0 && /\s/.test(text[pos - 1]);
        // "1.2.3" is no product of 1.2 and .3: a number has one point
        if (kind === "number" && !gap && out.length && out[out.length - 1][0] === "number") {
          throw new ParseError(`unexpected '${m[0]}'`);
        }
        out.push([kind, m[0], gap]);
      }
      pos += m[0].length;
    }
    if (!out.length) throw new ParseError("the answer is empty");
    return out;
  }

  function num(v) {
    if (typeof v !== "number") throw new ParseError("arithmetic works on numbers only");
    return v;
  }

  const FUNCS = { exp: Math.exp, sqrt: Math.sqrt, ln: Math.log, log: Math.log, abs: Math.abs };

  function parse(text) {
    const g = G();
    const toks = tokens(text);
    let k = 0;
    const END = ["end", "", false];
    const peek = (o = 0) => (k + o < toks.length ? toks[k + o] : END);
    const take = () => { const t = peek(); k += 1; return t; };
    const expect = (v) => {
      const t = take();
      if (t[1] !== v) throw new ParseError(`expected '${v}', got '${t[1] || "the end"}'`);
    };
    const startsItem = (t) => {
      const n = peek(1);
      return t[2] && "+-".includes(t[1]) && n[0] !== "end" && !n[2];
    };
    function sequence(closer) {
      const items = [item()];
      while (peek()[1] !== closer && peek()[0] !== "end") {
        if (peek()[1] === "," || peek()[1] === ";") take();
        items.push(item());
      }
      return items;
    }
    function item() {
      const t = peek();
      const w = t[1].toLowerCase();
      if (t[0] === "name" && w in g.words) { take(); return g.words[w]; }
      return expr(0);
    }
    // 2pi, 2(3/0.5)^2, 2sqrt(2): a product written without *, when nothing
    // separates the two ("2 pi" is two numbers).
    function implicit(t) {
      if (t[2]) return false;
      if (t[0] === "number" || t[1] === "(") return true;
      const low = t[1].toLowerCase();
      return t[0] === "name" && (low in g.constants || g.functions.includes(low));
    }
    function expr(minPower) {
      let left = unary();
      for (;;) {
        const t = peek();
        if (implicit(t) && g.binary["*"][0] >= minPower) {
          left = apply("*", left, expr(g.binary["*"][0] + 1));
          continue;
        }
        const op = t[0] === "op" ? g.binary[t[1]] : undefined;
        if (!op || op[0] < minPower || startsItem(t)) return left;
        take();
        const right = expr(op[1] ? op[0] : op[0] + 1);
        left = apply(t[1], left, right);
      }
    }
    function unary() {
      const t = peek();
      if (t[1] === "-" || t[1] === "+") {
        take();
        const v = num(expr(g.unaryPower));
        return t[1] === "-" ? -v : v;
      }
      let v = atom();
      while (peek()[1] === "%") { take(); v = num(v) / 100; }
      return v;
    }
    function atom() {
      const [kind, text] = take();
      const low = text.toLowerCase();
      if (kind === "number") {
        const v = Number(text);
        if (!Number.isFinite(v)) throw new ParseError(`the number ${text} is too large`);
        return v;
      }
      if (kind === "name" && low in g.constants) return g.constants[low];
      if (kind === "name" && g.functions.includes(low)) {
        // sqrt(2), or sqrt 2 and the typed root sign: the next atom alone
        let arg;
        if (peek()[1] === "(") {
          take();
          arg = num(expr(0));
          expect(")");
        } else {
          arg = num(atom());
        }
        const v = FUNCS[low](arg);
        if (!Number.isFinite(v)) {
          throw new ParseError(`${text}(${arg}) is not a finite real number`);
        }
        return v;
      }
      if (text === "|") {
        const v = Math.abs(num(expr(0)));
        expect("|");
        return v;
      }
      if (text === "(" || text === "[") {
        const closer = text === "(" ? ")" : "]";
        const items = sequence(closer);
        expect(closer);
        return items.length === 1 && text === "(" ? items[0] : items;
      }
      if (kind === "end") throw new ParseError("the answer ends too early");
      throw new ParseError(`unexpected '${text}'`);
    }
    function apply(op, a, b) {
      a = num(a); b = num(b);
      if (op === "+") return a + b;
      if (op === "-") return a - b;
      if (op === "*") return a * b;
      if (op === "/") {
        if (b === 0) throw new ParseError("division by zero");
        return a / b;
      }
      const v = a ** b;
      if (!Number.isFinite(v)) throw new ParseError(`${a}^${b} is not a real number`);
      return v;
    }
    const items = sequence("end");
    if (peek()[0] !== "end") throw new ParseError(`unexpected '${peek()[1]}'`);
    const value = items.length === 1 ? items[0] : items;
    // as _grammar._finite: no infinity or NaN anywhere, a vector's items included
    const finite = (v) => (Array.isArray(v) ? v.every(finite)
      : typeof v !== "number" || Number.isFinite(v));
    if (!finite(value)) throw new ParseError("the number is not finite");
    return value;
  }

  class FormError extends Error {}

  // x to `decimals` places, ties away from zero (Python's side uses Decimal to match).
  function fixed(x, decimals) {
    const s = x.toFixed(decimals);
    return Number(s) === 0 ? s.replace(/^-/, "") : s;
  }

  const flat = (v) => (Array.isArray(v) ? v.flatMap(flat) : [v]);

  function single(v) {
    if (Array.isArray(v) && v.length === 1) v = v[0];
    if (typeof v !== "number") throw new FormError();
    return v;
  }

  // "2,850" -> "2850", "-3,75" -> "-3.75": one number with digit groups or a
  // decimal comma, as linclass/check/_grammar.py's one_number reads it.
  function oneNumber(text) {
    const g = G();
    let t = text.trim();
    for (const [from, to] of Object.entries(g.lookalikes)) if (to === "-") t = t.split(from).join(to);
    const grouped = new RegExp(g.grouped).exec(t);
    if (grouped) return t.split(grouped[1]).join("");
    if (new RegExp(g.decimalComma).test(t)) return t.replace(",", ".");
    return text;
  }

  // The canonical text of an answer, as linclass.check._answers.canonical makes it.
  function canonical(kind, text, decimals) {
    if (kind === "choice") {
      let t = text.toLowerCase().trim();
      while (t && G().trailing.includes(t[t.length - 1])) t = t.slice(0, -1);
      return t.split(/\s+/).filter(Boolean).join(" ");
    }
    if (kind === "number" || kind === "integer") text = oneNumber(text);
    let v = parse(text);
    if (kind === "yesno") {
      if (v === 1 || v === 0) v = v === 1; // 1 and 0 for yes and no
      if (typeof v !== "boolean") throw new FormError();
      return v ? "yes" : "no";
    }
    if (kind === "number") return fixed(single(v), decimals);
    if (kind === "integer") {
      const x = single(v);
      if (x !== Math.round(x)) throw new FormError();
      return String(Math.round(x));
    }
    const items = flat(v);
    if (!items.every((x) => typeof x === "number")) throw new FormError();
    return items.map((x) => fixed(x, decimals)).join(",");
  }

  const same = (a, b) => a.split(",").map(Number).join() === b.split(",").map(Number).join();
  const decimalsText = (d) => (d === 1 ? "1 decimal" : `${d} decimals`);
  // Significant digits of a canonical text, the most of any of its numbers.
  const significant = (t) => Math.max(
    ...t.split(",").map((x) => x.replace(/^-/, "").replace(".", "").replace(/^0+/, "").length),
  );

  // The order of linclass.check._answers.run_answer: right; a registered mistake
  // (its hint); the count of a vector; close; cut off; the method.
  function judge(id, spec, text) {
    if (!text.trim()) return ["empty", "Type your answer first."];
    const M = window.LC_MESSAGES;
    const say = (key, kw = {}) => {
      const all = { form: spec.form, decimals: decimalsText(spec.decimals), ...kw };
      const s = M[key].replace(/\{(\w+)\}/g, (_, name) => all[name]);
      return s[0].toUpperCase() + s.slice(1);
    };
    // Withheld solutions (_config.yml: withhold_solutions) leave no dropdown to point to.
    const dropdown = document.querySelector && document.querySelector(".solution")
      ? " The solution is in the dropdown below." : "";
    const wrong = (key, kw) => ["wrong", `${say(key, kw)}${dropdown}`];
    let canon;
    try {
      canon = canonical(spec.kind, text, spec.decimals);
    } catch (err) {
      if (err instanceof ParseError) return ["invalid", say("unreadable", { reason: err.message })];
      if (err instanceof FormError) return ["invalid", say("form", { got: text.trim() })];
      throw err;
    }
    const hash = (t) => sha256(`${id}\n${t}`);
    if (spec.hashes.includes(hash(canon))) return ["right", say("right")];
    let d = spec.decimals;
    let short = canon;
    if (spec.kind === "number" || spec.kind === "vector") {
      for (let k = 0; k < spec.decimals; k++) {
        const s = canonical(spec.kind, text, k);
        if (same(s, canon)) { d = k; short = s; break; }
      }
    }
    const informative = d === spec.decimals || significant(short) >= window.LC_RULES.closeDigits;
    for (const m of spec.mistakes || []) {
      const full = m.hashes[String(spec.decimals)];
      if (full === hash(canon) || (informative && m.hashes[String(d)] === hash(short))) {
        return wrong("mistake", { hint: m.hint });
      }
    }
    if (spec.kind === "vector" && canon.split(",").length !== spec.length) {
      return ["invalid", say("count", { n: spec.length, m: canon.split(",").length })];
    }
    if (informative && d < spec.decimals && spec.close && spec.close[d] === hash(short)) {
      return ["close", say("close", { d: decimalsText(d) })];
    }
    if (informative && spec.cut && spec.cut[String(d)] === hash(short)) return wrong("cut");
    return wrong("method", { hint: spec.method });
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

  // The tests run the grammar's table of accepted forms through this (test_answer_boxes).
  window.LC_CHECK = { canonical, judge };

  function init() {
    document.querySelectorAll("div.lc-answer").forEach(build);
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
})();
