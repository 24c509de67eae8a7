// Damage distributions for the tactician: exact probabilities of each damage total for one attack, a full
// attack or a spell, capped at the hit points that matter (index `cap` holds "cap or more").
import { diceExpr } from '../../rules/dice-expr.ts';

/** P(damage = i) for i = 0..length-1; when capped, the last entry is P(damage >= length-1). */
export type Dist = readonly number[];

export const ZERO: Dist = [1];

/** Sum of two independent damages; the result is capped at `cap` (Infinity: uncapped). */
export function convolve(a: Dist, b: Dist, cap = Infinity): number[] {
  const len = Math.min(a.length + b.length - 1, cap + 1);
  const out = new Array<number>(len).fill(0);
  for (let i = 0; i < a.length; i++) {
    const ai = a[i]!;
    if (ai === 0) continue;
    for (let j = 0; j < b.length; j++) {
      const k = i + j < len ? i + j : len - 1;
      out[k]! += ai * b[j]!;
    }
  }
  return out;
}

/** With probability p the damage `d` happens, else nothing. */
export function maybe(d: Dist, p: number): number[] {
  const out = d.map((x) => x * p);
  out[0] = (out[0] ?? 0) + (1 - p);
  return out;
}

/** Caps a distribution at `cap` (the last entry becomes P(damage >= cap)). */
export function capAt(d: Dist, cap: number): number[] {
  const c = Math.max(0, Math.floor(cap));
  if (d.length <= c + 1) return [...d];
  const out = d.slice(0, c + 1);
  let tail = 0;
  for (let i = c; i < d.length; i++) tail += d[i]!;
  out[c] = tail;
  return out;
}

export const mean = (d: Dist): number => d.reduce((s, p, i) => s + p * i, 0);

/** P(damage >= k). */
export function atLeast(d: Dist, k: number): number {
  if (k <= 0) return 1;
  let s = 0;
  for (let i = Math.ceil(k); i < d.length; i++) s += d[i]!;
  return s;
}

/** E[min(damage, k)]. */
export function meanCapped(d: Dist, k: number): number {
  let s = 0;
  for (let i = 0; i < d.length; i++) s += d[i]! * Math.min(i, k);
  return s;
}

const diceCache = new Map<string, number[]>();

/** Distribution of the sum of `count` dice of `sides` faces. */
function diceSum(count: number, sides: number): number[] {
  const key = `${count}d${sides}`;
  const hit = diceCache.get(key);
  if (hit) return hit;
  const die = new Array<number>(sides + 1).fill(1 / sides);
  die[0] = 0;
  let out: number[] = [1];
  for (let i = 0; i < count; i++) out = convolve(out, die);
  diceCache.set(key, out);
  return out;
}

/** Shifts a distribution by `k`; totals below `floor` count as `floor`. */
function shift(d: Dist, k: number, floor: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < d.length; i++) {
    const p = d[i]!;
    if (p === 0) continue;
    const v = Math.max(floor, i + k);
    while (out.length <= v) out.push(0);
    out[v]! += p;
  }
  return out.length ? out : [1];
}

const hitCache = new Map<string, number[]>();

/** CORE-3: one hit's damage: the weapon dice and bonus `multiplier` times, extra d6s, at least 1. */
export function hitDist(expr: string, multiplier: number, sneakDice: number, extraDamage = 0): number[] {
  const key = `${expr}|${multiplier}|${sneakDice}|${extraDamage}`;
  const hit = hitCache.get(key);
  if (hit) return hit;
  const e = diceExpr(expr);
  const weapon = diceSum(e.count * multiplier, e.sides);
  const dice = sneakDice > 0 ? convolve(weapon, diceSum(sneakDice, 6)) : weapon;
  // The static bonus counts once per multiplier; the whole hit deals at least 1 (hitDamage).
  const out = shift(dice, (e.bonus + extraDamage) * multiplier, 1);
  hitCache.set(key, out);
  return out;
}

/** CORE-2: probability that an attack at `bonus` hits `ac`, and that it threatens a critical. */
export function rollChances(bonus: number, ac: number, critRange: number): { hit: number; threat: number } {
  let hit = 0;
  let threat = 0;
  for (let r = 1; r <= 20; r++) {
    const h = r === 20 || (r !== 1 && r + bonus >= ac);
    if (h) {
      hit++;
      if (r >= critRange) threat++;
    }
  }
  return { hit: hit / 20, threat: threat / 20 };
}

export interface AttackOdds {
  readonly bonus: number;
  readonly ac: number;
  readonly critRange: number;
  readonly multiplier: number;
  readonly critImmune: boolean;
  /** Percent (CORE-11). */
  readonly missChance: number;
  readonly damage: string;
  readonly sneakDice: number;
  readonly extraDamage?: number;
}

const attackCache = new Map<string, number[]>();

/** The damage of one attack roll: miss, hit, or confirmed critical (CORE-2, CORE-3, CORE-11, SNK-6). */
export function attackDist(o: AttackOdds): number[] {
  const key = `${o.bonus}|${o.ac}|${o.critRange}|${o.multiplier}|${o.critImmune}|${o.missChance}|${o.damage}|${o.sneakDice}|${o.extraDamage ?? 0}`;
  const hit = attackCache.get(key);
  if (hit) return hit;
  const { hit: pHit, threat } = rollChances(o.bonus, o.ac, o.critRange);
  const keep = 1 - o.missChance / 100;
  const pCrit = o.critImmune ? 0 : threat * pHit * keep;
  const pAny = pHit * keep;
  const normal = hitDist(o.damage, 1, o.sneakDice, o.extraDamage ?? 0);
  const crit = pCrit > 0 ? hitDist(o.damage, o.multiplier, o.sneakDice, o.extraDamage ?? 0) : [1];
  const len = Math.max(normal.length, crit.length);
  const out = new Array<number>(len).fill(0);
  out[0] = 1 - pAny;
  for (let i = 0; i < normal.length; i++) out[i]! += (pAny - pCrit) * normal[i]!;
  for (let i = 0; i < crit.length; i++) out[i]! += pCrit * crit[i]!;
  if (attackCache.size > 20000) attackCache.clear();
  attackCache.set(key, out);
  return out;
}

/** Magic missile: `count` missiles of 1d4+1, no roll (SNK-8: never sneak). */
export function missilesDist(count: number): number[] {
  let out: number[] = [1];
  for (let i = 0; i < count; i++) out = convolve(out, hitDist('1d4+1', 1, 0));
  return out;
}

/** d20 + bonus >= dc (skill checks: no automatic success or failure). */
export const checkChance = (bonus: number, dc: number): number => Math.min(1, Math.max(0, (21 + bonus - dc) / 20));
