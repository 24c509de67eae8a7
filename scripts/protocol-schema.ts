// Writes docs/protocol.md: the `d20sim serve` protocol in prose, an example session, and the JSON Schema of every
// message (generated from the zod schemas of src/protocol with z.toJSONSchema).
//   npx tsx scripts/protocol-schema.ts          regenerate docs/protocol.md
//   npx tsx scripts/protocol-schema.ts --json   print all the schemas as one JSON Schema document instead
// test/protocol/doc.test.ts fails when docs/protocol.md is out of date or the example no longer fits the schemas.
// (The prose and the example live here rather than in src/ because the example quotes rule IDs, which
// src/docs/rules-index.ts would count as citations.)
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ERROR_CODES, PROTOCOL_VERSION } from '../src/protocol/messages.ts';
import { protocolJsonSchemaDocument, protocolJsonSchemas, type SchemaName } from '../src/protocol/schema.ts';
import { DEFAULT_MAX_ROUNDS, DEFAULT_TIMEOUT_MS, TAKEOVER_BOT } from '../src/protocol/server.ts';

export type TranscriptLine =
  | { readonly from: 'engine'; readonly message: Record<string, unknown> }
  | { readonly from: 'client'; readonly message: Record<string, unknown> | string }
  | { readonly note: string };

const engine = (message: Record<string, unknown>): TranscriptLine => ({ from: 'engine', message });
const client = (message: Record<string, unknown> | string): TranscriptLine => ({ from: 'client', message });
const note = (text: string): TranscriptLine => ({ note: text });
const event = (e: Record<string, unknown>) => engine({ type: 'event', event: e });

const map = { width: 12, height: 8, blocked: [], difficult: [] };
const fighterAt = (at: number[], hp = 30) => ({ id: 'fighter', name: 'Fighter', side: 'heroes', at, hpState: 'fine', hp, damageTaken: 0, conditions: [], flatFooted: false, aooLeft: 2 });
const bugbear = (damageTaken: number) => ({ id: 'bugbear', name: 'Bugbear', side: 'monsters', at: [9, 4], hpState: 'fine', hp: null, damageTaken, conditions: [], flatFooted: true, aooLeft: null });
const observation = (fighter: ReturnType<typeof fighterAt>, taken: number) => ({ side: 'heroes', round: 1, phase: 'regular', turn: 'fighter', map, creatures: [fighter, bugbear(taken)] });
const fighterMoves = [[3, 4], [4, 4], [5, 4], [6, 4], [7, 4], [8, 4]];

/** `d20sim serve fixtures/encounters/duel.json --stdio --control heroes --seed 7`, abridged where the notes say. */
export const TRANSCRIPT: readonly TranscriptLine[] = [
  engine({
    type: 'hello', protocol: PROTOCOL_VERSION, side: 'heroes',
    encounter: { name: 'Duel: fighter against a bugbear', map: { width: 12, height: 8 }, sides: ['heroes', 'monsters'] },
    creatures: ['fighter'], opponent: 'brute', timeoutMs: 5000,
  }),
  event({ type: 'InitiativeRolled', id: 'fighter', d20: 1, modifier: 5, total: 6, rules: ['INIT-1'] }),
  event({ type: 'InitiativeRolled', id: 'bugbear', d20: 5, modifier: 1, total: 6, rules: ['INIT-1'] }),
  event({ type: 'InitiativeSet', order: ['fighter', 'bugbear'], scripted: false, rules: ['INIT-1', 'INIT-2'] }),
  event({ type: 'RoundBegan', round: 1, rules: ['INIT-1'] }),
  event({ type: 'TurnBegan', id: 'fighter', round: 1, surprise: false, limited: false, rules: ['AOO-2'] }),
  event({ type: 'FlatFootedEnded', id: 'fighter', rules: ['FF-1'] }),
  note('"legal" abridged: 201 entries, one of each kind shown'),
  engine({
    type: 'command-request', id: 1, actor: 'fighter', observation: observation(fighterAt([2, 4]), 0),
    legal: [
      { command: { actor: 'fighter', action: 'move', path: [[2, 3], [2, 2], [1, 1], [0, 0]] }, provokes: [] },
      { command: { actor: 'fighter', action: 'five-foot-step', to: [1, 3] }, provokes: [] },
      { command: { actor: 'fighter', action: 'withdraw', path: [[2, 3], [2, 2], [1, 1], [0, 0]] }, provokes: [] },
      { command: { actor: 'fighter', action: 'charge', target: 'bugbear', path: [[3, 4], [4, 4], [5, 4], [6, 4], [7, 4], [8, 3]], powerAttack: 0 }, provokes: [] },
      { command: { actor: 'fighter', action: 'total-defense' }, provokes: [] },
      { command: { actor: 'fighter', action: 'end-turn' }, provokes: [] },
    ],
  }),
  note('a command for the other side is refused; nothing changes and request 1 stays open'),
  client({ type: 'command', id: 1, command: { actor: 'bugbear', action: 'end-turn' } }),
  engine({ type: 'error', id: 1, code: 'not-your-creature', message: 'command.actor: "bugbear" is on side monsters; you command only heroes (expected "fighter")' }),
  note('so is a malformed one: the message names the JSON path'),
  client({ type: 'command', id: 1, command: { actor: 'fighter', action: 'move', path: [[3, 4, 5]] } }),
  engine({ type: 'error', id: 1, code: 'invalid-message', message: 'invalid message: command.path[0]: expected an [x, y] pair of integers, got [3,4,5]' }),
  client({ type: 'command', id: 1, command: { actor: 'fighter', action: 'move', path: fighterMoves } }),
  event({ type: 'ActionStarted', id: 'fighter', action: 'move', cost: 'move', rules: ['CORE-1'] }),
  event({ type: 'Moved', id: 'fighter', from: [2, 4], to: [3, 4], mode: 'move', rules: ['CORE-5', 'PROV-1'] }),
  note('four more Moved events'),
  event({ type: 'Moved', id: 'fighter', from: [7, 4], to: [8, 4], mode: 'move', rules: ['CORE-5', 'PROV-1'] }),
  note('the fighter still has its standard action: another request for it ("legal" abridged: 79 entries)'),
  engine({
    type: 'command-request', id: 2, actor: 'fighter', observation: observation(fighterAt([8, 4]), 0),
    legal: [
      { command: { actor: 'fighter', action: 'attack', target: 'bugbear', with: 'longsword', powerAttack: 0 }, provokes: [] },
      { command: { actor: 'fighter', action: 'trip', target: 'bugbear' }, provokes: [] },
      { command: { actor: 'fighter', action: 'disarm', target: 'bugbear' }, provokes: [] },
      { command: { actor: 'fighter', action: 'total-defense' }, provokes: [] },
      { command: { actor: 'fighter', action: 'end-turn' }, provokes: [] },
    ],
  }),
  note('the rules refuse a 5-foot step after moving: the rejection code and message come from the engine'),
  client({ type: 'command', id: 2, command: { actor: 'fighter', action: 'five-foot-step', to: [8, 3] } }),
  engine({ type: 'error', id: 2, code: 'moved-already', message: 'rejected (moved-already): a 5-foot step only in a turn with no other movement (AVOID-1)' }),
  client({ type: 'command', id: 2, command: { actor: 'fighter', action: 'attack', target: 'bugbear' } }),
  event({ type: 'ActionStarted', id: 'fighter', action: 'attack', cost: 'standard', rules: ['CORE-1'] }),
  event({
    type: 'AttackRolled', attacker: 'fighter', target: 'bugbear', weapon: 'longsword', kind: 'regular', provokedBy: null, d20: 11, bonus: 7, total: 18,
    ac: 16, acKind: 'normal', hit: true, threat: false, confirmD20: null, critical: false, flanking: false, deniedDex: true, missChance: 0, d100: null,
    sneak: false, rules: ['CORE-2', 'DEX-1', 'FF-2', 'CORE-9'],
  }),
  event({ type: 'DamageDealt', source: 'fighter', target: 'bugbear', cause: 'attack', dice: [3], dieSize: 8, sneakDice: [], amount: 6, rules: ['CORE-3'] }),
  engine({
    type: 'command-request', id: 3, actor: 'fighter', observation: observation(fighterAt([8, 4]), 6),
    legal: [{ command: { actor: 'fighter', action: 'end-turn' }, provokes: [] }],
  }),
  client({ type: 'command', id: 3, command: { actor: 'fighter', action: 'end-turn' } }),
  event({ type: 'TurnEnded', id: 'fighter', rules: ['CORE-1'] }),
  note("the bot's turn: its events only, no request"),
  event({ type: 'TurnBegan', id: 'bugbear', round: 1, surprise: false, limited: false, rules: ['AOO-2'] }),
  event({ type: 'FlatFootedEnded', id: 'bugbear', rules: ['FF-1'] }),
  event({ type: 'ActionStarted', id: 'bugbear', action: 'attack', cost: 'standard', rules: ['CORE-1'] }),
  event({
    type: 'AttackRolled', attacker: 'bugbear', target: 'fighter', weapon: 'morningstar', kind: 'regular', provokedBy: null, d20: 13, bonus: 5, total: 18,
    ac: 18, acKind: 'normal', hit: true, threat: false, confirmD20: null, critical: false, flanking: false, deniedDex: false, missChance: 0, d100: null,
    sneak: false, rules: ['CORE-2'],
  }),
  event({ type: 'DamageDealt', source: 'bugbear', target: 'fighter', cause: 'attack', dice: [1], dieSize: 8, sneakDice: [], amount: 3, rules: ['CORE-3'] }),
  event({ type: 'TurnEnded', id: 'bugbear', rules: ['CORE-1'] }),
  event({ type: 'RoundBegan', round: 2, rules: ['INIT-1'] }),
  note('rounds 2 to 6 alike: attack, end-turn; the fighter drops the bugbear in round 6'),
  event({ type: 'CombatEnded', winner: 'heroes', rules: ['CORE-12'] }),
  note('"summary" abridged: one attack of eleven shown'),
  engine({
    type: 'end', winner: 'heroes', stopped: false, replaced: null,
    summary: {
      format: 'd20sim/summary@1', round: 6, ended: true, winner: 'heroes', initiative: ['fighter', 'bugbear'],
      combatants: {
        fighter: { hp: 14, at: [8, 4], state: 'fine', flatFooted: false, aooLeft: 2, conditions: [] },
        bugbear: { hp: -4, at: [9, 4], state: 'dying', flatFooted: false, aooLeft: 1, conditions: [] },
      },
      attacks: [{ round: 1, attacker: 'fighter', target: 'bugbear', kind: 'regular', weapon: 'longsword', roll: 11, total: 18, ac: 16, hit: true, critical: false, flanking: false, sneak: false, damage: 6 }],
      spells: [],
      rejected: [{ step: 2, code: 'moved-already', message: 'a 5-foot step only in a turn with no other movement (AVOID-1)' }],
    },
  }),
];

/** An opportunity, from a fight against the random bot: the request and two answers. */
export const OPPORTUNITY_TRANSCRIPT: readonly TranscriptLine[] = [
  event({ type: 'ActionStarted', id: 'orc', action: 'move', cost: 'move', rules: ['CORE-1'] }),
  note('"observation" abridged'),
  engine({
    type: 'opportunity-request', id: 3, reactor: 'fighter', against: 'orc', trigger: 'move', with: ['longsword', 'trip', 'disarm'],
    observation: { side: 'heroes', round: 1, phase: 'regular', turn: 'orc', map, creatures: [] },
  }),
  client({ type: 'opportunity', id: 3, take: true, with: 'javelin' }),
  engine({ type: 'error', id: 3, code: 'invalid-message', message: 'with: expected one of longsword|trip|disarm (or null for the default attack), got "javelin"' }),
  client({ type: 'opportunity', id: 3, take: true }),
  event({ type: 'OpportunityTaken', reactor: 'fighter', against: 'orc', with: 'attack', trigger: 'move', rules: ['AOO-2', 'AOO-3', 'AOO-4'] }),
  note('the attack, then the rest of the orc\'s move'),
];

const renderTranscript = (lines: readonly TranscriptLine[]): string => {
  const out = lines.map((line) => {
    if ('note' in line) return `        # ${line.note}`;
    const text = typeof line.message === 'string' ? line.message : JSON.stringify(line.message);
    return `${line.from === 'engine' ? 'engine' : 'client'}  ${text}`;
  });
  return ['```', ...out, '```'].join('\n');
};

const table = (rows: readonly (readonly string[])[]): string =>
  rows.map((r, i) => `| ${r.join(' | ')} |${i === 0 ? `\n|${r.map(() => ' --- |').join('')}` : ''}`).join('\n');

const SCHEMA_NOTES: Partial<Record<SchemaName, string>> = {
  ClientMessage: 'Every line the client sends.',
  ServerMessage: 'Every line the engine sends.',
  Step: 'A command in the step form of scenario files (SPEC.md), as in `d20sim fork --command`. Optional fields take the SPEC defaults.',
  event: 'The event\'s fields are those of the log (`src/model/events.ts`), inline rather than under `data`.',
};

export function renderProtocolDoc(): string {
  const schemas = protocolJsonSchemas();
  const parts: string[] = [];
  parts.push(`# The \`d20sim serve\` protocol (${PROTOCOL_VERSION})

Generated by \`npx tsx scripts/protocol-schema.ts\` (the JSON Schemas come from the zod schemas in
\`src/protocol/\`); \`test/protocol/doc.test.ts\` fails when this page is out of date.

\`d20sim serve\` lets another program play one side of a fight: it speaks JSON lines on stdin and stdout. The
engine runs the rules, plays every other side with a built-in bot, asks the client for a command whenever one of
the client's creatures must act, and for a decision whenever one of them may take an attack of opportunity.
\`examples/client.py\` is a complete client in a hundred lines of Python.

## Starting it

\`\`\`
d20sim serve ENCOUNTER --stdio --control SIDE [--seed N] [--timeout MS] [--opponent BOT] [--max-rounds N] [--log FILE]
\`\`\`

${table([
  ['option', 'default', 'meaning'],
  ['`ENCOUNTER`', '', 'an encounter file (`d20sim/encounter@1`), as for `d20sim run`'],
  ['`--stdio`', '', 'required: the protocol runs on stdin (client → engine) and stdout (engine → client)'],
  ['`--control SIDE`', '', 'the side the client plays; one of the sides of the encounter'],
  ['`--seed N`', '`1`', 'seed for the dice: the same seed and the same answers give the same fight'],
  ['`--timeout MS`', `\`${DEFAULT_TIMEOUT_MS}\``, 'how long the client has to answer each request'],
  ['`--opponent BOT`', '`brute`', 'the built-in bot for the other side(s), by its name in `src/bots/registry.ts` (`brute`, `random`, ...)'],
  ['`--max-rounds N`', `\`${DEFAULT_MAX_ROUNDS}\``, 'stop as a draw after this many rounds'],
  ['`--log FILE`', '', 'write the event log (`d20sim/log@1` JSONL) as the fight goes; `d20sim replay FILE --verify` checks it'],
])}

Bad options end the command at once with one line on stderr and exit status 2. Otherwise the fight always goes to
its end and the exit status is 0, whatever the client does. Stdout carries protocol lines only; stderr gets a
human-readable notice when a bot takes over the client's side.

## Lines

Every message is one JSON object on one line (UTF-8, ending with \`\\n\`); blank lines are ignored. Every message has a
\`type\`. Clients should ignore fields they do not know: later versions of \`${PROTOCOL_VERSION}\` may add some.
Client messages are checked with the zod schemas whose JSON Schemas are at the end of this page; unknown fields in
them are ignored too.

## The flow

1. The engine writes \`hello\`: the protocol version, the side you play, the encounter's name, map size and sides,
   the ids of your creatures, the bot you face and your time limit.
2. Then, as the fight goes: an \`event\` message for each event your side perceives (initiative, moves, attacks,
   damage, ...), in order, as it happens. Your creatures' events are all told; events naming only foes that none
   of your creatures can see (invisible, or you are blinded) are withheld, until a foe reveals itself by attacking
   one of you. Events that name no single creature (rounds, the initiative order, the end) are public.
3. When one of your creatures must act, the engine writes a \`command-request\` with a new \`id\` (1, 2, 3, ... for
   the whole session), the \`actor\`, what your side perceives (\`observation\`) and every command the rules accept now
   (\`legal\`), each with the foes it would provoke an attack of opportunity from (\`provokes\`, as things stand).
   Answer with \`{"type":"command","id":<that id>,"command":<step>}\`. The command need not be in \`legal\` (that list
   leaves out commands naming foes you cannot perceive, for one); the engine's rules decide.
4. An accepted command's events follow, then the next request. A turn goes on, one command at a time, until you
   send \`end-turn\` (or the engine ends it: the creature dropped, a full-round action, ...): expect several requests
   per turn, for the same actor.
5. When one of your creatures may take an attack of opportunity (a foe's action is paused while you decide), the
   engine writes an \`opportunity-request\` with the \`reactor\`, the foe it may strike (\`against\`), what provoked it
   (\`trigger\`) and what it may strike with (\`with\`: melee attacks it can make, \`trip\`, \`disarm\`, \`touch\` with a
   held charge). Answer \`{"type":"opportunity","id":<id>,"take":true}\` (the default melee attack),
   \`"take":true,"with":"trip"\`, or \`"take":false\`.
6. At the end the engine writes \`end\`: the winning side (\`null\` for a draw), whether the round limit stopped the
   fight, whether a bot took over your side, and the SPEC summary of the whole fight. Then it stops reading and
   exits.

Only one request is open at a time, and the engine waits for its answer: nothing happens in the fight meanwhile.

## Example

A whole session on the duel, \`--seed 7\` (\`engine\` lines are on your stdin, \`client\` lines are what you write;
\`#\` lines are comments of this page):

${renderTranscript(TRANSCRIPT)}

An attack of opportunity (another fight, against \`--opponent random\`):

${renderTranscript(OPPORTUNITY_TRANSCRIPT)}

## Errors

A line the engine cannot accept gets an \`error\` reply: \`{"type":"error","id":<open request>,"code":...,"message":...}\`.
**Nothing changes**: the fight state is untouched, nothing is logged except a rules rejection (below), and the
request stays open: answer it again. The time limit is not reset.

${table([
  ['code', 'when'],
  ...Object.entries(ERROR_CODES).map(([code, when]) => [`\`${code}\``, when]),
  ['any other', 'the rules rejected the command (`rejected (<code>): <why>`), e.g. `not-adjacent`, `moved-already`, `blocked`; the same codes and messages as `d20sim scenario` reports. The command and its rejection are in the log.'],
])}

Shape errors name the JSON path of the first problem and what was expected there, e.g.
\`invalid message: command.path[0]: expected an [x, y] pair of integers, got [1]\` or
\`invalid message: command.action: expected one of move|five-foot-step|...|end-turn, got "fly"\`.

You command only your own side: a command whose \`actor\` is a creature of another side is refused
(\`not-your-creature\`), as is one for another of your creatures than the requested \`actor\` (\`wrong-actor\`).
Answering a request that is not the open one, or with the wrong message type, is \`wrong-request\`.

## Timeouts and disconnects

Each request must get an accepted answer within \`--timeout\` milliseconds of being written (refused answers do not
extend it). If it does not, the engine writes \`{"type":"error","id":<id>,"code":"timeout",...}\` and the built-in
\`${TAKEOVER_BOT}\` bot plays your side for the rest of the fight: no more requests, the events go on, then \`end\` with
\`"replaced":{"reason":"timeout","request":<id>,"bot":"${TAKEOVER_BOT}"}\`.

If your output ends (you closed the engine's stdin, or exited), the same happens at once with code
\`input-closed\`. If you stopped reading too (the engine's stdout is closed), the engine ignores the broken pipe,
plays the fight to its end all the same, finishes the \`--log\` file and exits with status 0: the log of a fight whose
client crashed is complete and verifies.

## Logging

With \`--log FILE\` the fight is written as it happens in the same \`d20sim/log@1\` format as \`d20sim run --log\`:
the header, then every event, every command the engine accepted or the rules rejected, and every opportunity
decision (yours and the bots'). \`d20sim replay FILE\`, \`--verify\`, \`fork\`, \`explain\` and \`view\` work on it.

## JSON Schemas

Draft 2020-12, generated with \`z.toJSONSchema\` (input side: fields with a default are optional). A
\`{"$ref":"#/$defs/Step"}\` refers to the schema named \`Step\` below; \`npx tsx scripts/protocol-schema.ts --json\`
prints them all as one document with these \`$defs\`.`);
  for (const [name, schema] of Object.entries(schemas) as [SchemaName, unknown][]) {
    const extra = SCHEMA_NOTES[name];
    parts.push(`### \`${name}\`\n\n${extra ? `${extra}\n\n` : ''}\`\`\`json\n${JSON.stringify(schema, null, 2)}\n\`\`\``);
  }
  return `${parts.join('\n\n')}\n`;
}

const invokedDirectly = process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1];
if (invokedDirectly) {
  if (process.argv.includes('--json')) process.stdout.write(`${JSON.stringify(protocolJsonSchemaDocument(PROTOCOL_VERSION), null, 2)}\n`);
  else writeFileSync(new URL('../docs/protocol.md', import.meta.url), renderProtocolDoc());
}
