// The cutec playground: every answer is the output of cutec's own command
// line, compiled to WebAssembly (cmd/cutec/web_js.go gives the page
// cutec(args, stdin) -> {stdout, stderr, status}). The page's state is its
// URL: ?e=EXPR (the expression), &elem=ELEM&atom=ATOM&suggest=1 (banks),
// &f=TEXT (the .cute editor), &view=drawing (the drawing alone).
"use strict";

const $ = (id) => document.getElementById(id);

// marks holds the times the page records (mark), put on the body as
// data-NAME-ms once the body exists (read by web/measure.sh).
const marks = {};

// mark records the time since the navigation started.
function mark(name) {
  marks[name + "Ms"] = performance.now().toFixed(1);
  if (document.body) Object.assign(document.body.dataset, marks);
}

function loadScript(src) {
  return new Promise((resolve, reject) => {
    const s = document.createElement("script");
    s.src = src;
    s.onload = resolve;
    s.onerror = () => reject(new Error("cannot load " + src));
    document.head.appendChild(s);
  });
}

// embeddedWasm returns the module as a Response decoded from cutec-wasm.js
// (the page opened from disk: file:// cannot fetch in Chromium), the base64
// of its gzip, decompressed as it is compiled. The browser decodes the
// base64 (Uint8Array.fromBase64) where it can: a loop over 4 MB of
// characters takes hundreds of milliseconds.
async function embeddedWasm() {
  await loadScript("cutec-wasm.js");
  const text = window.CUTEC_WASM_GZIP_BASE64;
  delete window.CUTEC_WASM_GZIP_BASE64;
  let b;
  if (typeof Uint8Array.fromBase64 === "function") {
    b = Uint8Array.fromBase64(text);
  } else {
    const s = atob(text);
    b = new Uint8Array(s.length);
    for (let i = 0; i < s.length; i++) b[i] = s.charCodeAt(i);
  }
  const wasm = new Blob([b]).stream().pipeThrough(new DecompressionStream("gzip"));
  return new Response(wasm, { headers: { "Content-Type": "application/wasm" } });
}

// start loads, compiles and starts the module; main calls it as soon as
// the script runs, before the rest of the page is parsed.
async function start() {
  const go = new Go();
  let instance;
  if (location.protocol !== "file:") {
    try { // compiles while it downloads
      instance = (await WebAssembly.instantiateStreaming(fetch("cutec.wasm"), go.importObject)).instance;
    } catch (e) { /* a server without application/wasm: the embedded copy */ }
  }
  if (!instance) {
    const wasm = await embeddedWasm();
    mark("bytes");
    instance = (await WebAssembly.instantiateStreaming(wasm, go.importObject)).instance;
  }
  mark("compiled");
  go.run(instance); // runs main until it waits: window.cutec is set
  if (typeof window.cutec !== "function") throw new Error("cutec.wasm did not start");
}

function run(...args) { return window.cutec(args, ""); }

// drawHTML puts the drawing of a "cutec show -format html" page into el:
// a layout's table with its style, or the pictures of a tiled MMA or copy
// (their page's style, which sets the body's font, is left out).
function drawHTML(el, page) {
  const doc = new DOMParser().parseFromString(page, "text/html");
  if (doc.querySelector("table")) el.replaceChildren(...doc.querySelectorAll("style, table"));
  else el.replaceChildren(...doc.body.childNodes);
}

function drawSVG(el, svg) {
  el.replaceChildren();
  if (svg.startsWith("<svg")) el.innerHTML = svg;
}

function updateExpr() {
  updateResult();
  updateRest();
}

function updateResult() {
  const e = $("expr").value;
  $("result").textContent = e.trim() === "" ? "" : run("eval", "--", e).stdout;
}

// updateRest updates all but the result.
function updateRest() {
  const e = $("expr").value;
  if (e.trim() === "") {
    $("explain").textContent = "";
    $("diagnostics").textContent = "";
    $("drawing").replaceChildren();
    updateBanks();
    return;
  }
  $("explain").textContent = run("eval", "-explain", "--", e).stdout;
  $("diagnostics").textContent = run("verify", "--", e).stdout;
  const show = run("show", "-format", "html", "--", e);
  if (show.status === 0) drawHTML($("drawing"), show.stdout);
  else $("drawing").replaceChildren();
  updateBanks();
}

function updateBanks() {
  const e = $("expr").value, elem = $("elem").value.trim(), atom = $("atom").value.trim();
  if (e.trim() === "" || elem === "" || atom === "") {
    $("banks-text").textContent = "";
    $("banks").replaceChildren();
    return;
  }
  const flags = $("suggest").checked ? ["-suggest"] : [];
  const text = run("banks", ...flags, "--", e, elem, atom);
  $("banks-text").textContent = text.stdout + text.stderr;
  const svg = run("banks", "-format", "svg", "--", e, elem, atom);
  drawSVG($("banks"), svg.stdout); // exit 1 when there are conflicts: drawn too
}

function updateLint() {
  const r = window.cutec(["lint"], $("source").value);
  $("lint").textContent = r.stdout + r.stderr || "no findings";
}

// The URL holds the state, so that a link opens what a person sees.
function saveURL() {
  const p = new URLSearchParams();
  p.set("e", $("expr").value);
  for (const id of ["elem", "atom"]) if ($(id).value) p.set(id, $(id).value);
  if ($("suggest").checked) p.set("suggest", "1");
  if ($("source").value !== $("source").defaultValue) p.set("f", $("source").value);
  if (document.body.classList.contains("only-drawing")) p.set("view", "drawing");
  const url = "?" + p.toString();
  $("share").href = url;
  try { history.replaceState(null, "", url); } catch (e) { /* file:// in some browsers */ }
}

function loadURL() {
  const p = new URLSearchParams(location.search);
  if (p.has("e")) $("expr").value = p.get("e");
  for (const id of ["elem", "atom"]) if (p.has(id)) $(id).value = p.get(id);
  $("suggest").checked = p.get("suggest") === "1";
  if (p.has("f")) $("source").value = p.get("f");
  // view=drawing shows the drawing alone, to embed or to screenshot.
  if (p.get("view") === "drawing") document.body.classList.add("only-drawing");
}

// timed runs f and records how long it took in the body's data-NAME-ms
// (read by web/measure.py).
function timed(name, f) {
  const s = performance.now();
  f();
  document.body.dataset[name + "Ms"] = (performance.now() - s).toFixed(1);
}

function debounced(f, ms) {
  let timer = 0;
  return () => { clearTimeout(timer); timer = setTimeout(f, ms); };
}

// domReady resolves once the page's elements exist.
function domReady() {
  if (document.readyState !== "loading") return Promise.resolve();
  return new Promise((resolve) => document.addEventListener("DOMContentLoaded", resolve, { once: true }));
}

async function main() {
  const module = start(); // the module loads while the page is parsed
  module.catch(() => {}); // reported below, once the page exists
  await domReady();
  Object.assign(document.body.dataset, marks);
  loadURL();
  try {
    await module;
  } catch (err) {
    document.body.dataset.state = "error";
    $("status").textContent = "cutec.wasm failed to load: " + err.message;
    return;
  }
  mark("load");
  updateResult();
  mark("firstResult");
  // The result is on screen first; the rest follows in the next task.
  await new Promise((resolve) => setTimeout(resolve, 0));
  timed("update", updateRest);
  timed("lint", updateLint);
  saveURL();
  mark("ready");
  document.body.dataset.state = "ready";
  $("status").textContent = "ready: first result " + marks.firstResultMs + " ms after opening";
  // A keystroke's result (the eval line, the fast one) and the address bar
  // follow at once; the derivation, the diagnostics, the drawing and the banks follow
  // 40 ms after the last keystroke, the editor's lint 120 ms after.
  const rest = debounced(() => timed("update", updateRest), 40);
  const onExpr = () => { updateResult(); saveURL(); rest(); };
  const onBanks = debounced(() => { timed("update", updateBanks); saveURL(); }, 40);
  const onLint = debounced(() => { timed("lint", updateLint); saveURL(); }, 120);
  $("expr").addEventListener("input", onExpr);
  for (const id of ["elem", "atom", "suggest"]) $(id).addEventListener("input", onBanks);
  $("source").addEventListener("input", onLint);
}

main();
