/* The whole game's page of `referee history GAME --html FILE`
   (referee/render/replay_page.py): one step a phase, its map assembled from the shared
   pieces (#data.pool), its rulings; buttons, a list and the arrow keys to step. */
(function () {
  "use strict";
  var D = JSON.parse(document.getElementById("data").textContent);
  var map = document.getElementById("map");
  var rulings = document.getElementById("rulings");
  var where = document.getElementById("where");
  var select = document.getElementById("steps");
  var title = document.getElementById("step-title");
  var subtitle = document.getElementById("step-subtitle");
  var current = 0;

  D.steps.forEach(function (step, i) {
    var option = document.createElement("option");
    option.value = String(i);
    option.textContent = (i + 1) + ". " + step.title;
    select.appendChild(option);
  });

  function show(i) {
    if (!D.steps.length) { return; }
    current = Math.max(0, Math.min(D.steps.length - 1, i));
    var step = D.steps[current];
    map.innerHTML = step.svg.map(function (k) { return D.pool[k]; }).join("\n");
    rulings.innerHTML = step.html;
    title.textContent = step.title;
    subtitle.textContent = step.subtitle;
    where.textContent = D.t.step.replace("{n}", String(current + 1))
      .replace("{count}", String(D.steps.length));
    select.value = String(current);
    document.body.setAttribute("data-step", String(current));
    document.getElementById("first").disabled = current === 0;
    document.getElementById("previous").disabled = current === 0;
    document.getElementById("next").disabled = current === D.steps.length - 1;
    document.getElementById("last").disabled = current === D.steps.length - 1;
  }

  document.getElementById("first").addEventListener("click", function () { show(0); });
  document.getElementById("previous").addEventListener("click", function () {
    show(current - 1);
  });
  document.getElementById("next").addEventListener("click", function () { show(current + 1); });
  document.getElementById("last").addEventListener("click", function () {
    show(D.steps.length - 1);
  });
  select.addEventListener("change", function () { show(Number(select.value)); });
  document.addEventListener("keydown", function (ev) {
    if (ev.target === select) { return; }
    var to = {ArrowRight: current + 1, ArrowDown: current + 1, PageDown: current + 1,
              ArrowLeft: current - 1, ArrowUp: current - 1, PageUp: current - 1,
              Home: 0, End: D.steps.length - 1}[ev.key];
    if (to !== undefined) { ev.preventDefault(); show(to); }
  });
  window.refereeReplay = {
    steps: D.steps.length,
    current: function () { return current; },
    show: show
  };
  show(0);
})();
