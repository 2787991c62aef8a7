/* The HTML replay's script (ena_rules/replay_html.py inlines it): steps through the record.
   All text from the log is set with textContent, never parsed as markup. */
(function () {
  "use strict";
  var data = JSON.parse(document.getElementById("replay-data").textContent);
  var steps = data.steps;
  var idx = 0;
  var OUTCOME = {
    accepted: "✓ accepted", penalised: "! penalised", rejected: "✗ rejected",
    agrees: "✓ the claim agrees", disagrees: "✗ the claim disagrees",
    problem: "✗ unusable line", undetermined: "? undetermined (the record does not show it)"
  };
  function outcomeWords(b) { return OUTCOME[b] || b; }  /* an outcome this page does not know */

  function $(id) { return document.getElementById(id); }
  function setText(id, value) { $(id).textContent = value === null || value === undefined ? "" : String(value); }
  function clear(el) { while (el.firstChild) { el.removeChild(el.firstChild); } return el; }
  function make(tag, text, cls) {
    var el = document.createElement(tag);
    if (text !== undefined && text !== null) { el.textContent = String(text); }
    if (cls) { el.className = cls; }
    return el;
  }
  function show(id, on) { $(id).hidden = !on; }

  function cardEl(code) {
    var svg = $("card-tpl").content.firstElementChild.cloneNode(true);
    var known = code !== null && Object.prototype.hasOwnProperty.call(data.symbols, code);
    svg.querySelector("use").setAttribute("href", "#" + (known ? data.symbols[code] : data.back));
    svg.setAttribute("aria-label", code === null ? "face-down card" : (data.labels[code] || code));
    return svg;
  }
  function backEl(code) {  /* FLIP2-SIGHT: a card held away from the viewer, its other side seen */
    var svg = cardEl(code);
    svg.setAttribute("aria-label", "other side seen: " + (data.labels[code] || code));
    svg.setAttribute("class", svg.getAttribute("class") + " seen-back");
    return svg;
  }
  function cardList(codes, label, backs) {
    var ul = make("ul", null, "cards");
    ul.setAttribute("aria-label", label);
    codes.forEach(function (c, i) {
      var li = make("li");
      li.appendChild(c === null && backs && backs[i] ? backEl(backs[i]) : cardEl(c));
      ul.appendChild(li);
    });
    return ul;
  }
  function lineLink(line, text) {
    var a = make("a", text);
    a.href = "#line=" + line;
    return a;
  }

  function stepOfLine(n) {
    var best = 0;
    for (var i = 0; i < steps.length; i++) { if (steps[i].line <= n) { best = i; } }
    return best;
  }

  function badge(s) {
    if (s.kind === "problem") { return "problem"; }
    if (s.kind === "claim") { return s.agrees ? "agrees" : "disagrees"; }
    return s.outcome || "accepted";
  }

  function renderLine(s) {
    setText("s-line", s.line);
    show("s-flag", s.first);
    setText("s-what", s.what);
    setText("s-raw", s.raw);
    var b = badge(s);
    var el = $("s-outcome");
    el.textContent = outcomeWords(b);
    el.className = "badge " + b;
    var clauses = clear($("s-clause"));
    if (s.cited.length) {
      var ul = make("ul");
      s.cited.forEach(function (c) {
        var li = make("li");
        var words = data.clauses[c];
        li.appendChild(make("code", c));
        li.appendChild(document.createTextNode(words ? ": " + words : ""));
        ul.appendChild(li);
      });
      clauses.appendChild(ul);
    } else {
      clauses.textContent = s.kind === "problem" ? "none: the line could not be judged" : "none";
    }
    setText("s-key", s.key || "");
    show("s-key-row", !!s.key);
    setText("s-message", s.message || "");
    setText("s-rules", s.rules || "");
    show("s-rules-row", !!s.rules && s.kind !== "claim");
    var since = clear($("s-since"));
    show("s-since-row", s.since !== undefined && s.since !== null);
    if (s.since === s.line) {
      since.textContent = "this line is where the record first leaves the rules";
    } else if (s.since !== undefined && s.since !== null) {
      since.appendChild(document.createTextNode("a wrong state, from "));
      since.appendChild(lineLink(s.since, "line " + s.since));
    }
  }

  function renderTable(s) {
    var t = s.table;
    var changed = s.kind === "problem" ? " (unchanged: the line is unusable)"
      : (s.outcome === "rejected" ? " (unchanged: the line was rejected)" : "");
    setText("table-h", t ? "The table after line " + s.line + changed : "No table");
    show("t-body", !!t);
    setText("t-none", t ? "" : "No game could start: the header is unusable (see the findings).");
    if (!t) { return; }
    setText("t-status", t.status);
    var top = clear($("t-top"));
    if (t.top !== null) { top.appendChild(cardEl(t.top)); }
    setText("t-top-word", t.top === null ? "none yet" : data.labels[t.top] + " (" + t.top + ")");
    setText("t-color", t.color || "none");
    setText("t-direction", t.direction);
    setText("t-pile", t.draw_pile + " cards");
    if (t.pile_back) { $("t-pile").appendChild(backEl(t.pile_back)); }  // FLIP2-SIGHT: its top's other side
    setText("t-side", t.side ? t.side + " side" : "");  // a two-sided deck (UNO Flip)
    show("t-side-h", !!t.side);
    show("t-side", !!t.side);
    setText("t-round", t.phase === "over" ? "game over" : (t.phase === "deal" ? t.rounds_done + " finished" : String(t.rounds_done + 1)));
    var win = clear($("t-windows"));
    if (!t.windows.length) { win.appendChild(make("li", "none", "muted")); }
    t.windows.forEach(function (w) { win.appendChild(make("li", w)); });
    var seats = clear($("t-seats"));
    t.seats.forEach(function (p) {
      var sec = make("section", null, "seat" + (p.due ? " due" : ""));
      var marks = [];
      if (p.due) { marks.push("due"); }
      if (p.dealer) { marks.push("dealer"); }
      if (p.catchable) { marks.push("may be caught: one card, no UNO call"); }
      var h = make("h3", (p.due ? "▶ " : "") + p.name + " — " + p.count + (p.count === 1 ? " card" : " cards"));
      sec.appendChild(h);
      if (marks.length) { sec.appendChild(make("p", marks.join("; "), "muted")); }
      var hidden = p.cards.filter(function (c) { return c === null; }).length;
      var turned = p.backs ? ", their other sides seen" : "";
      var label = p.name + "'s hand: " + p.count + " cards" + (hidden ? ", " + hidden + " face down" + turned : "");
      sec.appendChild(cardList(p.cards, label, p.backs));
      seats.appendChild(sec);
    });
    if (t.shown) {
      var sh = make("section", null, "seat");
      sh.appendChild(make("h3", t.shown.owner + "'s hand, shown to " + (t.viewer || "the challenger")));
      sh.appendChild(cardList(t.shown.cards, t.shown.owner + "'s shown hand"));
      seats.appendChild(sh);
    }
    var body = clear($("t-scores").querySelector("tbody"));
    var last = {};
    if (t.last_round) { t.last_round.points.forEach(function (p) { last[p[0]] = p[1]; }); }
    setText("t-last", t.last_round ? "last round won by " + t.last_round.winner : "no round finished yet");
    var open = t.open_points || [];  // a table record: points that count cards nobody saw
    t.scores.forEach(function (p) {
      var tr = make("tr");
      var unseen = open.indexOf(p[0]) >= 0 ? " + ?" : "";
      tr.appendChild(make("th", p[0]));
      tr.appendChild(make("td", p[1] + unseen, "n"));
      tr.appendChild(make("td", t.last_round ? last[p[0]] + unseen : "–", "n"));
      body.appendChild(tr);
    });
  }

  function markCurrent(s) {
    var items = document.querySelectorAll("[data-line]");
    for (var i = 0; i < items.length; i++) {
      var on = Number(items[i].getAttribute("data-line")) === s.line;
      items[i].classList.toggle("current", on);
      if (on) { items[i].setAttribute("aria-current", "step"); } else { items[i].removeAttribute("aria-current"); }
    }
  }

  function render() {
    var s = steps[idx];
    document.body.setAttribute("data-line", String(s.line));
    renderLine(s);
    renderTable(s);
    markCurrent(s);
    var slider = $("slider");
    slider.value = String(idx);
    var where = "line " + s.line + " (" + (idx + 1) + " of " + steps.length + " judged lines)";
    slider.setAttribute("aria-valuetext", where);
    setText("pos", where);
    $("b-first").disabled = $("b-prev").disabled = idx === 0;
    $("b-last").disabled = $("b-next").disabled = idx === steps.length - 1;
    setText("announce", "Line " + s.line + ": " + s.what + ". " + outcomeWords(badge(s)) + ".");
  }

  function go(i) {
    idx = Math.max(0, Math.min(steps.length - 1, i));
    render();
    var hash = "#line=" + steps[idx].line;
    if (location.hash !== hash) {
      try { history.replaceState(null, "", hash); } catch (e) { /* a page opened from disk may refuse */ }
    }
  }

  function fromHash() {
    var m = /^#line=(\d+)$/.exec(location.hash);
    if (m) { go(stepOfLine(Number(m[1]))); return true; }
    return false;
  }

  $("b-first").addEventListener("click", function () { go(0); });
  $("b-prev").addEventListener("click", function () { go(idx - 1); });
  $("b-next").addEventListener("click", function () { go(idx + 1); });
  $("b-last").addEventListener("click", function () { go(steps.length - 1); });
  if ($("b-wrong")) {
    $("b-wrong").addEventListener("click", function () { go(stepOfLine(data.first_wrong)); });
  }
  $("slider").addEventListener("input", function () { go(Number($("slider").value)); });
  window.addEventListener("hashchange", fromHash);
  document.addEventListener("keydown", function (e) {
    if (e.altKey || e.ctrlKey || e.metaKey) { return; }
    var tag = e.target && e.target.tagName;
    if (tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT") { return; }
    var moves = { ArrowRight: 1, ArrowLeft: -1, PageDown: 10, PageUp: -10 };
    if (moves[e.key] !== undefined) { go(idx + moves[e.key]); e.preventDefault(); }
    else if (e.key === "Home") { go(0); e.preventDefault(); }
    else if (e.key === "End") { go(steps.length - 1); e.preventDefault(); }
  });

  var ticks = $("ticks");
  steps.forEach(function (s, i) {
    if (!s.wrong) { return; }
    var tick = make("span", null, s.first ? "first" : "");
    var frac = steps.length > 1 ? i / (steps.length - 1) : 0;
    tick.style.left = "calc(8px + (100% - 16px) * " + frac + ")";  /* under the thumb's centre */
    ticks.appendChild(tick);
  });
  $("slider").max = String(steps.length - 1);
  if (!fromHash()) { go(0); }
  document.body.setAttribute("data-ready", "true");
})();
