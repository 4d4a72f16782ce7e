// Dungeon Ball's own drawings on the phones' page: the play board as its 3x3 colours with the
// pawn on its play, and the dice as the icons the device draws, each beside its words. The page
// (app.js) draws a block with "draw": NAME through window.pageDraw[NAME] when a game's script
// gives one; without this script the same blocks read as a grid and a row of dice.
"use strict";

(function () {
  const make = (tag, cls, text) => {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined && text !== null) e.textContent = String(text);
    return e;
  };

  // One icon's pixel art ("#" lit) on a canvas, each pixel `scale` CSS pixels, in `ink`.
  function icon(rows, scale, ink) {
    const w = Math.max(...rows.map((r) => r.length)), h = rows.length;
    const c = make("canvas", "icon");
    c.width = w * scale;
    c.height = h * scale;
    const g = c.getContext("2d");
    g.fillStyle = ink;
    rows.forEach((row, y) => [...row].forEach((ch, x) => { if (ch === "#") g.fillRect(x * scale, y * scale, scale, scale); }));
    return c;
  }

  function playboard(b) {
    const box = make("div", "playboard");
    const grid = make("div", "board3");
    for (const row of b.rows || []) {
      for (const cell of row) {
        const sq = make("div", "square " + (cell.cls || ""));
        sq.title = cell.title || cell.text;
        sq.dataset.cell = cell.text;
        sq.append(make("span", "name", cell.text));
        if (cell.mark) {
          const pawn = make("span", "pawn-token", cell.mark);
          pawn.setAttribute("aria-label", cell.mark + "'s pawn");
          sq.append(pawn);
        }
        grid.append(sq);
      }
    }
    box.append(grid);
    if (b.caption) box.append(make("p", "caption", b.caption));
    const legend = make("ul", "needs");
    for (const [colour, need] of Object.entries(b.needs || {})) {
      if (!need) continue;
      const li = make("li", "");
      li.append(make("span", "swatch " + colour), make("span", "", colour + " play: needs " + need));
      legend.append(li);
    }
    box.append(legend);
    return box;
  }

  function icondice(b) {
    const box = make("div", "dice icondice");
    for (const d of b.dice || []) {
      const die = make("figure", "die " + (d.cls || "") + (d.face ? "" : " empty"));
      die.dataset.face = d.face || "";
      const art = (b.icons || {})[d.face];
      const face = make("div", "face");
      face.append(art ? icon(art, 3, "#f2f2f2") : make("span", "", d.face ? d.face.slice(0, 2) : "?"));
      die.append(face, make("figcaption", "", (d.face || "not rolled") + (d.cls ? " (" + d.cls + ")" : "")));
      box.append(die);
    }
    if (!(b.dice || []).length) box.append(make("span", "hint", "no dice rolled"));
    return box;
  }

  window.pageDraw = Object.assign(window.pageDraw || {}, { playboard, icondice });
})();
