// A stand-in board for Illuminati: the generic rendering of the view with the spending and deal
// panels (./illuminati/windows.js) above it. The dedicated board replaces this file.

import { render as generic } from "./generic.js";
import { dealPanel, spendingPanel } from "./illuminati/windows.js";

export function render(root, ctx) {
  generic(root, ctx);
  root.prepend(...[spendingPanel(ctx), dealPanel(ctx)].filter(Boolean));
}
