// Runs once the print edition is parsed: solutions go to the end of their chapter,
// and everything folded on the website is opened.
(function () {
  document.querySelectorAll("section.lc-print-part").forEach(function (part) {
    var solutions = part.querySelectorAll(".solution");
    if (!solutions.length) { return; }
    var number = part.querySelector("h1 .section-number");
    var chapter = number ? parseInt(number.textContent, 10) : NaN;
    var appendix = document.createElement("section");
    appendix.className = "lc-solutions";
    var heading = document.createElement("h2");
    heading.textContent = isNaN(chapter) ? "Solutions to the exercises"
      : "Solutions to chapter " + chapter + " exercises";
    appendix.appendChild(heading);
    solutions.forEach(function (s) { appendix.appendChild(s); });
    part.appendChild(appendix);
  });
  document.querySelectorAll("details:not(.above-input)").forEach(function (d) {
    d.open = true;
  });
})();
