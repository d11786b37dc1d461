// What tests/web/layout.py asserts, run in the page: a list of layout problems, empty when none.
// `scope` limits the hit test to one part of the page (the end screen covers the board on purpose).
(scope) => {
  const problems = [];
  const doc = document.scrollingElement;
  if (doc.scrollWidth > innerWidth) problems.push(`the page is ${doc.scrollWidth}px wide in a ${innerWidth}px window`);
  // A part of the board (or of the overlay checked) that scrolls sideways hides cards a player never thinks to scroll to.
  for (const el of document.querySelectorAll(scope ? `${scope}, ${scope} *` : "#board *")) {
    if (el.scrollWidth > el.clientWidth + 1 && ["auto", "scroll"].includes(getComputedStyle(el).overflowX)) {
      problems.push(`${el.tagName.toLowerCase()}.${[...el.classList].join(".")} scrolls sideways (${el.scrollWidth}px in ${el.clientWidth}px)`);
    }
  }
  // An overlay (the end screen) dims the window; the page behind must not scroll out from under it.
  if (scope) {
    scrollTo(0, 1e6);
    if (scrollY > 0) problems.push(`the page scrolls ${scrollY}px out from under ${scope}`);
  }
  const root = scope ? document.querySelector(scope) : document;
  const controls = root.querySelectorAll("button, a.button, .clickable");
  for (const el of controls) {
    if (!el.checkVisibility({ visibilityProperty: true })) continue;
    el.scrollIntoView({ block: "center", inline: "center" });
    const r = el.getBoundingClientRect();
    if (r.width < 1 || r.height < 1) continue;
    const x = r.left + r.width / 2;
    const y = r.top + r.height / 2;
    const hit = document.elementFromPoint(x, y);
    if (!hit || !(el === hit || el.contains(hit))) {
      const what = (e) => e ? `${e.tagName.toLowerCase()}.${[...e.classList].join(".")}${e.id ? "#" + e.id : ""}` : "nothing";
      problems.push(`${what(el)} "${(el.textContent || el.title || "").trim().slice(0, 40)}" is covered by ${what(hit)}`);
    }
  }
  // A hint or phase squeezed into a narrow column reads one word per line.
  for (const el of document.querySelectorAll(".status .hint, .status .phase")) {
    const r = el.getBoundingClientRect();
    if (el.textContent.trim().length > 20 && r.width > 0 && r.width < 150) problems.push(`${el.className} is only ${Math.round(r.width)}px wide`);
  }
  scrollTo(0, 0);
  return problems;
}
