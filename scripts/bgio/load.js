// The load of `backroom bench server` (backroom/sim/server_load.py), against a boardgame.io
// server: TABLES four-seat Stool Pigeon matches kept in play for DURATION seconds, each seat a
// boardgame.io Client over socket.io (WebSocket transport) in this process. The first seat in
// priority order plays a random legal move after a random pause of mean THINK seconds; a
// finished match is replaced by a new one. Measured the same way: moves that completed before
// the deadline, and for each the time from sending it to receiving the state that includes it
// (Backroom's act -> ack). Prints one JSON line.
//
//   node load.js --url http://127.0.0.1:PORT --tables 200 --think 1 --duration 30 [--server-pid PID]
'use strict';

const fs = require('fs');
const { performance } = require('perf_hooks');
const { Client, LobbyClient } = require('boardgame.io/client');
const { SocketIO } = require('boardgame.io/multiplayer');
const { StoolPigeon, legalActions } = require('./stool-pigeon');

const MOVE_TIMEOUT_MS = 30000;
/** A move unanswered this long counts as refused (boardgame.io drops a bad move silently). */
const WAVE = 50;
/** Tables seated at once, as Backroom's bench seats them: a crowd arrives in waves. */

function options(argv) {
  const opts = { url: 'http://127.0.0.1:8000', tables: 200, seats: 4, think: 0, duration: 60, seed: 0, serverPid: 0 };
  for (let i = 2; i < argv.length; i += 2) {
    const key = argv[i].replace(/^--/, '').replace(/-(.)/g, (_, c) => c.toUpperCase());
    if (!(key in opts)) throw new Error(`unknown option ${argv[i]}`);
    opts[key] = key === 'url' ? argv[i + 1] : Number(argv[i + 1]);
  }
  return opts;
}

/** mulberry32: a small seeded generator, so that a run's choices repeat. */
function generator(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** User plus system CPU seconds of a process so far (Linux /proc), as server_load.cpu_seconds. */
function cpuSeconds(pid) {
  if (!pid) return 0;
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(')').pop().trim().split(/\s+/);
  return (Number(fields[11]) + Number(fields[12])) / 100; // USER_HZ is 100 on Linux
}

function percentile(values, q) {
  if (!values.length) return 0;
  const ordered = Float64Array.from(values).sort();
  return ordered[Math.min(ordered.length - 1, Math.floor(q * ordered.length))];
}

/** One seat's client, and a way to wait for the state it is waiting for. */
class Seat {
  constructor(url, matchID, seats, seat, credentials) {
    this.seat = seat;
    this.waiter = null;
    this.client = Client({
      game: StoolPigeon,
      numPlayers: seats,
      matchID,
      playerID: String(seat),
      credentials,
      debug: false,
      multiplayer: SocketIO({ server: url, socketOpts: { transports: ['websocket'] } }),
    });
    this.client.subscribe((state) => {
      if (state && this.waiter && this.waiter.wanted(state)) {
        const { resolve, timer } = this.waiter;
        this.waiter = null;
        if (timer !== null) clearTimeout(timer);
        resolve(state);
      }
    });
    this.client.start();
  }

  /** The first state for which `wanted` holds (null after `timeoutMs`; none: no limit). */
  next(wanted, timeoutMs = MOVE_TIMEOUT_MS) {
    const state = this.client.getState();
    if (state && wanted(state)) return Promise.resolve(state);
    return new Promise((resolve) => {
      const timer =
        timeoutMs === null
          ? null
          : setTimeout(() => {
              this.waiter = null;
              resolve(null);
            }, timeoutMs);
      this.waiter = { wanted, resolve, timer };
    });
  }

  stop() {
    this.client.stop();
  }
}

const over = (state) => state.ctx.gameover !== undefined;

async function playSeat(seat, rng, think, load) {
  let answered = -1;
  for (;;) {
    const state = await seat.next(
      (s) => over(s) || (s.G.actors[0] === seat.seat && s._stateID > answered),
      null
    );
    if (over(state)) return;
    answered = state._stateID;
    const legal = legalActions(state.G, seat.seat);
    const [kind, ...args] = legal[Math.floor(rng() * legal.length)];
    if (think > 0) await sleep(rng() * 2 * think * 1000);
    const start = performance.now();
    seat.client.moves[kind](...args);
    const after = await seat.next((s) => over(s) || s._stateID > answered);
    if (after === null) {
      load.refused += 1;
      continue;
    }
    const end = performance.now();
    if (end <= load.deadline) load.latencies.push(end - start);
  }
}

async function seatTable(lobby, url, seats) {
  const { matchID } = await lobby.createMatch('stool-pigeon', { numPlayers: seats });
  // The seats join at once, as four people following one invite would.
  const players = await Promise.all(
    Array.from({ length: seats }, async (_, seat) => {
      const player = { playerID: String(seat), playerName: `p${seat}` };
      const joined = await lobby.joinMatch('stool-pigeon', matchID, player);
      return new Seat(url, matchID, seats, seat, joined.playerCredentials);
    })
  );
  await Promise.all(players.map((p) => p.next(() => true, MOVE_TIMEOUT_MS)));
  return players;
}

async function main() {
  const opts = options(process.argv);
  const lobby = new LobbyClient({ server: opts.url });
  const load = { deadline: Infinity, latencies: [], refused: 0, games: 0, stopped: false };
  let seated = 0;
  let waveFree = WAVE;
  const waveQueue = [];
  let go;
  const started = new Promise((resolve) => (go = resolve));

  async function inWave(fn) {
    if (waveFree === 0) await new Promise((resolve) => waveQueue.push(resolve));
    else waveFree -= 1;
    try {
      return await fn();
    } finally {
      const nextUp = waveQueue.shift();
      if (nextUp) nextUp();
      else waveFree += 1;
    }
  }

  async function tableSlot(index) {
    const rng = generator(opts.seed * 100003 + index);
    for (let game = 0; !load.stopped; game++) {
      const seat = () => seatTable(lobby, opts.url, opts.seats);
      const players = game === 0 ? await inWave(seat) : await seat();
      if (game === 0) {
        seated += 1;
        if (seated === opts.tables) {
          load.deadline = performance.now() + opts.duration * 1000;
          go();
        }
        await started;
      }
      const seeds = players.map(() => generator(Math.floor(rng() * 2 ** 32)));
      await Promise.race([
        Promise.all(players.map((p, i) => playSeat(p, seeds[i], opts.think, load))),
        stopping,
      ]);
      players.forEach((p) => p.stop());
      if (!load.stopped) load.games += 1;
    }
  }

  let stop;
  const stopping = new Promise((resolve) => (stop = resolve));
  const slots = Array.from({ length: opts.tables }, (_, i) => tableSlot(i));
  slots.forEach((slot) => slot.catch((error) => {
    console.error(`a table failed: ${error.stack || error}`);
    process.exit(2);
  }));
  await started;
  const start = performance.now();
  const cpu = cpuSeconds(opts.serverPid);
  const own = process.cpuUsage();
  await sleep(load.deadline - performance.now());
  const used = cpuSeconds(opts.serverPid) - cpu;
  const ownUsed = process.cpuUsage(own);
  const seconds = (performance.now() - start) / 1000;
  load.stopped = true;
  stop();
  const moves = load.latencies.length;
  const result = {
    server: 'boardgame.io',
    tables: opts.tables,
    seats: opts.seats,
    think: opts.think,
    seconds,
    moves,
    moves_per_second: moves / seconds,
    games: load.games,
    p50_ms: percentile(load.latencies, 0.5),
    p99_ms: percentile(load.latencies, 0.99),
    max_ms: load.latencies.reduce((a, b) => Math.max(a, b), 0),
    refused: load.refused,
    server_cpu_ms_per_move: opts.serverPid ? (1000 * used) / Math.max(1, moves) : null,
    // Whether the clients, not the server, set the pace: their share of a core meanwhile.
    load_generator_cpu_share: (ownUsed.user + ownUsed.system) / 1e6 / seconds,
  };
  console.log(JSON.stringify(result));
  process.exit(0);
}

main().catch((error) => {
  console.error(error.stack || String(error));
  process.exit(2);
});
