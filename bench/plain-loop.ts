// The floor for `npm run bench`: the same 4-vs-4 fight as a plain hand-written loop (no machines, no immer,
// no events): initiative, close on the nearest foe, attack, leaving threatened squares provokes.
import seedrandom from 'seedrandom';
import type { Encounter } from '../src/model/stats.ts';

interface Fighter {
  id: string;
  side: string;
  x: number;
  y: number;
  hp: number;
  ac: number;
  flatAc: number;
  init: number;
  bonus: number[];
  dice: number;
  sides: number;
  plus: number;
  critRange: number;
  mult: number;
  speed: number;
  flat: boolean;
  aooUsed: number;
}

const chebyshev = (a: Fighter, b: Fighter): number => Math.max(Math.abs(a.x - b.x), Math.abs(a.y - b.y));

export function plainFight(encounter: Encounter, seed: number): string | null {
  const rng = seedrandom.alea(String(seed));
  const d = (n: number): number => 1 + Math.floor(rng() * n);
  const fighters: Fighter[] = encounter.combatants.map((c) => {
    const w = c.stats.attacks.find((a) => a.kind !== 'ranged') ?? c.stats.attacks[0]!;
    const m = /^(\d+)d(\d+)([+-]\d+)?$/.exec(w.damage)!;
    return {
      id: c.stats.id, side: c.stats.side, x: c.at[0], y: c.at[1], hp: c.hp, ac: c.stats.ac.total, flatAc: c.stats.ac.flatFooted,
      init: c.stats.init + d(20), bonus: [...w.bonus], dice: Number(m[1]), sides: Number(m[2]), plus: Number(m[3] ?? 0),
      critRange: w.crit.range, mult: w.crit.multiplier, speed: c.stats.speed / 5, flat: true, aooUsed: 0,
    };
  });
  fighters.sort((a, b) => b.init - a.init);
  const attack = (a: Fighter, t: Fighter, bonus: number): void => {
    const roll = d(20);
    const ac = t.flat ? t.flatAc : t.ac;
    if (roll === 1 || (roll !== 20 && roll + bonus < ac)) return;
    const crit = roll >= a.critRange && (d(20) + bonus >= ac);
    let dmg = 0;
    for (let k = 0; k < (crit ? a.mult : 1); k++) for (let i = 0; i < a.dice; i++) dmg += d(a.sides) + (i === 0 ? a.plus : 0);
    t.hp -= Math.max(1, dmg);
  };
  for (let round = 1; round <= 100; round++) {
    for (const f of fighters) {
      if (f.hp <= 0) continue;
      f.flat = false;
      f.aooUsed = 0;
      const foes = fighters.filter((o) => o.side !== f.side && o.hp > 0);
      if (foes.length === 0) return f.side;
      const target = foes.reduce((best, o) => (chebyshev(f, o) < chebyshev(f, best) ? o : best));
      if (chebyshev(f, target) > 1) {
        for (let step = 0; step < f.speed && chebyshev(f, target) > 1 && f.hp > 0; step++) {
          for (const o of foes) if (chebyshev(f, o) <= 1 && o.aooUsed === 0 && !o.flat) { o.aooUsed = 1; attack(o, f, o.bonus[0]!); }
          if (f.hp <= 0) break;
          f.x += Math.sign(target.x - f.x);
          f.y += Math.sign(target.y - f.y);
        }
        if (f.hp > 0 && chebyshev(f, target) <= 1) attack(f, target, f.bonus[0]!);
      } else {
        for (const b of f.bonus) if (target.hp > 0) attack(f, target, b);
      }
    }
  }
  return null;
}
