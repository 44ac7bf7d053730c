// TeX to MathML with MathJax 3, for tools/book/prerender_math.py.
// Reads one JSON request a line on stdin, {"tex": "...", "display": true},
// and answers one JSON line on stdout: {"mml": "<math ...>"} or {"error": "..."}.
// The TeX packages are those the browser's tex-chtml.js loaded or autoloaded, less
// "noundefined": an unknown macro fails the build instead of showing in red.
"use strict";
const readline = require("readline");
const {mathjax} = require("mathjax-full/js/mathjax.js");
const {TeX} = require("mathjax-full/js/input/tex.js");
const {HTMLDocument} = require("mathjax-full/js/handlers/html/HTMLDocument.js");
const {liteAdaptor} = require("mathjax-full/js/adaptors/liteAdaptor.js");
const {STATE} = require("mathjax-full/js/core/MathItem.js");
require("mathjax-full/js/input/tex/AllPackages.js");  // registers every package
const {SerializedMmlVisitor} = require("mathjax-full/js/core/MmlTree/SerializedMmlVisitor.js");

const packages = ["base", "ams", "newcommand", "configmacros", "boldsymbol",
  "braket", "cancel", "color", "enclose", "mathtools", "upgreek", "unicode"];
const tex = new TeX({packages, formatError: (jax, err) => { throw err; }});
const doc = new HTMLDocument("", liteAdaptor(), {InputJax: tex});
const visitor = new SerializedMmlVisitor();

function convert(source, display) {
  tex.parseOptions.tags.reset();  // numbering is Sphinx's, never MathJax's
  const node = doc.convert(source, {display, end: STATE.CONVERT});
  return visitor.visitTree(node, doc);
}

const lines = readline.createInterface({input: process.stdin});
lines.on("line", (line) => {
  let answer;
  try {
    const request = JSON.parse(line);
    answer = {mml: convert(request.tex, Boolean(request.display))};
  } catch (err) {
    answer = {error: String(err && err.message ? err.message : err)};
  }
  process.stdout.write(JSON.stringify(answer) + "\n");
});
void mathjax;
