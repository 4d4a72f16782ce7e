// Dungeon Allies on the page: the board drawn area by area (the yellow, blue and red dungeon,
// turn order, treasure, trainer, tavern, prisoners, trade, sorcerer), each space with the dice
// placed on it and the monster this seat may see. A tap on a space says what it needs and
// gives; when this seat is placing, the spaces its die may go on are lit, and "Place" sends (a
// red crystal's look under a monster the same way: the squares it may look under are lit).
// The data is the game's page view ("allies_board" block, page.py): nothing this seat may not
// see ever reaches the page. Texts are set with textContent, never as HTML.
"use strict";

(function () {
  let die = "", lit = "";          // the die chosen to place and the space tapped last

  const STYLE = `
.ab-area { margin: .5rem 0; } .ab-area h3 { font-size: .85rem; margin: 0 0 .25rem; color: var(--dim); text-transform: uppercase; }
.ab-spaces { display: grid; grid-template-columns: repeat(auto-fill, minmax(3.4rem, 1fr)); gap: 4px; }
.ab-space { min-height: 3.4rem; padding: .2rem; border-radius: .4rem; font-size: .78rem; text-align: center;
  background: #262c36; border: 2px solid #3a424f; color: var(--text); line-height: 1.15; width: auto; }
.ab-space b { display: block; font-size: .9rem; }
.ab-mon { display: block; font-size: .7rem; }
.ab-space.yellow, .ab-space.blue, .ab-space.red { border-color: transparent; }
.ab-space.open { border-color: var(--accent); box-shadow: 0 0 0 2px #f0b42966; }
.ab-space.lit { outline: 3px solid #fff; outline-offset: 1px; }
.ab-space.gone { opacity: .3; }
.ab-die { display: inline-block; margin: 1px; padding: 0 .2rem; border-radius: .25rem; background: #111a; color: #fff; font-size: .72rem; }
.ab-die.you { background: var(--you); color: #111; }
.ab-says { min-height: 1.5rem; margin: .5rem 0 0; }
.ab-dice { display: flex; flex-wrap: wrap; gap: .4rem; margin: .25rem 0; }
.ab-dice button { flex: 1 1 7rem; }`;
  // A constructed sheet: the page's policy allows no inline <style>, and these rules are this
  // game's alone.
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(STYLE);
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];

  function node(tag, cls, text) {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined && text !== null) e.textContent = String(text);
    return e;
  }

  // The seat's own placing prompt: {die: {space: action}} ("look": {space: action} for a red
  // crystal's look), or null.
  function placing() {
    const p = typeof state !== "undefined" && state ? state.prompt : null;
    if (!p || !p.mine || (p.kind !== "place" && p.kind !== "peek")) return null;
    const out = {};
    for (const o of p.options || []) {
      const w = o.action.split(" ");
      const [d, sp] = w[1] === "look" ? ["look", w[2]] : [w[2], w[3]];
      (out[d] = out[d] || {})[sp] = o.action;
    }
    return out;
  }

  function dice() {
    const lines = placing();
    if (!lines) return [];
    return Object.keys(lines).filter((d) => d !== "red");
  }

  function chosenDie() {
    const all = dice();
    if (!all.includes(die)) die = all.length ? all[0] : "";       // the first die, as on the device
    return die;
  }

  function redraw() { if (typeof draw === "function") draw(); }

  function board(b) {
    const box = node("div", "ab-board");
    const lines = placing();
    const open = lines && chosenDie() ? lines[die] || {} : {};
    const says = node("p", "ab-says hint", "Tap a space to read what it needs and gives.");
    let action = "", litArea = null;
    for (const area of b.areas || []) {
      const sec = node("div", "ab-area");
      sec.dataset.area = area.name;
      sec.append(node("h3", "", area.name));
      const row = node("div", "ab-spaces");
      for (const sp of area.spaces || []) {
        const cls = ["ab-space", area.cls, open[sp.id] ? "open" : "", sp.gone ? "gone" : "", sp.id === lit ? "lit" : ""];
        const btn = node("button", cls.filter(Boolean).join(" "));
        btn.type = "button";
        btn.dataset.space = sp.id;
        btn.append(node("b", "", sp.short));
        if (sp.monster) btn.append(node("span", "ab-mon", sp.monster + (sp.seen ? " (seen)" : "")));
        for (const d of sp.dice || []) btn.append(node("span", "ab-die" + (d.you ? " you" : ""), d.seat + " " + d.die));
        btn.onclick = () => { lit = sp.id; redraw(); };
        if (sp.id === lit) {
          says.textContent = (sp.says_die || {})[die] || sp.says;
          says.className = "ab-says";
          action = open[sp.id] || "";
          litArea = sec;
        }
        row.append(btn);
      }
      sec.append(row);
      box.append(sec);
    }
    // What the tapped space needs and gives, and Place, right under its area.
    const under = litArea || box;
    under.append(says);
    if (action) {
      const where = (findSpace(b, lit) || {}).name;
      const go = node("button", "big send", die === "look" ? "Look under " + where : "Place " + die + " on " + where);
      go.dataset.action = action;
      go.onclick = () => { lit = ""; act(action); };
      under.append(go);
    }
    if ((b.seen || []).length) box.append(node("p", "hint", "Monsters only you have seen: " + b.seen.join("; ")));
    return box;
  }

  function findSpace(b, id) {
    for (const a of b.areas || []) for (const sp of a.spaces || []) if (sp.id === id) return sp;
    return null;
  }

  // The placing prompt's own control: the dice to choose from, then the board does the rest.
  function control(p) {
    if (!p.mine || !["place", "peek"].includes(p.kind) || !(state.blocks || []).some((b) => b.kind === "allies_board")) {
      return null;
    }
    if (p.kind === "peek") return node("p", "hint", "Tap a lit monster on the board, then Look.");
    const lines = placing();
    const box = node("div", "ab-control");
    const all = dice();
    chosenDie();
    const board = (state.blocks || []).find((b) => b.kind === "allies_board") || {};
    const pick = node("div", "ab-dice");
    for (const d of all) {
      const b = node("button", d === die ? "on" : "", d + " " + ((board.allies || {})[d] || ""));
      b.type = "button";
      b.dataset.die = d;
      b.onclick = () => { die = d; redraw(); };
      pick.append(b);
    }
    if (all.length > 1) box.append(node("p", "hint", "Which die?"), pick);
    box.append(node("p", "hint", "Tap a lit space on the board, then Place."));
    const extra = node("div", "ab-dice");
    for (const o of p.options) {
      const w = o.action.split(" ");
      if (w[2] === "red" || w[3] === "pass") {
        const b = node("button", "", o.label);
        b.dataset.action = o.action;
        b.onclick = () => act(o.action);
        extra.append(b);
      }
    }
    if (extra.childNodes.length) box.append(extra);
    if (lines && !Object.keys(lines).length) return null;
    return box;
  }

  window.pageDraw = Object.assign(window.pageDraw || {}, { allies_board: board });
  window.pageControls = (window.pageControls || []).concat([control]);
})();
