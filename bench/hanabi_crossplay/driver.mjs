// Seats WillFlame14/hanabi-bot (H-group conventions) at a table our Python bench referees.
//
// Usage: node driver.mjs <checkout of hanabi-bot>
// One JSON object a line on stdin, one reply a line on stdout:
//   {"cmd": "start", "players": n, "seats": [s, ...], "level": 1}  -> {"ok": true}
//   {"cmd": "act", "seat": s, "events": [...]}  -> {"action": {type, target, value}, "table": {...}}
//   {"cmd": "notes", "seat": s, "events": [...]}                    -> {"notes": {order: text}}
//   {"cmd": "quit"}
// Events are the bot's own action messages (draw, play, discard, clue, turn), exactly what
// hanab.live would send that seat: the bench hides the seat's own draws before sending.
// The bot's code is loaded from the user's checkout; none of it lives in this project.
import * as path from 'node:path';
import * as readline from 'node:readline';
import { pathToFileURL } from 'node:url';

const reply = process.stdout.write.bind(process.stdout);
// The bot logs through console.log; stdout is our channel, so its logs go to stderr.
console.log = console.info = console.warn = console.debug = (...args) => console.error(...args);

const checkout = process.argv[2];
if (!checkout) {
	console.error('usage: node driver.mjs <hanabi-bot checkout>');
	process.exit(2);
}
const load = (file) => import(pathToFileURL(path.join(checkout, 'src', file)).href);

const { default: HGroup } = await load('conventions/h-group.js');
const { State } = await load('basics/State.js');
const Utils = await load('tools/util.js');
const { default: logger } = await load('tools/logger.js');
logger.setLevel(logger.LEVELS.ERROR);

// hanab.live's "No Variant": what variants.js would fetch from the network for that name.
const NO_VARIANT = { id: 0, name: 'No Variant', suits: ['Red', 'Yellow', 'Green', 'Blue', 'Purple'] };
const NAMES = ['Alice', 'Bob', 'Cathy', 'Donald', 'Emily'];

/** @type {Map<number, any>} */
let games = new Map();

function feed(seat, events) {
	const game = games.get(seat);
	if (game === undefined)
		throw new Error(`seat ${seat} is not a bot seat`);
	for (const event of events) {
		Utils.globalModify({ game });
		game.handle_action(event);
	}
	return game;
}

async function handle(message) {
	switch (message.cmd) {
		case 'start': {
			games = new Map();
			const names = NAMES.slice(0, message.players);
			for (const seat of message.seats) {
				const game = new HGroup(-1, new State(names, seat, NO_VARIANT, {}), false, message.level ?? 1);
				game.catchup = true;
				games.set(seat, game);
			}
			Utils.globalModify({ game: games.get(message.seats[0]), cache: new Map() });
			return { ok: true, handSize: games.get(message.seats[0]).state.handSize };
		}
		case 'act': {
			const game = feed(message.seat, message.events);
			Utils.globalModify({ game });
			// The table as the bot sees it, so that the bench can check both sides agree.
			const { clue_tokens, strikes, play_stacks, hands } = game.state;
			const table = { clues: clue_tokens, strikes, stacks: play_stacks, hands };
			const { type, target, value } = await game.take_action(game);
			return { action: { type, target, value: value ?? 0 }, table };
		}
		case 'notes': {
			const game = feed(message.seat, message.events);
			const notes = {};
			game.notes.forEach((note, order) => { if (note?.full) notes[order] = note.full; });
			return { notes };
		}
		case 'quit':
			process.exit(0);
		default:
			throw new Error(`unknown command ${JSON.stringify(message.cmd)}`);
	}
}

const lines = readline.createInterface({ input: process.stdin });
for await (const line of lines) {
	if (!line.trim())
		continue;
	let answer;
	try {
		answer = await handle(JSON.parse(line));
	}
	catch (err) {
		answer = { error: String(err?.stack ?? err) };
	}
	reply(JSON.stringify(answer) + '\n');
}
process.exit(0);
