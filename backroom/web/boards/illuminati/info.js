// A card's full text for the info panel (hover, focus or tap on a card): its printed numbers,
// its alignments, its ability and, for an Illuminati, its special goal, each from the catalogs
// (`illuminati.ability.<face>`, `illuminati.goal.<face>`), so every language reads it.

/** The lines that describe `face` (with `info`, the view's printed numbers, when face up). */
export function cardText(ctx, face, info, faceDown) {
  const { t } = ctx;
  const has = (key) => t(key) !== key;
  const out = [];
  if (faceDown) out.push(t("illuminati.ui.claims", { power: faceDown.power, income: faceDown.income }));
  else if (info && info.resistance) out.push(t("illuminati.ui.group_stats", { power: info.power, transfer: info.transfer, resistance: info.resistance }));
  else if (info) out.push(t("illuminati.ui.illuminati_stats", { power: info.power, transfer: info.transfer, income: info.income }));
  if (info && info.resistance) out.push(t("web.illuminati.income", { income: info.income }));
  if (info && info.alignments.length) out.push(info.alignments.map((a) => t(`illuminati.alignment.${a}`)).join(", "));
  if (has(`illuminati.ability.${face}`)) out.push(t(`illuminati.ability.${face}`));
  if (has(`illuminati.goal.${face}`)) out.push(t("web.illuminati.goal", { goal: t(`illuminati.goal.${face}`) }));
  return out;
}

/** The panel showing the card last hovered or tapped (`memo.info`), or a hint. */
export function infoPanel(ctx, cardName, lookup) {
  const { h, t, memo } = ctx;
  const face = memo.info;
  const found = face ? lookup(face, memo.infoSeat) : null;
  const body = found
    ? [h("b", { text: cardName(face) }), ...cardText(ctx, face, found.info, found.faceDown).map((line) => h("p", { text: line }))]
    : [h("p", { class: "hint", text: t("web.illuminati.hint.info") })];
  return h("aside", { class: "il-info", "aria-live": "polite", "data-info": found ? face : "" }, body);
}
