// Placeholder until the spending-window and deals panels land from their own branch: the
// board appends whatever these return beside it, and null adds nothing.

/** The spending window's panel for this seat, or null. */
export function spendingPanel(_ctx) {
  return null;
}

/** The deal being built or answered, or null. */
export function dealPanel(_ctx) {
  return null;
}
