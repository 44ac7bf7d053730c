// PurgeCSS over the built site (tools/book/lean_assets.py): reads a JSON request
// {css, content, safelist} on stdin, writes the purged stylesheet to stdout.
import { PurgeCSS } from "purgecss";

let input = "";
for await (const chunk of process.stdin) input += chunk;
const request = JSON.parse(input);
const [result] = await new PurgeCSS().purge({
  content: request.content,
  css: [{ raw: request.css }],
  fontFace: true,
  keyframes: true,
  variables: false,
  safelist: {
    standard: request.safelist.standard.map((s) => new RegExp(s)),
    greedy: request.safelist.greedy.map((s) => new RegExp(s)),
  },
});
process.stdout.write(result.css);
