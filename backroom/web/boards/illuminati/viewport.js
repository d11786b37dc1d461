// Pan and zoom for the board's SVG: the view box is kept in the board's memo (one per view,
// overview or a focused structure), so a redraw after every update leaves the player where
// they were looking. Wheel zooms around the pointer; dragging pans; two fingers pinch; the
// +, − and fit buttons do the same for those without a wheel. A drag never counts as a click.

const MIN = 0.2; // the view box at most 5 times smaller than the whole (zoomed in)
const MAX = 3; // and at most 3 times larger (zoomed out)

/** Make `svg` pannable and zoomable over content of size `whole` ({w, h}); `store` keeps the
 * view box between renders. Returns the controls (buttons) to put beside it. */
export function panZoom(ctx, svg, whole, store) {
  const { h, t } = ctx;
  let box = store.box && store.whole === `${whole.w}x${whole.h}` ? store.box : { x: 0, y: 0, w: whole.w, h: whole.h };
  store.whole = `${whole.w}x${whole.h}`;
  const apply = () => {
    store.box = box;
    svg.setAttribute("viewBox", `${box.x} ${box.y} ${box.w} ${box.h}`);
  };
  const zoom = (factor, fx = 0.5, fy = 0.5) => {
    const w = Math.min(Math.max(box.w * factor, whole.w * MIN), whole.w * MAX);
    const ratio = w / box.w;
    const hgt = box.h * ratio;
    box = { x: box.x + (box.w - w) * fx, y: box.y + (box.h - hgt) * fy, w, h: hgt };
    apply();
  };
  apply();

  const pointers = new Map();
  let pinch = null;
  let moved = 0;
  const scale = () => box.w / (svg.getBoundingClientRect().width || 1);
  svg.addEventListener(
    "wheel",
    (e) => {
      e.preventDefault();
      const r = svg.getBoundingClientRect();
      zoom(e.deltaY > 0 ? 1.15 : 1 / 1.15, (e.clientX - r.left) / (r.width || 1), (e.clientY - r.top) / (r.height || 1));
    },
    { passive: false },
  );
  svg.addEventListener("pointerdown", (e) => {
    pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
    moved = 0;
    if (pointers.size === 2) {
      const [a, b] = [...pointers.values()];
      pinch = Math.hypot(a.x - b.x, a.y - b.y);
    }
  });
  svg.addEventListener("pointermove", (e) => {
    const last = pointers.get(e.pointerId);
    if (!last) return;
    const dx = e.clientX - last.x;
    const dy = e.clientY - last.y;
    pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
    if (pointers.size === 2 && pinch) {
      const [a, b] = [...pointers.values()];
      const now = Math.hypot(a.x - b.x, a.y - b.y);
      if (now > 0) zoom(pinch / now);
      pinch = now;
      moved += 10;
      return;
    }
    moved += Math.abs(dx) + Math.abs(dy);
    if (moved < 6) return;
    if (!svg.hasPointerCapture(e.pointerId)) svg.setPointerCapture(e.pointerId);
    const k = scale();
    box = { ...box, x: box.x - dx * k, y: box.y - dy * k };
    apply();
  });
  const up = (e) => {
    pointers.delete(e.pointerId);
    if (pointers.size < 2) pinch = null;
  };
  svg.addEventListener("pointerup", up);
  svg.addEventListener("pointercancel", up);
  // A drag that ends over a card is no click on it.
  svg.addEventListener("click", (e) => moved >= 6 && e.stopPropagation(), true);

  const button = (cls, label, text, onclick) => h("button", { type: "button", class: ["il-zoom", cls], title: label, "aria-label": label, text, onclick });
  return h(
    "div",
    { class: "il-zoom-bar" },
    button("zoom-in", t("web.illuminati.zoom_in"), "+", () => zoom(1 / 1.3)),
    button("zoom-out", t("web.illuminati.zoom_out"), "−", () => zoom(1.3)),
    button("zoom-fit", t("web.illuminati.zoom_fit"), "⤢", () => {
      box = { x: 0, y: 0, w: whole.w, h: whole.h };
      apply();
    }),
  );
}
