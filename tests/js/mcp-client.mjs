// The TypeScript MCP SDK's own client against `ena-rules mcp`: it lists the tools and calls
// every one, then prints a JSON summary (the tools listed, each call's outcome).
//
//   ENA_POSITION='ena players=...' node mcp-client.mjs python3 -m ena_rules mcp
import { readFileSync } from "node:fs";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";

const [command, ...args] = process.argv.slice(2);
const transport = new StdioClientTransport({ command, args, stderr: "ignore" });
const client = new Client({ name: "ena-rules-test", version: "1.0.0" });
await client.connect(transport);

const listed = (await client.listTools()).tools.map((t) => t.name).sort();
const data = async (name, args = {}) => {
  const result = await client.callTool({ name, arguments: args });
  if (result.isError) return { error: JSON.parse(result.content[0].text.replace(/^[^{]*/, "")) };
  return result.structuredContent ?? JSON.parse(result.content[0].text);
};

const log = readFileSync(new URL("../../docs/examples/ena-disputed.jsonl", import.meta.url), "utf8");
const out = { listed };
out.list_variants = (await data("list_variants")).variants.some((v) => v.name === "ena");
out.explain = (await data("explain", { id: "PEN-ENA" })).text.split(":")[0];
out.validate_record = (await data("validate_record", { log })).summary.first_wrong_line;
out.replay_record = (await data("replay_record", { log })).html.startsWith("<!DOCTYPE html>");
const game = await data("new_game", { variant: "ena", players: ["ana", "bor", "cene"], seed: 42 });
out.new_game = Object.keys(game.tokens).sort();
const cene = game.tokens.cene;
out.my_view = (await data("my_view", { token: cene })).view.hand;
const moves = (await data("my_legal_moves", { token: cene })).events;
out.my_legal_moves = moves;
out.act = (await data("act", { token: cene, event: moves[0] })).verdict.message;
out.game_log = (await data("game_log", { token: cene })).error.code;
const position = process.env.ENA_POSITION; // a position where ana, not due, holds R1
out.judge = (await data("judge", { position, event: { type: "play", player: "ana", card: "R1" } }));
console.log(JSON.stringify(out));
await client.close();
