// SPEC.md encounter files: zod schema for the shape, then placement checks, then every default applied.
import { z } from 'zod';
import type { Square } from '../model/ids.ts';
import {
  DEFAULT_RULE_OPTIONS, FEATS, PLAIN_CONDITIONS, SIZES, SPELL_IDS,
  type AttackProfile, type Condition, type Encounter, type EncounterCombatant, type GridMap, type RuleOptions,
  type StatBlock,
} from '../model/stats.ts';
import { squaresOf } from '../rules/grid.ts';
import { isTinyOrSmaller, naturalReach, spaceOf } from '../rules/size.ts';
import { expandUses } from './bestiary.ts';
import { readJsonFile } from './json-file.ts';
import { fail, inputError, ok, parseWith, type InputResult } from './result.ts';

export const ENCOUNTER_FORMAT = 'd20sim/encounter@1';
export const DICE_EXPRESSION = /^[1-9]\d*d(?:2|3|4|6|8|10|12|20|100)(?:[+-]\d+)?$/;
const ID = /^[a-z0-9-]+$/;

const nonNegative = z.int().min(0, { error: 'expected an integer >= 0' });
const positive = z.int().min(1, { error: 'expected an integer >= 1' });
const range = (lo: number, hi: number): z.ZodInt => {
  const error = `expected an integer from ${lo} to ${hi}`;
  return z.int().min(lo, { error }).max(hi, { error });
};

export const SquareSchema = z.tuple([z.int(), z.int()], { error: 'expected an [x, y] pair of integers' });

const isCondition = (v: unknown): v is Condition =>
  typeof v === 'string' &&
  ((PLAIN_CONDITIONS as readonly string[]).includes(v) ||
    SPELL_IDS.some((spell) => v === `holding-charge:${spell}`));

const ConditionSchema = z.custom<Condition>(isCondition, {
  error: `expected one of ${PLAIN_CONDITIONS.join('|')}|holding-charge:<spell id>`,
});

const AttackSchema = z.object({
  name: z.string(),
  kind: z.enum(['melee', 'ranged', 'natural']),
  bonus: z.array(z.int()).min(1, { error: 'expected at least one attack bonus' }),
  damage: z.string().regex(DICE_EXPRESSION, {
    error: 'expected a dice expression NdM, NdM+K or NdM-K (M one of 2|3|4|6|8|10|12|20|100)',
  }),
  crit: z.object({ range: range(2, 20).default(20), multiplier: range(2, 5).default(2) }).optional(),
  reachWeapon: z.boolean().default(false),
  unarmed: z.boolean().default(false),
  twoHanded: z.boolean().default(false),
  nonlethal: z.boolean().optional(),
  rangeIncrement: positive.nullable().default(null),
});

const CombatantSchema = z.object({
  id: z.string().regex(ID, { error: 'expected an id of a-z, 0-9 and -' }),
  name: z.string().optional(),
  side: z.string(),
  at: SquareSchema,
  size: z.enum(SIZES).default('medium'),
  shape: z.enum(['tall', 'long']).default('tall'),
  reach: nonNegative.optional(),
  speed: nonNegative.default(30),
  hp: z.int(),
  maxHp: positive.optional(),
  ac: z.object({ total: z.int(), touch: z.int(), flatFooted: z.int() }),
  init: z.int().default(0),
  dex: nonNegative.default(10),
  str: nonNegative.default(10),
  attacks: z.array(AttackSchema).default([]),
  feats: z.array(z.enum(FEATS)).default([]),
  sneakAttack: nonNegative.default(0),
  sneakAttackLevels: nonNegative.default(0),
  uncannyDodge: z.boolean().default(false),
  improvedUncannyDodge: z.boolean().default(false),
  uncannyDodgeLevels: nonNegative.default(0),
  skills: z.object({ tumble: z.int().default(0), concentration: z.int().default(0) }).optional(),
  creatureType: z.string().default('humanoid'),
  critImmune: z.boolean().optional(),
  senses: z.object({ blindsight: nonNegative.optional() }).optional(),
  conditions: z.array(ConditionSchema).default([]),
  aware: z.boolean().default(true),
  aooPerRound: nonNegative.optional(),
  aoo: z.enum(['always', 'never']).default('always'),
  aooWith: z.string().optional(),
  meleeTouch: z.int().optional(),
  rangedTouch: z.int().optional(),
  casterLevel: nonNegative.default(1),
  spells: z.partialRecord(z.enum(SPELL_IDS), nonNegative, {
    error: `expected an object of spell ids (${SPELL_IDS.join('|')}) to uses`,
  }).default({}),
});

const RulesSchema = z.object({
  flatFootedUntilFirstRegularTurn: z.boolean().optional(),
  ignoreFlankers: z.boolean().optional(),
  tinyReachWeapons: z.boolean().optional(),
  reachWeaponsUpClose: z.boolean().optional(),
});

export const EncounterSchema = z.object({
  format: z.literal(ENCOUNTER_FORMAT),
  name: z.string().optional(),
  map: z.object({
    width: positive,
    height: positive,
    blocked: z.array(SquareSchema).default([]),
    difficult: z.array(SquareSchema).default([]),
  }),
  rules: RulesSchema.optional(),
  combatants: z.array(CombatantSchema).min(1, { error: 'expected at least one combatant' }),
});

type RawCombatant = z.output<typeof CombatantSchema>;
type RawAttack = z.output<typeof AttackSchema>;

/** Validates and completes an encounter; `basePath` prefixes JSON paths (e.g. 'encounter' in a scenario). */
export function parseEncounter(input: unknown, file: string, basePath = ''): InputResult<Encounter> {
  const expanded = expandUses(input, file, basePath); // `"use": "<creature>"` combatants (fixtures/creatures)
  if (!expanded.ok) return expanded;
  const data = expanded.value;
  const parsed = parseWith(EncounterSchema, data, file, basePath);
  if (!parsed.ok) return parsed;
  const raw = parsed.value;
  const map: GridMap = { width: raw.map.width, height: raw.map.height, blocked: raw.map.blocked, difficult: raw.map.difficult };
  const problem = placementProblem(raw.combatants, map);
  if (problem !== null) {
    return fail(inputError(file, basePath, ['combatants', problem.index, problem.field], problem.expected, problem.found));
  }
  return ok({
    name: raw.name ?? '',
    map,
    rules: toRules(raw.rules ?? {}),
    combatants: raw.combatants.map(toCombatant),
  });
}

/** readJsonFile + parseEncounter. */
export function loadEncounter(path: string): InputResult<Encounter> {
  const data = readJsonFile(path);
  return data.ok ? parseEncounter(data.value, path) : data;
}

function toRules(r: z.output<typeof RulesSchema>): RuleOptions {
  const d = DEFAULT_RULE_OPTIONS;
  return {
    flatFootedUntilFirstRegularTurn: r.flatFootedUntilFirstRegularTurn ?? d.flatFootedUntilFirstRegularTurn,
    ignoreFlankers: r.ignoreFlankers ?? d.ignoreFlankers,
    tinyReachWeapons: r.tinyReachWeapons ?? d.tinyReachWeapons,
    reachWeaponsUpClose: r.reachWeaponsUpClose ?? d.reachWeaponsUpClose,
  };
}

// ---- placement: ids unique, spaces inside the map, off blocked squares, not overlapping ----

interface Problem {
  readonly index: number;
  readonly field: 'id' | 'at';
  readonly expected: string;
  readonly found: unknown;
}

const key = (s: Square): string => `${s[0]},${s[1]}`;

function placementProblem(combatants: readonly RawCombatant[], map: GridMap): Problem | null {
  const blocked = new Set(map.blocked.map(key));
  const ids = new Set<string>();
  const taken = new Map<string, string>();
  for (const [index, c] of combatants.entries()) {
    if (ids.has(c.id)) return { index, field: 'id', expected: 'expected an id not used by another combatant', found: c.id };
    ids.add(c.id);
    const problem = squareProblem(c, map, blocked, taken);
    if (problem !== null) return { index, field: 'at', expected: problem, found: c.at };
  }
  return null;
}

// Marks the creature's squares in `taken` (tiny and smaller share squares) and says what is wrong, if anything.
function squareProblem(c: RawCombatant, map: GridMap, blocked: Set<string>, taken: Map<string, string>): string | null {
  const side = spaceOf(c.size);
  const what = side > 1 ? `a ${c.size} creature's ${side}x${side} space` : 'a square';
  for (const s of squaresOf(c.at, c.size)) {
    if (s[0] < 0 || s[1] < 0 || s[0] >= map.width || s[1] >= map.height) {
      return `expected ${what} inside the ${map.width}x${map.height} map`;
    }
    if (blocked.has(key(s))) return `expected ${what} clear of blocked squares (${key(s)} is blocked)`;
    if (isTinyOrSmaller(c.size)) continue;
    const other = taken.get(key(s));
    if (other !== undefined) return `expected ${what} not overlapping "${other}" (at ${key(s)})`;
    taken.set(key(s), c.id);
  }
  return null;
}

// ---- defaults ----

const CRIT_IMMUNE_TYPES = ['undead', 'construct', 'ooze', 'plant', 'elemental'];

function toAttack(a: RawAttack, feats: readonly string[]): AttackProfile {
  return {
    name: a.name,
    kind: a.kind,
    bonus: a.bonus,
    damage: a.damage,
    crit: a.crit ?? { range: 20, multiplier: 2 },
    reachWeapon: a.reachWeapon,
    unarmed: a.unarmed,
    rangeIncrement: a.rangeIncrement,
    twoHanded: a.twoHanded,
    nonlethal: a.nonlethal ?? (a.unarmed && !feats.includes('improved-unarmed-strike')),
  };
}

// Dex modifier extra attacks of opportunity with Combat Reflexes (AOO-2).
function aooPerRound(c: RawCombatant): number {
  if (c.aooPerRound !== undefined) return c.aooPerRound;
  return 1 + (c.feats.includes('combat-reflexes') ? Math.max(0, Math.floor((c.dex - 10) / 2)) : 0);
}

function firstBonus(attacks: readonly RawAttack[], kinds: readonly string[]): number {
  return attacks.find((a) => kinds.includes(a.kind))?.bonus[0] ?? 0;
}

function toStats(c: RawCombatant): StatBlock {
  return {
    id: c.id,
    name: c.name ?? c.id,
    side: c.side,
    size: c.size,
    shape: c.shape,
    reach: c.reach ?? naturalReach(c.size, c.shape),
    speed: c.speed,
    maxHp: c.maxHp ?? c.hp,
    ac: c.ac,
    init: c.init,
    dex: c.dex,
    str: c.str,
    attacks: c.attacks.map((a) => toAttack(a, c.feats)),
    feats: c.feats,
    sneakAttack: c.sneakAttack,
    sneakAttackLevels: c.sneakAttackLevels,
    uncannyDodge: c.uncannyDodge,
    improvedUncannyDodge: c.improvedUncannyDodge,
    uncannyDodgeLevels: c.uncannyDodgeLevels,
    skills: c.skills ?? { tumble: 0, concentration: 0 },
    creatureType: c.creatureType,
    critImmune: c.critImmune ?? CRIT_IMMUNE_TYPES.includes(c.creatureType),
    blindsight: c.senses?.blindsight ?? 0,
    aooPerRound: aooPerRound(c),
    aooPolicy: c.aoo,
    aooWith: c.aooWith ?? null,
    meleeTouch: c.meleeTouch ?? firstBonus(c.attacks, ['melee', 'natural']),
    rangedTouch: c.rangedTouch ?? firstBonus(c.attacks, ['ranged']),
    casterLevel: c.casterLevel,
  };
}

function toCombatant(c: RawCombatant): EncounterCombatant {
  return { stats: toStats(c), at: c.at, hp: c.hp, conditions: c.conditions, aware: c.aware, spells: c.spells };
}
