// fast-check generators: small random encounters that the real parser accepts, and seeds.
import fc from 'fast-check';
import type { Encounter } from '../../src/model/stats.ts';
import { encounter, type RawCombatant } from './encounters.ts';

const attackArb = fc.record({
  bonus: fc.integer({ min: 0, max: 10 }),
  second: fc.boolean(),
  sides: fc.constantFrom(4, 6, 8, 10, 12),
  plus: fc.integer({ min: 0, max: 5 }),
  critRange: fc.constantFrom(18, 19, 20),
  multiplier: fc.constantFrom(2, 3),
  reachWeapon: fc.boolean(),
});

const combatantArb = fc.record({
  hp: fc.integer({ min: 1, max: 30 }),
  ac: fc.integer({ min: 10, max: 20 }),
  dex: fc.integer({ min: 8, max: 18 }),
  init: fc.integer({ min: -1, max: 6 }),
  attack: attackArb,
  combatReflexes: fc.boolean(),
  sneak: fc.integer({ min: 0, max: 3 }),
  aware: fc.boolean(),
  large: fc.boolean(),
  caster: fc.boolean(),
});

type CombatantDraw = typeof combatantArb extends fc.Arbitrary<infer T> ? T : never;

function toRaw(draw: CombatantDraw, id: string, side: string, at: [number, number]): RawCombatant {
  const { attack } = draw;
  const dexBonus = Math.floor((draw.dex - 10) / 2);
  return {
    id, side, at, hp: draw.hp, dex: draw.dex, init: draw.init,
    size: draw.large ? 'large' : 'medium',
    ac: { total: draw.ac, touch: draw.ac - 3, flatFooted: draw.ac - Math.max(0, dexBonus) },
    attacks: [{
      name: 'weapon', kind: 'melee', damage: `1d${attack.sides}+${attack.plus}`, reachWeapon: attack.reachWeapon && !draw.large,
      bonus: attack.second ? [attack.bonus, attack.bonus - 5] : [attack.bonus],
      crit: { range: attack.critRange, multiplier: attack.multiplier },
    }],
    feats: draw.combatReflexes ? ['combat-reflexes'] : [],
    sneakAttack: draw.sneak, aware: draw.aware,
    ...(draw.caster ? { spells: { 'magic-missile': 2 }, casterLevel: 3, skills: { concentration: 6 } } : {}),
  };
}

/** Two sides of one to three creatures each, placed on separate 2x2 blocks of a 14x10 map. */
export const encounterArb: fc.Arbitrary<Encounter> = fc
  .record({
    heroes: fc.array(combatantArb, { minLength: 1, maxLength: 3 }),
    monsters: fc.array(combatantArb, { minLength: 1, maxLength: 3 }),
    spots: fc.shuffledSubarray([...Array(35).keys()], { minLength: 6, maxLength: 6 }),
  })
  .map(({ heroes, monsters, spots }) => {
    const place = (i: number): [number, number] => [((spots[i] ?? 0) % 7) * 2, Math.floor((spots[i] ?? 0) / 7) * 2];
    const raw = [
      ...heroes.map((d, i) => toRaw(d, `h${i}`, 'heroes', place(i))),
      ...monsters.map((d, i) => toRaw(d, `m${i}`, 'monsters', place(3 + i))),
    ];
    return encounter(raw, { map: { width: 14, height: 10 } });
  });

export const seedArb = fc.integer({ min: 0, max: 1_000_000 });
