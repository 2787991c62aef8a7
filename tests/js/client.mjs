// A JavaScript client of `ena-rules serve --http`: it plays a whole game, each player over
// their own WebSocket, and prints a JSON summary (the game's log, what each player was pushed).
//
//   node client.mjs http://127.0.0.1:8765 ena 7 ana,bor,cene
//
// Each player acts and sees only through their own token. The policy is the tests' own: the
// first seat (clockwise from the first) with a legal event plays its first one.
import WebSocket from "ws";

const [base, variant = "ena", seed = "7", names = "ana,bor,cene"] = process.argv.slice(2);

async function rpc(method, params = {}) {
  const res = await fetch(`${base}/rpc`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
  });
  const answer = await res.json();
  if (answer.error) throw new Error(`${method}: ${answer.error.code} ${answer.error.message}`);
  return answer.result;
}

// One player's seat: a WebSocket that answers requests by id and collects pushed views.
class Seat {
  constructor(player, token) {
    this.player = player;
    this.token = token;
    this.pending = new Map();
    this.updates = [];
    this.nextId = 0;
  }

  open() {
    this.ws = new WebSocket(`${base.replace(/^http/, "ws")}/ws`);
    this.ws.on("message", (data) => {
      const msg = JSON.parse(data.toString());
      if (msg.method === "game.update") {
        this.updates.push(msg.params);
      } else if (this.pending.has(msg.id)) {
        this.pending.get(msg.id)(msg);
        this.pending.delete(msg.id);
      }
    });
    return new Promise((resolve, reject) => {
      this.ws.once("open", resolve);
      this.ws.once("error", reject);
    });
  }

  // A request over this seat's WebSocket; resolves to the whole answer (result or error).
  send(method, params = {}) {
    const id = ++this.nextId;
    this.ws.send(JSON.stringify({ jsonrpc: "2.0", id, method, params: { token: this.token, ...params } }));
    return new Promise((resolve) => this.pending.set(id, resolve));
  }

  async call(method, params = {}) {
    const answer = await this.send(method, params);
    if (answer.error) throw new Error(`${this.player} ${method}: ${answer.error.message}`);
    return answer.result;
  }
}

function fail(message) {
  console.error(`client: ${message}`);
  process.exit(1);
}

const game = await rpc("game.new", { variant, players: names.split(","), seed: Number(seed) });
const seats = game.players.map((p) => new Seat(p, game.tokens[p]));
await Promise.all(seats.map((s) => s.open()));
for (const s of seats) {
  const first = await s.call("game.watch");
  if (first.view.player !== s.player) fail(`${s.player} watches ${first.view.player}'s view`);
}

// a seat may not act for another: an error, and the game is unchanged
const due = (await seats[0].call("game.view")).view.due;
const other = seats.find((s) => s.player !== due);
const dueSeat = seats.find((s) => s.player === due);
const [someMove] = (await dueSeat.call("game.legal")).events;
const refused = await other.send("game.act", { event: someMove });
if (!refused.error || refused.error.code !== -32002) fail(`acting for ${due} was not refused`);

let acts = 0;
let last = null;
while (true) {
  const legal = await Promise.all(seats.map((s) => s.call("game.legal")));
  const i = legal.findIndex((l) => l.events.length > 0);
  if (i < 0) break;
  last = await seats[i].call("game.act", { event: legal[i].events[0] });
  if (last.verdict.outcome === "rejected") fail(`rejected: ${last.verdict.message}`);
  acts += 1;
  if (last.view.phase === "over") break;
  if (acts > 20000) fail("the game does not end");
}
// each seat has had one push per verdict; wait for the last one to arrive
await new Promise((resolve) => {
  const check = () => (seats.every((s) => s.updates.length >= acts) ? resolve() : setTimeout(check, 10));
  check();
});
for (const s of seats) {
  for (const u of s.updates) {
    if (u.player !== s.player || u.view.player !== s.player) fail(`${s.player} was pushed ${u.view.player}'s view`);
  }
  const seqs = s.updates.map((u) => u.seq);
  if (seqs.some((q, k) => k > 0 && q < seqs[k - 1])) fail(`${s.player}'s pushes out of order`);
  if (s.updates.at(-1).seq !== last.seq) fail(`${s.player}'s last push is not the last verdict's`);
}
const { log } = await rpc("game.log", { token: game.tokens[game.players[0]] });
console.log(JSON.stringify({
  acts,
  winner: last.winner,
  updates: Object.fromEntries(seats.map((s) => [s.player, s.updates.length])),
  log,
}));
for (const s of seats) s.ws.close();
