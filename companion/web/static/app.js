// Dungeon Companion's page: one socket to the device, a state message redraws the page.
// Every text is set with textContent (never as HTML). The seat's token lives in this
// browser (localStorage), so a reload or a lost connection rejoins the seat.
"use strict";

const $ = (id) => document.getElementById(id);
const KEY = "dungeon-companion-token";
let sock = null, state = null, backoff = 500, claim = null, toastTimer = 0;

function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined && text !== null) e.textContent = String(text);
  return e;
}

function send(msg) {
  if (sock && sock.readyState === WebSocket.OPEN) { sock.send(JSON.stringify(msg)); return true; }
  toast("not connected: wait a moment", true);
  return false;
}

function toast(text, bad, ms) {
  const t = $("toast");
  t.textContent = text;
  t.className = bad ? "bad" : "";
  t.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => { t.hidden = true; }, ms || 4000);
}

// A seat's QR code opens /J/P2/4821: claim that seat with that code once connected.
(function readJoinLink() {
  const m = location.pathname.match(/^\/J\/(P\d+)\/(\d+)$/i);
  if (m) {
    claim = { seat: m[1].toLowerCase(), code: m[2] };
    history.replaceState(null, "", "/");
  }
})();

function connect() {
  const scheme = location.protocol === "https:" ? "wss://" : "ws://";
  sock = new WebSocket(scheme + location.host + "/ws");
  sock.onopen = () => {
    backoff = 500;
    link(true);
    send({ t: "hello", token: localStorage.getItem(KEY) || null });
  };
  sock.onmessage = (ev) => {
    let msg;
    try { msg = JSON.parse(ev.data); } catch (e) { return; }
    receive(msg);
  };
  sock.onclose = (ev) => {
    link(false, ev.reason);
    setTimeout(connect, backoff);
    backoff = Math.min(backoff * 2, 5000);
  };
}

function link(up, why) {
  const b = $("link");
  b.textContent = up ? "live" : (why ? "offline: " + why : "reconnecting");
  b.className = up ? "badge live" : "badge";
}

function receive(msg) {
  if (msg.t === "state") { state = msg; draw(); return; }
  if (msg.t === "welcome") {
    if (msg.forgotten) {
      // The device restarted (or a new game began) and no longer knows this phone's seat.
      localStorage.removeItem(KEY);
      if (!claim) toast("Your seat was let go (the device restarted or a new game began): " +
                        "take it again with its code (on the device: Game menu, Phones: join)", true, 15000);
    }
    if (claim) { send({ t: "claim", seat: claim.seat, code: claim.code }); claim = null; }
  } else if (msg.t === "token") {
    localStorage.setItem(KEY, msg.token);
    toast("You sit as " + msg.seat.toUpperCase());
  } else if (msg.t === "released") {
    localStorage.removeItem(KEY);
    toast(msg.text, true);
  } else if (msg.t === "hint") {
    showHint(msg);
  } else if (msg.t === "wait") {
    toast(msg.text);
  } else if (msg.t === "error") {
    toast(msg.text, true);
    unlock();
  }
}

// ------------------------------------------------------------------ drawing
function draw() {
  const s = state;
  $("title").textContent = s.game ? s.game.title : "Dungeon Companion";
  const result = $("result");
  result.hidden = !s.result;
  result.textContent = s.result ? "Game over: " + s.result : "";
  drawSeats(s);
  const asking = $("asking");
  asking.hidden = !s.asking;
  asking.textContent = s.asking ? "The device asks: " + s.asking : "";
  drawPrompt(s);
  const blocks = $("blocks");
  blocks.replaceChildren(...(s.idle ? [idleBlock(s.idle)] : s.blocks.map(block)));
  const log = $("log");
  log.replaceChildren(...(s.log.length ? s.log.map((line) => el("li", "", line)) : [el("li", "hint", "nothing yet")]));
  log.scrollTop = log.scrollHeight;
  drawMe(s);
}

function idleBlock(idle) {
  const b = el("section", "block");
  b.append(el("h2", "", idle.title), el("p", "", idle.text));
  return b;
}

function drawSeats(s) {
  $("seats").replaceChildren(...s.seats.map((seat) => {
    const li = el("li", (seat.turn ? "turn " : "") + (seat.you ? "you" : ""));
    li.dataset.seat = seat.id;
    li.append(el("span", "", seat.label + (seat.you ? " (you)" : "")), el("span", "score", seat.score));
    const tags = [seat.computer ? "computer" : seat.held ? "on a phone" : "", seat.turn ? "to play" : ""];
    li.append(el("span", "tag", tags.filter(Boolean).join(", ")));
    return li;
  }));
}

function drawPrompt(s) {
  locked = false;
  const box = $("prompt");
  const p = s.prompt;
  box.className = "prompt" + (p && p.mine ? " mine" : "");
  box.hidden = !p;
  if (!p) { box.replaceChildren(); return; }
  const parts = [el("h2", "", p.mine ? "Your decision" + (p.private ? " (secret)" : "") : "Now"), el("p", "", p.text)];
  if (p.mine) parts.push(controls(p), hintButton());
  if (p.mine && p.choice && p.choice.why_not) parts.push(whyNot(p, p.choice.why_not));
  box.replaceChildren(...parts);
}

// The odds of this seat's options, asked of the device (companion/odds/hint.py); the panel
// goes with the next state, which redraws the prompt.
function hintButton() {
  const b = el("button", "hint-ask", "Hint");
  b.type = "button";
  b.onclick = () => send({ t: "hint" });
  return b;
}
function showHint(h) {
  const panel = el("div", "hint-panel");
  panel.id = "hint";
  const rows = h.options.map((o) => el("li", o.action === h.best ? "best" : "", o.label + ": " + o.shown));
  panel.append(el("h3", "", "Hint"), el("p", "hint", h.options[0].what), el("ol", "", ""),
               el("p", "", "Best: " + h.best.replace(h.seat + " ", "") + ", " + h.why),
               el("p", "hint", (h.exact ? "exact" : h.samples + " games sampled") + (h.more ? "; " + h.more + " more options" : "")));
  panel.querySelector("ol").replaceChildren(...rows);
  const old = $("hint");
  if (old) old.remove();
  $("prompt").append(panel);
}

// A decision sent: its buttons wait for the device's answer (the next state, or an error), so
// a second tap cannot send it again or answer the next question unseen.
let locked = false, lockTimer = 0;
function act(line) {
  if (!send({ t: "act", action: line })) return;
  for (const b of $("prompt").querySelectorAll("button, input")) b.disabled = true;
  locked = true;
  clearTimeout(lockTimer);
  lockTimer = setTimeout(unlock, 4000);
}
function unlock() {
  clearTimeout(lockTimer);
  if (locked && state) drawPrompt(state);
}

function controls(p) {
  for (const own of window.pageControls || []) {    // a game's own control (its script, loaded beside this one)
    const made = own(p);
    if (made) return made;
  }
  const c = p.choice || {};
  if (c.number) return numberControl(p, c.number);
  if (c.multi) return multiControl(p, c.multi);
  if (c.words && !(p.options && p.options.length)) return wordsControl(p, c);
  if (c.free) return freeControl(p);
  if ((p.options || []).length > STEP_AT) return stepControl(p);
  const list = el("div", "options");
  for (const o of p.options || []) {
    const b = el("button", "", o.label);  // the game's words already ("give Brick a ball")
    if (o.note) b.append(el("small", "", o.note));  // what the choice costs and does
    b.type = "button";
    b.dataset.action = o.action;
    b.onclick = () => confirmThen(b, o.confirm, () => act(o.action));
    list.append(b);
  }
  return list;
}

// A choice that ends the game (a concession) asks a second tap: the first says what it does.
// What cannot be chosen now, and why (a card in hand with no legal play).
function whyNot(p, reasons) {
  const box = el("div", "why-not");
  const words = Object.keys(reasons);
  if (!words.length) return box;
  box.append(el("p", "hint", "Cannot play now:"));
  const ul = el("ul");
  for (const w of words) ul.append(el("li", "", say(p, w) + ": " + reasons[w]));
  box.append(ul);
  return box;
}

function confirmThen(button, confirm, go) {
  if (!confirm || button.classList.contains("confirm")) { go(); return; }
  const was = button.textContent;
  button.classList.add("confirm");
  button.textContent = confirm;
  setTimeout(() => { button.classList.remove("confirm"); button.textContent = was; }, 5000);
}

const STEP_AT = 10;       // more options than this: chosen word by word
function say(p, word) { return (p.names && p.names[word]) || word; }

function stepControl(p) {
  // Many legal lines: pick the first word, then the next, each step offering only the words
  // that lead to a legal line; Send when the words make one.
  // Words every line begins with are said once, not tapped ("place" in "place d4 y4").
  // The steps are the action's own words (each said by its name); Send says the whole line
  // in the game's words, as the device's list does.
  let lines = p.options.map((o) => ({ action: o.action, words: o.action.split(" ").slice(1) }));
  const shortest = Math.min(...lines.map((o) => o.words.length));
  let same = 0;
  while (same < shortest - 1 && lines.every((o) => o.words[same] === lines[0].words[same])) same++;
  const lead = lines[0].words.slice(0, same);
  lines = lines.map((o) => ({ action: o.action, words: o.words.slice(same) }));
  const fit = (chosen) => lines.filter((o) => chosen.every((w, i) => o.words[i] === w));
  return wordChooser(p, lead,
    (chosen) => [...new Set(fit(chosen).filter((o) => o.words.length > chosen.length).map((o) => o.words[chosen.length]))],
    (chosen) => (fit(chosen).find((o) => o.words.length === chosen.length) || {}).action);
}

function wordChooser(p, lead, next, line) {
  // Word by word after the lead words: next(chosen) lists the words that may follow,
  // line(chosen) is the action line the words make so far (or nothing yet).
  const chosen = [];
  const box = el("div", "options step");
  const redraw = () => {
    const so = [...lead, ...chosen].map((w) => say(p, w)).join(" ");
    const parts = [el("p", "hint", so ? "So far: " + so : "Choose:")];
    const whole = line(chosen);
    if (whole) {
      const said = (p.options || []).find((o) => o.action === whole);
      const go = el("button", "big send", "Send: " + ((said && said.label) || so));
      go.dataset.action = whole;
      go.onclick = () => confirmThen(go, said && said.confirm, () => act(whole));
      parts.push(go);
    }
    const pick = el("div", "pick");
    for (const w of next(chosen)) {
      const b = el("button", "", say(p, w));
      b.dataset.word = w;
      b.onclick = () => { chosen.push(w); redraw(); };
      pick.append(b);
    }
    parts.push(pick);
    if (chosen.length) {
      const back = el("button", "", "Back");
      back.onclick = () => { chosen.pop(); redraw(); };
      parts.push(back);
    }
    box.replaceChildren(...parts);
  };
  redraw();
  return box;
}

function joinLine(parts) { return parts.filter((w) => w !== "" && w !== null && w !== undefined).join(" "); }

function freeControl(p) {
  // Too many choices for buttons: the action line typed, checked by the device's rules.
  const form = el("form", "options");
  const input = el("input");
  input.value = p.actor + " ";
  input.maxLength = 200;
  input.setAttribute("aria-label", "your action");
  const go = el("button", "big", "Send");
  go.type = "submit";
  form.onsubmit = (ev) => { ev.preventDefault(); act(input.value.trim()); };
  form.append(input, go);
  return form;
}

function numberControl(p, spec) {
  let value = spec.default !== undefined ? spec.default : spec.min;
  const out = el("output", "", value);
  const wrap = el("div", "number");
  const step = (d) => () => { value = Math.max(spec.min, Math.min(spec.max, value + d)); out.textContent = value; };
  const minus5 = el("button", "", "-5"), minus = el("button", "", "-1"), plus = el("button", "", "+1"), plus5 = el("button", "", "+5");
  minus5.onclick = step(-5); minus.onclick = step(-1); plus.onclick = step(1); plus5.onclick = step(5);
  wrap.append(minus5, minus, out, plus, plus5);
  const go = el("button", "big send", "Send");
  go.onclick = () => act(joinLine([p.actor, spec.verb, String(value)]));
  const box = el("div");
  box.append(wrap, go);
  return box;
}

function multiControl(p, spec) {
  const chosen = new Set();
  const labels = spec.labels || spec.items.map((w) => say(p, w));
  const box = el("div", "options");
  const go = el("button", "big send", "");
  const least = spec.min || 0, most = spec.max === undefined ? spec.items.length : spec.max;
  const update = () => {
    // A Send that cannot go says what it waits for, not just greyed out.
    const n = chosen.size;
    go.disabled = n < least || n > most;
    if (n === 0 && spec.none) go.textContent = "Send: " + (spec.none_label || say(p, spec.none));
    else if (n < least) go.textContent = "Pick " + (least - n) + " more (" + n + " of " + least + ")";
    else if (n > most) go.textContent = "Too many: pick at most " + most;
    else go.textContent = "Send (" + n + ")";
  };
  spec.items.forEach((item, i) => {
    const b = el("button", "", labels[i]);
    b.setAttribute("aria-pressed", "false");
    b.onclick = () => {
      if (chosen.has(i)) chosen.delete(i); else chosen.add(i);
      b.className = chosen.has(i) ? "on" : "";
      b.setAttribute("aria-pressed", String(chosen.has(i)));
      update();
    };
    box.append(b);
  });
  go.onclick = () => {
    const picked = [...chosen].sort((a, b) => a - b).map((i) => spec.items[i]);
    act(picked.length === 0 && spec.none ? joinLine([p.actor, spec.none]) : joinLine([p.actor, spec.verb, ...picked]));
  };
  update();
  box.append(go);
  return box;
}

function wordsControl(p, c) {
  // The game's word steps: any word of each step, the line sent once every step is chosen.
  return wordChooser(p, [], (chosen) => c.words[chosen.length] || [],
    (chosen) => (chosen.length === c.words.length ? joinLine([p.actor, c.verb, ...chosen]) : ""));
}

// ------------------------------------------------------------------ blocks
function block(b) {
  const sec = el("section", "block" + (b.you ? " you" : "") + (b.private ? " private" : ""));
  sec.dataset.kind = b.kind;
  if (b.title) sec.append(el("h2", "", b.title));
  // a game's script draws its own blocks: static/<game>.js sets window.pageDraw[name], and a block
  // names it as "draw" (its kind is then how it reads without the script) or by its kind
  const own = window.pageDraw || {};
  const draw = own[b.draw] || own[b.kind] || { facts, cards, rows, track, grid, dice, tree }[b.kind] || tree;
  sec.append(draw(b));
  return sec;
}

function facts(b) {
  const dl = el("dl");
  for (const [k, v] of b.rows || []) dl.append(el("dt", "", k), el("dd", "", v));
  return dl;
}

// A private hand remembered between states: a card that came into it is marked "just drawn".
let heldBefore = { key: "", items: null };
function cards(b) {
  const box = el("div", "chips");
  const texts = (b.items || []).map((i) => i.text);
  let fresh = [];
  if (b.private && b.title) {
    const key = (state && state.game ? state.game.id : "") + "|" + (state && state.seat) + "|" + b.title;
    if (heldBefore.key === key && heldBefore.items) {
      const left = [...heldBefore.items];
      fresh = texts.map((t) => { const i = left.indexOf(t); if (i >= 0) { left.splice(i, 1); return false; } return true; });
      if (fresh.filter(Boolean).length > 1 || texts.length <= heldBefore.items.length) fresh = [];   // one card drawn
    }
    heldBefore = { key, items: texts };
  }
  (b.items || []).forEach((item, i) => {
    const c = el("span", "chip " + (item.cls || "") + (fresh[i] ? " new" : ""), item.text);
    if (fresh[i]) c.append(el("small", "new", "just drawn"));
    if (item.sub) c.append(el("small", "", item.sub));
    box.append(c);
  });
  if (!(b.items || []).length) box.append(el("span", "hint", "none"));
  return box;
}

function rows(b) {
  // Labelled lines of chips: a court's zones, a dug-out's boxes.
  const box = el("div", "rows");
  for (const r of b.rows || []) {
    const line = el("div", "line " + (r.cls || ""));
    const head = el("div", "label", r.label);
    if (r.sub) head.append(el("small", "", r.sub));
    line.append(head, cards({ items: r.items }));
    box.append(line);
  }
  return box;
}

function track(b) {
  const row = el("div", "track");
  const marks = {};
  for (const m of b.marks || []) (marks[m.at] = marks[m.at] || []).push(m);
  (b.cells || []).forEach((cell, i) => {
    const extra = (marks[i] || []).map((m) => m.cls || "mark").join(" ");
    const c = el("div", "cell " + (cell.cls || "") + " " + extra, (marks[i] || []).map((m) => m.text).filter(Boolean).join(" ") || cell.text);
    c.title = cell.title || "";
    row.append(c);
  });
  return row;
}

function grid(b) {
  const table = el("table", "grid" + (b.fit ? " fit" : ""));
  for (const r of b.rows || []) {
    const tr = el("tr");
    for (const cell of r) {
      const td = el("td", (cell.cls || "") + (cell.mark ? " pawn" : ""), cell.mark || cell.text);
      if (cell.title) td.title = cell.title;
      tr.append(td);
    }
    table.append(tr);
  }
  return table;
}

function dice(b) {
  const box = el("div", "dice");
  for (const d of b.dice || []) box.append(el("div", "die " + (d.cls || "") + (d.face ? "" : " empty"), d.face || "-"));
  if (!(b.dice || []).length) box.append(el("span", "hint", "no dice rolled"));
  return box;
}

function tree(b) {
  const build = (v) => {
    if (v === null || typeof v !== "object") return el("span", "", v === null ? "-" : v);
    const ul = el("ul", "tree");
    for (const [k, x] of Object.entries(v)) {
      const li = el("li", "", Array.isArray(v) ? "" : k.replace(/_/g, " ") + ": ");
      li.append(build(x));
      ul.append(li);
    }
    return ul;
  };
  return build(b.data);
}

// ------------------------------------------------------------------ the seat
function drawMe(s) {
  const seated = !!s.seat;
  $("me-title").textContent = seated ? "You are " + s.seat.toUpperCase() : "Watching";
  $("claim").hidden = seated || !s.seats.length;
  $("seated").hidden = !seated;
  $("ask-correct").hidden = !s.dice;     // only once the table has rolled dice the device can correct
  $("ask-undo").disabled = !!s.undo;     // undo only when it can be done; else its reason shows
  $("ask-undo").title = s.undo || "";
  $("ask-undo").textContent = s.undo ? "Undo: not now (" + s.undo + ")" : "Ask to undo";
  const select = $("claim-seat");
  const current = select.value;
  select.replaceChildren(...s.seats.filter((x) => !x.computer).map((x) => {
    const o = el("option", "", x.label + (x.held ? " (on a phone)" : ""));
    o.value = x.id;
    return o;
  }));
  if (current) select.value = current;
}

function wire() {
  $("claim").onsubmit = (ev) => {
    ev.preventDefault();
    send({ t: "claim", seat: $("claim-seat").value, code: $("claim-code").value.trim() });
    $("claim-code").value = "";
  };
  $("leave").onclick = () => send({ t: "leave", token: localStorage.getItem(KEY) });
  $("ask-undo").onclick = () => send({ t: "undo" });
  $("ask-correct").onclick = () => send({ t: "correct" });
}

wire();
connect();
