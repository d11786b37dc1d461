// Stool Pigeon written for boardgame.io: the game `backroom bench server` plays, ported rule for
// rule from backroom/games/stool_pigeon/ (state.py, legality.py, view.py, scoring.py) so that
// both servers carry the same games of the same length. The cards come from Backroom's own
// deck.json. Hidden information stays on the server: playerView sends each seat the faces it
// has seen, backs for the rest, and the draw pile as a count, as Backroom's view does.
'use strict';

const path = require('path');
const { INVALID_MOVE } = require('boardgame.io/core');

const DATA = require(path.join(__dirname, '../../backroom/games/stool_pigeon/deck.json'));
const FACES = DATA.cards.flatMap((e) => Array(e.count).fill(e.face));
const KINDS = DATA.cards.flatMap((e) => Array(e.count).fill(e.kind));
const PRINTED = DATA.cards.flatMap((e) => Array(e.count).fill(e.value === null ? -1 : e.value));
const DECK_SIZE = FACES.length;
const SOPLON = FACES.indexOf('soplon');
const FAMILY_PHASE = { maton: 'peek', conductora: 'switch', sicario: 'peek', capo: 'capo' };
const MAX_SLOTS = 64;
const STARTING_CARDS = 4;
const BOTTOM_ROW = [1, 3];
const ROUND_LIMIT = 20; // Backroom's default round_limit option
const SOPLON_FALLBACK_VALUE = 10;
const NO_PICK = [-1, -1];
const EMPTY = null; // a slot whose card has left (slots are never compacted)

const witnessLike = (card) => KINDS[card] === 'witness' || KINDS[card] === 'primo';
const eliminable = (card) => KINDS[card] === 'witness';
const clockwise = (first, n) => Array.from({ length: n }, (_, i) => (first + i) % n);
const deckSize = (G) => (typeof G.deck === 'number' ? G.deck : G.deck.length);
const canDraw = (G) => deckSize(G) > 0 || G.discard.length > 1;

/** Who may act now, in priority order (Backroom's actors()). */
function actors(G) {
  if (G.phase === 'snap') return G.eligible;
  if (G.phase === 'over') return [];
  if (G.phase === 'give') return [G.giver];
  return [G.active];
}

function familyTargets(G) {
  const targets = [];
  for (let t = 0; t < G.n; t++) {
    if (t === G.closer) continue;
    G.districts[t].forEach((c, s) => c !== EMPTY && targets.push([t, s]));
  }
  return targets;
}

const occupiedSlots = (district) => district.flatMap((c, s) => (c === EMPTY ? [] : [s]));

/** Every legal action of `seat` (legality.py's legal_actions). Works on the full state and on
 * a seat's view alike: both show which slots hold a card, the piles' sizes and who acts. */
function legalActions(G, seat) {
  const phase = G.phase;
  if (phase === 'snap') {
    if (!G.eligible.includes(seat)) return [];
    const actions = [['pass']];
    for (let t = 0; t < G.n; t++) for (const s of occupiedSlots(G.districts[t])) actions.push(['snap', t, s]);
    return actions;
  }
  if (phase === 'give') {
    return seat === G.giver ? occupiedSlots(G.districts[seat]).map((s) => ['give', s]) : [];
  }
  if (phase === 'over' || seat !== G.active) return [];
  if (phase === 'draw') return G.closer < 0 ? [['draw'], ['close']] : [['draw']];
  const own = occupiedSlots(G.districts[seat]);
  if (phase === 'swap') return own.length ? own.map((s) => ['swap', s]) : [['keep']];
  if (phase === 'peek') return familyTargets(G).map(([t, s]) => ['peek', t, s]);
  if (phase === 'switch') {
    const targets = familyTargets(G);
    if (G.picked[0] < 0) return targets.length > 1 ? targets.map(([t, s]) => ['pick', t, s]) : [];
    return targets
      .filter(([t, s]) => t !== G.picked[0] || s !== G.picked[1])
      .map(([t, s]) => ['switch', t, s]);
  }
  if (phase === 'capo') {
    const actions = own.map((s) => ['remove', s]);
    if (canDraw(G)) {
      for (let t = 0; t < G.n; t++) if (t !== seat && t !== G.closer) actions.push(['add', t]);
    }
    return actions;
  }
  throw new Error(`unknown phase ${phase}`);
}

function isLegal(G, seat, action) {
  return legalActions(G, seat).some(
    (a) => a.length === action.length && a.every((x, i) => x === action[i])
  );
}

// ------------------------------------------------------------------ the rules (state.py)

function setup({ ctx, random }) {
  const n = ctx.numPlayers;
  const deck = random.Shuffle(Array.from({ length: DECK_SIZE }, (_, i) => i));
  const districts = Array.from({ length: n }, () => deck.splice(-STARTING_CARDS).reverse());
  const known = districts.map((d) => {
    const mask = Array(DECK_SIZE).fill(false);
    for (const slot of BOTTOM_ROW) mask[d[slot]] = true;
    return mask;
  });
  return {
    n,
    districts,
    deck,
    discard: [],
    removed: [],
    known,
    phase: 'draw',
    active: 0,
    held: EMPTY,
    closer: -1,
    windowValue: -1,
    eligible: [],
    sicario: false,
    picked: NO_PICK,
    giveTarget: NO_PICK,
    giver: -1,
    turns: 0,
    turnLimit: ROUND_LIMIT * n,
    soplonCard: EMPTY,
    endReason: '',
  };
}

function place(G, seat, card) {
  const district = G.districts[seat];
  if (district.length < MAX_SLOTS) {
    district.push(card);
    return district.length - 1;
  }
  const slot = district.indexOf(EMPTY);
  district[slot] = card;
  return slot;
}

/** The top draw-pile card; an empty pile is rebuilt from the discard pile but its top card,
 * shuffled, and nobody knows where those cards lie any more. */
function takeTop(G, random) {
  if (G.deck.length === 0) {
    const top = G.discard.pop();
    G.deck = random.Shuffle(G.discard);
    G.discard = [top];
    for (const mask of G.known) for (const card of G.deck) mask[card] = false;
  }
  return G.deck.pop();
}

function revealToAll(G, card) {
  for (const mask of G.known) mask[card] = true;
}

function endTurn(G, random) {
  G.phase = 'draw';
  G.sicario = false;
  G.picked = NO_PICK;
  G.eligible = [];
  G.windowValue = -1;
  G.turns += 1;
  const next = (G.active + 1) % G.n;
  if (next === G.closer) finish(G, random, 'closed');
  else if (G.closer < 0 && G.turns >= G.turnLimit) finish(G, random, 'round_limit');
  else if (!canDraw(G)) finish(G, random, 'deck_exhausted');
  else G.active = next;
}

function enterFamilyPhase(G, random, phase) {
  G.phase = phase;
  if (legalActions(G, G.active).length) return;
  if (phase === 'peek' && G.sicario) enterFamilyPhase(G, random, 'switch');
  else endTurn(G, random);
}

function openWindow(G, value) {
  G.phase = 'snap';
  G.windowValue = value;
  G.eligible = clockwise(G.active + 1, G.n);
}

function swapIn(G, random, seat, slot) {
  const district = G.districts[seat];
  const played = district[slot];
  district[slot] = G.held;
  G.held = EMPTY;
  if (played === SOPLON) {
    place(G, seat, played);
    revealToAll(G, played);
    endTurn(G, random);
    return;
  }
  G.discard.push(played);
  if (KINDS[played] === 'family') {
    G.sicario = FACES[played] === 'sicario';
    enterFamilyPhase(G, random, FAMILY_PHASE[FACES[played]]);
  } else if (witnessLike(played)) {
    openWindow(G, PRINTED[played]);
  } else {
    endTurn(G, random);
  }
}

function snap(G, random, seat, target, slot) {
  const district = G.districts[target];
  const card = district[slot];
  if (eliminable(card) && PRINTED[card] === G.windowValue) {
    district[slot] = EMPTY;
    G.discard.push(card);
    G.eligible = [];
    if (target !== seat && G.districts[seat].some((c) => c !== EMPTY)) {
      G.phase = 'give';
      G.giveTarget = [target, slot];
      G.giver = seat;
      return;
    }
    endTurn(G, random);
    return;
  }
  revealToAll(G, card); // a wrong guess: shown to everyone, and a penalty card
  if (!canDraw(G)) {
    endTurn(G, random);
    return;
  }
  place(G, seat, takeTop(G, random));
  G.eligible = clockwise(G.active + 1, G.n);
}

/** One action (state.py's play), on the state boardgame.io hands the move. */
function play(G, random, seat, action) {
  const [kind, a, b] = action;
  if (kind === 'draw') {
    const card = takeTop(G, random);
    G.held = card;
    G.known[seat][card] = true;
    G.phase = 'swap';
  } else if (kind === 'close') {
    G.closer = seat;
    endTurn(G, random);
  } else if (kind === 'swap') {
    swapIn(G, random, seat, a);
  } else if (kind === 'keep') {
    place(G, seat, G.held);
    G.held = EMPTY;
    endTurn(G, random);
  } else if (kind === 'peek') {
    G.known[seat][G.districts[a][b]] = true;
    if (G.sicario) enterFamilyPhase(G, random, 'switch');
    else endTurn(G, random);
  } else if (kind === 'pick') {
    G.picked = [a, b];
  } else if (kind === 'switch') {
    const [pa, ps] = G.picked;
    const x = G.districts[pa][ps];
    G.districts[pa][ps] = G.districts[a][b];
    G.districts[a][b] = x;
    G.picked = NO_PICK;
    endTurn(G, random);
  } else if (kind === 'remove') {
    const card = G.districts[seat][a];
    G.districts[seat][a] = EMPTY;
    if (card === SOPLON) {
      G.removed.push(card);
      revealToAll(G, card);
    } else {
      G.discard.push(card);
    }
    endTurn(G, random);
  } else if (kind === 'add') {
    place(G, a, takeTop(G, random));
    endTurn(G, random);
  } else if (kind === 'snap') {
    snap(G, random, seat, a, b);
  } else if (kind === 'pass') {
    G.eligible = G.eligible.filter((s) => s !== seat);
    if (G.eligible.length === 0) endTurn(G, random);
  } else if (kind === 'give') {
    const [t, ts] = G.giveTarget;
    G.districts[t][ts] = G.districts[seat][a];
    G.districts[seat][a] = EMPTY;
    G.giveTarget = NO_PICK;
    G.giver = -1;
    endTurn(G, random);
  }
}

function finish(G, random, reason) {
  G.phase = 'over';
  G.endReason = reason;
  if (G.districts.some((d) => d.includes(SOPLON)) && canDraw(G)) {
    G.soplonCard = takeTop(G, random);
    G.deck.push(G.soplonCard);
  }
}

function scores(G) {
  const soplon = G.soplonCard === EMPTY ? SOPLON_FALLBACK_VALUE : PRINTED[G.soplonCard];
  return G.districts.map((d) =>
    d.filter((c) => c !== EMPTY).reduce((sum, c) => sum + (c === SOPLON ? soplon : PRINTED[c]), 0)
  );
}

// ------------------------------------------------------ boardgame.io's side of a move

/** After an action, hand the turn to whoever acts next: a new turn for the next active seat,
 * or the one seat a window or a gift waits for (boardgame.io lets only them move). */
function handOver(G, ctx, events) {
  if (G.phase === 'over') return;
  if (G.phase === 'snap' || G.phase === 'give') {
    events.setActivePlayers({ value: { [actors(G)[0]]: 'react' } });
  } else if (String(G.active) !== ctx.currentPlayer) {
    events.endTurn({ next: String(G.active) });
  }
}

const KINDS_OF_ACTION = ['draw', 'close', 'swap', 'keep', 'peek', 'pick', 'switch', 'remove', 'add', 'snap', 'pass', 'give'];

function move(kind) {
  return {
    // Not run in the browser first: its outcome depends on cards the seat does not see.
    client: false,
    move: ({ G, ctx, events, random, playerID }, ...args) => {
      const seat = Number(playerID);
      const action = [kind, ...args];
      if (actors(G)[0] !== seat || !isLegal(G, seat, action)) return INVALID_MOVE;
      play(G, random, seat, action);
      handOver(G, ctx, events);
    },
  };
}

/** What `playerID` sees (view.py): known faces, backs, the draw pile's size. */
function playerView({ G, playerID }) {
  const seat = playerID === null || playerID === undefined ? null : Number(playerID);
  const over = G.phase === 'over';
  const mask = seat === null ? null : G.known[seat];
  return {
    n: G.n,
    seat,
    phase: G.phase,
    active: G.active,
    actors: actors(G),
    eligible: G.eligible,
    districts: G.districts.map((d) =>
      d.map((c) => (c === EMPTY ? EMPTY : over || (mask && mask[c]) ? FACES[c] : 'back'))
    ),
    held: G.held === EMPTY ? null : seat === G.active ? FACES[G.held] : 'back',
    deck: G.deck.length,
    discard: G.discard.map((c) => FACES[c]),
    removed: G.removed.map((c) => FACES[c]),
    closer: G.closer,
    window: G.phase === 'snap' ? G.windowValue : null,
    sicario: G.sicario,
    picked: G.phase === 'switch' && G.picked[0] >= 0 ? G.picked : NO_PICK,
    giveTo: G.phase === 'give' ? G.giveTarget : null,
    giver: G.phase === 'give' ? G.giver : -1,
    turn: G.turns,
    turnLimit: G.turnLimit,
  };
}

const StoolPigeon = {
  name: 'stool-pigeon',
  minPlayers: 2,
  maxPlayers: 6,
  setup,
  playerView,
  moves: Object.fromEntries(KINDS_OF_ACTION.map((kind) => [kind, move(kind)])),
  turn: { stages: { react: {} } },
  endIf: ({ G }) => (G.phase === 'over' ? { reason: G.endReason, scores: scores(G) } : undefined),
};

module.exports = { StoolPigeon, legalActions, actors };
