/* The orders page of `referee orders STATE --html FILE` (referee/render/orders_page.py).
   Every choice it offers was computed by the referee and embedded as JSON (#data): this
   script presents them, keeps the orders picked, refuses one that conflicts with those
   already picked, and writes the orders file. No network, no storage. */
(function () {
  "use strict";
  var P = JSON.parse(document.getElementById("data").textContent);
  var T = P.t;
  var NS = "http://www.w3.org/2000/svg";
  var svg = document.querySelector("#map svg");
  var pick = document.getElementById("pick");
  var message = document.getElementById("message");
  var list = document.getElementById("order-list");
  var fileBox = document.getElementById("file");
  var geo = P.map;
  var orders = [];  /* {line, subject, hex, units, leader} in the order given */
  var sel = null;   /* the subject being ordered */
  var act = {leader: null, units: []};
  var mv = {mode: "", dest: null, face: null};

  function fmt(key, data) {
    return (T[key] || key).replace(/\{(\w+)\}/g, function (m, k) {
      return data && k in data ? String(data[k]) : m;
    });
  }
  function h(tag, attrs, text) {
    var e = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) { e.setAttribute(k, attrs[k]); });
    if (text !== undefined) { e.textContent = text; }
    return e;
  }
  function s(tag, attrs, text) {
    var e = document.createElementNS(NS, tag);
    Object.keys(attrs || {}).forEach(function (k) { e.setAttribute(k, attrs[k]); });
    if (text !== undefined) { e.textContent = text; }
    return e;
  }
  function button(label, onclick, attrs) {
    var b = h("button", Object.assign({type: "button"}, attrs || {}), label);
    b.addEventListener("click", onclick);
    return b;
  }
  function say(text, refused) {
    message.textContent = text;
    message.className = refused ? "refused" : "";
  }
  function refuse(reason) { say(fmt("refused", {reason: reason}), true); return false; }

  /* ------------------------------------------------------------------ the map */
  var overlay = s("g", {id: "overlay"});
  svg.appendChild(overlay);
  function centre(label) { return geo.centres[label]; }
  function hexPoints(label, scale) {
    var c = centre(label), r = geo.r * (scale || 1), pts = [];
    for (var i = 0; i < 6; i++) {
      var a = Math.PI / 3 * i;
      pts.push((c[0] + r * Math.cos(a)).toFixed(1) + "," + (c[1] + r * Math.sin(a)).toFixed(1));
    }
    return pts.join(" ");
  }
  function shade(label, css, attrs) {
    if (!centre(label)) { return null; }
    var p = s("polygon", Object.assign({points: hexPoints(label, 0.94), "class": css,
                                        "data-hex": label}, attrs || {}));
    overlay.appendChild(p);
    return p;
  }
  function tag(label, text, css, dy) {
    var c = centre(label);
    if (!c) { return; }
    overlay.appendChild(s("text", {x: c[0].toFixed(1), y: (c[1] + geo.r * (dy || 0)).toFixed(1),
                                   "class": css || "tag", "text-anchor": "middle",
                                   "font-size": Math.max(10, geo.r * 0.3).toFixed(1)}, text));
  }
  /* the facing at the end of a move: a wedge toward the middle of that hexside */
  function arrow(label, face) {
    var c = centre(label), i = ["N", "NE", "SE", "S", "SW", "NW"].indexOf(face);
    if (!c || i < 0) { return; }
    var a = (270 + 60 * i) * Math.PI / 180, r = geo.r, ux = Math.cos(a), uy = Math.sin(a);
    function at(d, side) {
      return (c[0] + ux * d - uy * side).toFixed(1) + "," + (c[1] + uy * d + ux * side).toFixed(1);
    }
    overlay.appendChild(s("polygon", {points: [at(0.85 * r, 0), at(0.3 * r, 0.25 * r),
                                               at(0.3 * r, -0.25 * r)].join(" "),
                                      "class": "face-arrow", "data-face": face}));
  }
  function clearMap() {
    while (overlay.firstChild) { overlay.removeChild(overlay.firstChild); }
    svg.querySelectorAll(".offer, .chosen, .selected, .given").forEach(function (e) {
      e.classList.remove("offer", "chosen", "selected", "given");
    });
    orders.forEach(function (o) {
      [o.subject].concat(o.units || []).forEach(function (id) { mark(id, "given"); });
    });
    /* the orders given so far: a line from where each unit stands */
    orders.forEach(function (o, i) {
      var pts = (o.draw || []).filter(centre).map(function (x) {
        return centre(x).map(function (v) { return v.toFixed(1); }).join(",");
      });
      if (pts.length < 2) { return; }
      overlay.appendChild(s("polyline", {points: pts.join(" "), "class": "given"}));
      var end = centre(o.draw[o.draw.length - 1]);
      overlay.appendChild(s("circle", {cx: end[0].toFixed(1), cy: end[1].toFixed(1),
                                       r: (geo.r * 0.18).toFixed(1), "class": "given"}));
      tag(o.draw[0], String(i + 1), "given-number", -0.55);
    });
  }
  function mark(id, css) {
    var e = document.getElementById("unit-" + id) || document.getElementById("leader-" + id);
    if (e) { e.classList.add(css); }
  }
  function clickedId(target) {
    var dest = target.closest("[data-dest]");
    if (dest) { return {dest: dest.getAttribute("data-dest")}; }
    var g = target.closest("g.unit, g.leader");
    if (g && !g.classList.contains("ghost")) {
      return {id: g.id.replace(/^(unit|leader)-/, ""), leader: g.classList.contains("leader")};
    }
    var hex = target.closest("[data-hex]");
    return hex ? {hex: hex.getAttribute("data-hex")} : null;
  }
  svg.addEventListener("click", function (ev) {
    var what = clickedId(ev.target);
    if (what) { PHASE.click(what); }
  });

  /* -------------------------------------------------------------- the orders */
  function has(subject) {
    return orders.filter(function (o) { return o.subject === subject; })[0] || null;
  }
  function add(order) {
    orders.push(order);
    say(order.line);
    render();
    return true;
  }
  function removeAt(i) {
    orders.splice(i, 1);
    say("");
    render();
  }
  function fileText() {
    var body = orders.length ? "orders:\n" + orders.map(function (o) {
      return "  - " + JSON.stringify(o.line);
    }).join("\n") + "\n" : "orders: []\n";
    return P.file_head + body;
  }
  function render() {
    list.textContent = "";
    if (!orders.length) { list.appendChild(h("li", {"class": "empty"}, T.none_yet)); }
    orders.forEach(function (o, i) {
      var li = h("li", {"data-subject": o.subject});
      li.appendChild(h("code", {}, o.line));
      li.appendChild(button("×", function () { removeAt(i); },
                            {"class": "remove", title: T.remove, "aria-label": T.remove}));
      list.appendChild(li);
    });
    fileBox.value = fileText();
    PHASE.show();
  }
  function fileName() {
    return "orders-t" + P.turn + "-" + P.player + "-" + P.phase + ".yaml";
  }
  document.getElementById("save").addEventListener("click", function () {
    var blob = new Blob([fileText()], {type: "application/x-yaml"});
    var a = h("a", {href: URL.createObjectURL(blob), download: fileName()});
    document.body.appendChild(a);
    a.click();
    setTimeout(function () { URL.revokeObjectURL(a.href); a.remove(); }, 1000);
    say(fmt("saved", {file: fileName(), state: P.state}));
  });
  document.getElementById("copy").addEventListener("click", function () {
    var text = fileText();
    function fallback() {
      fileBox.focus();
      fileBox.select();
      var ok = false;
      try { ok = document.execCommand("copy"); } catch (e) { ok = false; }
      say(ok ? T.copied : T.copy_failed, !ok);
    }
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(text).then(function () { say(T.copied); }, fallback);
    } else { fallback(); }
  });

  /* ------------------------------------------------------- the panel helpers */
  function about(group) {
    var box = h("div", {"class": "about"});
    (group ? group.about : []).forEach(function (line) { box.appendChild(h("p", {}, line)); });
    return box;
  }
  function groupOf(subject) {
    return P.groups.filter(function (g) { return g.subject === subject; })[0] || null;
  }
  function subjects(ids, onpick, label) {
    var box = h("div", {"class": "subjects"});
    ids.forEach(function (id) {
      var b = button(label ? label(id) : id, function () { onpick(id); },
                     {"data-subject": id});
      if (has(id)) { b.classList.add("done"); }
      if (id === sel) { b.classList.add("current"); }
      box.appendChild(b);
    });
    return box;
  }
  /* the skeleton's own proposals for a subject, each one click away */
  function proposals(subject, onadd) {
    var group = groupOf(subject), box = h("ul", {"class": "options"});
    if (!group) { return box; }
    group.options.forEach(function (o) {
      var li = h("li");
      li.appendChild(button(o.order, function () { onadd(o.order); },
                            {"class": "option", "data-order": o.order}));
      if (o.note) { li.appendChild(h("span", {"class": "note"}, " " + o.note)); }
      box.appendChild(li);
    });
    return box;
  }

  /* ---------------------------------------------------------------- activation */
  var Activation = {
    data: P.activation,
    given: function () {
      return orders.filter(function (o) { return o.leader; }).length + this.data.done;
    },
    taken: function (id) {
      for (var i = 0; i < orders.length; i++) {
        var o = orders[i];
        if (o.leader === id) { return {leader: o.leader, self: true}; }
        if (o.units.indexOf(id) >= 0) { return {leader: o.leader}; }
      }
      return null;
    },
    offered: function (leader) {
      var f = this.data.leaders[leader];
      return f.units.map(function (u) { return u[0]; }).concat(f.waiting, f.leaders);
    },
    choose: function (leader) {
      if (this.given() >= this.data.allowed) {
        return refuse(fmt("r_limit", {count: this.data.allowed}));
      }
      var t = this.taken(leader);
      if (t) { return refuse(fmt(t.self ? "r_leader_used" : "r_unit_activated",
                                 {leader: t.leader, unit: leader})); }
      sel = leader;
      act = {leader: leader, units: []};
      say("");
      this.show();
      return true;
    },
    toggle: function (id) {
      var f = this.data.leaders[act.leader];
      if (this.offered(act.leader).indexOf(id) < 0) {
        return refuse(fmt("r_not_offered", {unit: id, leader: act.leader}));
      }
      var i = act.units.indexOf(id);
      if (i >= 0) { act.units.splice(i, 1); this.show(); return true; }
      var t = this.taken(id);
      if (t) { return refuse(fmt("r_unit_activated", {unit: id, leader: t.leader})); }
      var counted = act.units.filter(function (u) { return f.leaders.indexOf(u) < 0; }).length;
      if (f.leaders.indexOf(id) < 0 && counted >= f.max_units) {
        return refuse(fmt("r_too_many", {n: f.max_units, leader: act.leader}));
      }
      act.units.push(id);
      say("");
      this.show();
      return true;
    },
    line: function (leader, units) {
      var order = this.offered(leader);
      var sorted = units.slice().sort(function (a, b) {
        return order.indexOf(a) - order.indexOf(b);
      });
      return ("activate " + leader + ": " + sorted.join(" ")).replace(/ $/, "");
    },
    addLine: function (leader, units) {
      var t = this.taken(leader);
      if (t) {
        return refuse(fmt(t.self ? "r_leader_used" : "r_unit_activated",
                          {leader: t.leader, unit: leader}));
      }
      if (this.given() >= this.data.allowed) {
        return refuse(fmt("r_limit", {count: this.data.allowed}));
      }
      for (var i = 0; i < units.length; i++) {
        var u = this.taken(units[i]);
        if (u) { return refuse(fmt("r_unit_activated", {unit: units[i], leader: u.leader})); }
      }
      var f = this.data.leaders[leader];
      if (!units.length && !f.alone) { return refuse(fmt("r_not_offered", {unit: leader,
                                                                           leader: leader})); }
      add({line: this.line(leader, units), subject: leader, leader: leader,
           units: units.slice()});
      act = {leader: null, units: []};
      sel = null;
      this.show();
      return true;
    },
    click: function (what) {
      if (what.dest || what.hex) { return; }
      if (this.data.leaders[what.id] && (!act.leader || what.leader)) {
        this.choose(what.id);
      } else if (act.leader) {
        this.toggle(what.id);
      } else {
        refuse(T.act_pick);
      }
    },
    choices: function () {
      var out = {}, self = this;
      Object.keys(this.data.leaders).forEach(function (l) {
        out[l] = self.offered(l).map(function (u) { return "activate " + l + ": " + u; });
        if (self.data.leaders[l].alone) { out[l].push("activate " + l + ":"); }
      });
      return out;
    },
    show: function () {
      var self = this, d = this.data;
      clearMap();
      pick.textContent = "";
      pick.appendChild(h("p", {"class": "limits"}, fmt("act_limits", {
        n: this.given(), count: d.allowed, each: d.max_units})));
      var leaders = Object.keys(d.leaders);
      if (!leaders.length) { pick.appendChild(h("p", {}, T.nothing)); return; }
      pick.appendChild(h("p", {}, T.act_pick));
      pick.appendChild(subjects(leaders, function (l) { self.choose(l); }));
      leaders.forEach(function (l) { if (!self.taken(l)) { mark(l, "offer"); } });
      if (!act.leader) { return; }
      var f = d.leaders[act.leader];
      mark(act.leader, "selected");
      f.hexes.forEach(function (x) { shade(x, "range"); });
      pick.appendChild(about(groupOf(act.leader)));
      pick.appendChild(h("p", {"class": "hint"}, fmt("act_leader", {
        leader: act.leader, range: f.range, n: f.max_units})));
      var box = h("div", {"class": "units"});
      function row(id, extra) {
        var taken = self.taken(id), on = act.units.indexOf(id) >= 0;
        var b = button(id + (extra ? " " + extra : ""), function () { self.toggle(id); },
                       {"data-unit": id, "aria-pressed": on ? "true" : "false"});
        if (taken) { b.classList.add("done"); } else { mark(id, on ? "chosen" : "offer"); }
        box.appendChild(b);
      }
      if (f.units.length) { box.appendChild(h("span", {"class": "label"}, T.act_in_range)); }
      f.units.forEach(function (u) { row(u[0], "(" + u[1] + ")"); });
      if (f.waiting.length) { box.appendChild(h("span", {"class": "label"}, T.act_waiting)); }
      f.waiting.forEach(function (u) { row(u); });
      if (f.leaders.length) { box.appendChild(h("span", {"class": "label"}, T.act_leaders)); }
      f.leaders.forEach(function (u) { row(u); });
      pick.appendChild(box);
      pick.appendChild(h("p", {"class": "preview"}, fmt("act_selected", {
        n: act.units.length}) + " " + this.line(act.leader, act.units)));
      var buttons = h("p", {"class": "buttons"});
      buttons.appendChild(button(T.add, function () { self.addLine(act.leader, act.units); },
                                 {id: "add"}));
      buttons.appendChild(button(T.cancel, function () {
        act = {leader: null, units: []}; sel = null; say(""); self.show();
      }));
      pick.appendChild(buttons);
      pick.appendChild(proposals(act.leader, function (line) {
        var units = line.split(":")[1].trim();
        self.addLine(act.leader, units ? units.split(/\s+/) : []);
      }));
    }
  };

  /* ------------------------------------------------------------------ movement */
  var Movement = {
    data: P.movement,
    dests: function (uid) { return this.data.movers[uid].modes[mv.mode] || []; },
    choose: function (uid) {
      if (!this.data.movers[uid]) {
        var g = groupOf(uid);
        return refuse(g && g.about.length > 1 ? g.about.slice(1).join(" ")
                      : fmt("r_not_offered", {unit: uid, leader: P.player}));
      }
      sel = uid;
      mv = {mode: "", dest: null, face: null};
      say("");
      this.show();
      return true;
    },
    line: function (uid, dest, face, mode) {
      var text = uid + " " + dest.path.join("-");
      if (face) { text += " face " + face; }
      if (mode) { text += " " + mode; }
      return text;
    },
    takenHex: function (hex) {
      return orders.filter(function (o) { return o.hex === hex; })[0] || null;
    },
    addLine: function (uid, line, hex) {
      var prior = has(uid);
      if (prior) { return refuse(fmt("r_has_order", {unit: uid, orders: prior.line})); }
      var other = this.takenHex(hex);
      if (other) { return refuse(fmt("r_hex_taken", {hex: hex, unit: other.subject})); }
      var m = this.data.movers[uid], dest = null;
      Object.keys(m.modes).forEach(function (mode) {
        m.modes[mode].forEach(function (d) { if (d.hex === hex && !dest) { dest = d; } });
      });
      add({line: line, subject: uid, hex: hex, units: [],
           draw: (m.at ? [m.at] : []).concat(dest ? dest.path : [hex])});
      sel = null;
      mv = {mode: "", dest: null, face: null};
      this.show();
      return true;
    },
    click: function (what) {
      if (what.dest && sel) {
        var dest = this.dests(sel).filter(function (d) { return d.hex === what.dest; })[0];
        mv.dest = dest;
        mv.face = this.data.movers[sel].kind === "leader" ? null : dest.face;
        this.show();
      } else if (what.id) {
        this.choose(what.id);
      } else if (what.hex && sel) {
        refuse(fmt("mv_off", {hex: what.hex, unit: sel}));
      }
    },
    choices: function () {
      var out = {}, self = this;
      Object.keys(this.data.movers).forEach(function (uid) {
        var m = self.data.movers[uid];
        out[uid] = [];
        Object.keys(m.modes).forEach(function (mode) {
          m.modes[mode].forEach(function (d) {
            out[uid].push(self.line(uid, d, m.kind === "leader" ? null : d.face, mode));
          });
        });
      });
      return out;
    },
    show: function () {
      var self = this;
      clearMap();
      pick.textContent = "";
      var movers = Object.keys(this.data.movers);
      if (!movers.length) { pick.appendChild(h("p", {}, P.header.slice(-1)[0] || T.nothing)); }
      else { pick.appendChild(h("p", {}, T.mv_pick)); }
      pick.appendChild(subjects(movers, function (u) { self.choose(u); }));
      movers.forEach(function (u) { if (!has(u)) { mark(u, "offer"); } });
      if (!sel) { return; }
      var m = this.data.movers[sel];
      mark(sel, "selected");
      pick.appendChild(about(groupOf(sel)));
      if (has(sel)) {
        pick.appendChild(h("p", {"class": "hint"}, fmt("r_has_order", {unit: sel,
                                                                        orders: has(sel).line})));
        return;
      }
      var modes = Object.keys(m.modes);
      if (modes.length > 1) {
        var box = h("p", {"class": "modes"});
        modes.forEach(function (mode) {
          var b = button(mode ? T["mv_" + mode] : m.cell, function () {
            mv.mode = mode; mv.dest = null; self.show();
          }, {"data-mode": mode, "aria-pressed": mode === mv.mode ? "true" : "false"});
          box.appendChild(b);
        });
        pick.appendChild(box);
      }
      pick.appendChild(h("p", {"class": "hint"}, T.mv_legend));
      if (m.at) { shade(m.at, "start"); }
      this.dests(sel).forEach(function (d) {
        var taken = self.takenHex(d.hex);
        shade(d.hex, "dest " + (d.combat || m.kind === "leader" ? "keeps" : "sscb") +
              (taken ? " taken" : ""), {"data-dest": d.hex});
        tag(d.hex, String(d.cost), "cost", 0.12);
        if (!d.combat && m.kind !== "leader") { tag(d.hex, "ss cb", "sscb-mark", 0.45); }
      });
      if (mv.dest) {
        var d = mv.dest, pts = (m.at ? [m.at] : []).concat(d.path).map(function (x) {
          return centre(x).map(function (v) { return v.toFixed(1); }).join(",");
        });
        overlay.appendChild(s("polyline", {points: pts.join(" "), "class": "path"}));
        if (m.kind !== "leader") { arrow(d.hex, mv.face || m.facing); }
        pick.appendChild(h("p", {"class": "dest-info"}, fmt("mv_dest", {
          hex: d.hex, cost: d.cost,
          combat: d.combat || m.kind === "leader" ? T.mv_keeps : T.mv_sscb})));
        if (m.kind !== "leader") {
          var faces = h("p", {"class": "faces"});
          faces.appendChild(h("span", {"class": "label"}, T.mv_facing + " "));
          ["N", "NE", "SE", "S", "SW", "NW"].forEach(function (f) {
            var current = (mv.face || m.facing) === f;
            faces.appendChild(button(f, function () {
              mv.face = f === m.facing ? null : f; self.show();
            }, {"data-face": f, "aria-pressed": current ? "true" : "false"}));
          });
          pick.appendChild(faces);
        }
        var line = this.line(sel, d, mv.face, mv.mode);
        pick.appendChild(h("p", {"class": "preview"}, line));
        var buttons = h("p", {"class": "buttons"});
        buttons.appendChild(button(T.add, function () { self.addLine(sel, line, d.hex); },
                                   {id: "add"}));
        buttons.appendChild(button(T.cancel, function () {
          sel = null; say(""); self.show();
        }));
        pick.appendChild(buttons);
      } else {
        pick.appendChild(h("p", {"class": "hint"}, T.mv_pick_hex));
      }
      pick.appendChild(proposals(sel, function (line) {
        var words = line.split(" "), path = words[1].split("-");
        self.addLine(sel, line, path[path.length - 1]);
      }));
    }
  };

  /* -------------------------------------------------------------------- combat */
  var Combat = {
    data: P.combat,
    choose: function (uid) {
      if (!this.data.attacks[uid]) {
        return refuse(fmt("r_not_offered", {unit: uid, leader: P.player}));
      }
      sel = uid;
      say("");
      this.show();
      return true;
    },
    addLine: function (uid, line) {
      var prior = has(uid);
      if (prior) { return refuse(fmt("r_has_order", {unit: uid, orders: prior.line})); }
      var target = line.split(" ")[2];
      add({line: line, subject: uid, units: [],
           draw: [geo.units[uid] && geo.units[uid].at, geo.units[target] && geo.units[target].at]});
      sel = null;
      this.show();
      return true;
    },
    click: function (what) {
      if (!what.id) { return; }
      if (sel) {
        var hit = this.data.attacks[sel].filter(function (a) { return a.target === what.id; });
        if (hit.length) { this.addLine(sel, hit[0].order); return; }
      }
      this.choose(what.id);
    },
    choices: function () {
      var out = {}, self = this;
      Object.keys(this.data.attacks).forEach(function (uid) {
        out[uid] = self.data.attacks[uid].map(function (a) { return a.order; });
      });
      return out;
    },
    odds: function (a) {
      var box = h("div", {"class": "odds"}), o = a.odds;
      function table(who, unit, side) {
        var t = h("table", {"class": "dist"});
        t.appendChild(h("caption", {}, fmt(who, {unit: unit, n: side.expected,
                                                 p: side.rout[1]})));
        var head = h("tr");
        head.appendChild(h("th", {}, T.cb_lost));
        side.lost.forEach(function (k) { head.appendChild(h("th", {}, String(k[0]))); });
        var row = h("tr");
        row.appendChild(h("th", {}, T.cb_probability));
        side.lost.forEach(function (k) {
          row.appendChild(h("td", {title: k[1]}, k[2]));
        });
        t.appendChild(head);
        t.appendChild(row);
        var rout = h("p", {"class": "rout"}, fmt("cb_routs", {unit: unit, p: side.rout[1],
                                                                 n: side.rout[0]}));
        box.appendChild(t);
        box.appendChild(rout);
      }
      table("cb_target_loses", a.target, o.target);
      if (o.attacker) { table("cb_attacker_loses", sel, o.attacker); }
      return box;
    },
    show: function () {
      var self = this;
      clearMap();
      pick.textContent = "";
      var units = Object.keys(this.data.attacks);
      pick.appendChild(h("p", {}, units.length ? T.cb_pick : (P.header.slice(-1)[0] ||
                                                              T.nothing)));
      pick.appendChild(subjects(units, function (u) { self.choose(u); }));
      units.forEach(function (u) { if (!has(u)) { mark(u, "offer"); } });
      if (!sel) { return; }
      mark(sel, "selected");
      pick.appendChild(about(groupOf(sel)));
      var g = groupOf(sel), notes = {};
      (g ? g.options : []).forEach(function (o) { notes[o.order] = o.note; });
      var done = has(sel);
      if (done) {
        pick.appendChild(h("p", {"class": "hint"}, fmt("r_has_order", {unit: sel,
                                                                        orders: done.line})));
      }
      var seen = {};
      this.data.attacks[sel].forEach(function (a) {
        var at = geo.units[a.target] && geo.units[a.target].at;
        if (at && !seen[a.target]) {
          seen[a.target] = true;
          shade(at, "target " + a.kind);
          tag(at, "−" + a.odds.target.expected + " · " + a.odds.target.rout[1], "odds", 0.5);
        }
        var item = h("div", {"class": "attack"});
        item.appendChild(button(a.order, function () { self.addLine(sel, a.order); },
                                {"class": "option", "data-order": a.order}));
        item.appendChild(h("span", {"class": "note"}, " " + (notes[a.order] || "")));
        if (!a.odds.evasion.length) { item.appendChild(self.odds(a)); }
        pick.appendChild(item);
      });
    }
  };

  /* ------------------------------------------------- rout, pursuit: the options */
  var Options = {
    choose: function (uid) {
      var g = groupOf(uid);
      if (!g) { return refuse(fmt("r_not_offered", {unit: uid, leader: P.player})); }
      sel = uid;
      say("");
      this.show();
      return true;
    },
    addLine: function (uid, line) {
      var prior = has(uid);
      if (prior) { return refuse(fmt("r_has_order", {unit: uid, orders: prior.line})); }
      add({line: line, subject: uid, units: []});
      sel = null;
      this.show();
      return true;
    },
    click: function (what) { if (what.id) { this.choose(what.id); } },
    choices: function () {
      var out = {};
      P.groups.forEach(function (g) {
        if (g.options.length) { out[g.subject] = g.options.map(function (o) { return o.order; }); }
      });
      return out;
    },
    show: function () {
      var self = this;
      clearMap();
      pick.textContent = "";
      var ids = P.groups.filter(function (g) { return g.options.length; })
        .map(function (g) { return g.subject; });
      pick.appendChild(h("p", {}, ids.length ? T.pick_other : (P.header.slice(-1)[0] ||
                                                               T.nothing)));
      pick.appendChild(subjects(ids, function (u) { self.choose(u); }));
      P.groups.forEach(function (g) { mark(g.subject, g.options.length ? "offer" : "info"); });
      if (!sel) {
        P.groups.forEach(function (g) { if (!g.options.length) { pick.appendChild(about(g)); } });
        return;
      }
      mark(sel, "selected");
      pick.appendChild(about(groupOf(sel)));
      pick.appendChild(proposals(sel, function (line) { self.addLine(sel, line); }));
    }
  };

  var PHASE = {activation: Activation, movement: Movement, combat: Combat}[P.phase] || Options;
  window.refereePage = {
    data: P,
    choices: function () { return PHASE.choices(); },
    orders: function () { return orders.map(function (o) { return o.line; }); },
    text: fileText,
    message: function () { return message.textContent; }
  };
  document.addEventListener("keydown", function (ev) {
    if (ev.key === "Escape") { sel = null; act = {leader: null, units: []}; say(""); PHASE.show(); }
  });
  render();
})();
