import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CREATURES_DIR, creatureNames, expandUses, loadCreature } from '../../src/io/bestiary.ts';
import { loadEncounter, parseEncounter } from '../../src/io/encounter.ts';
import { parseScenario } from '../../src/io/scenario.ts';
import type { EncounterCombatant } from '../../src/model/stats.ts';
import { encounter } from './fixtures.ts';

const REQUIRED = [
  'orc', 'goblin', 'hobgoblin', 'gnoll', 'bugbear', 'ogre', 'troll', 'wolf', 'dire-wolf', 'zombie', 'skeleton', 'ghoul',
  'owlbear', 'hydra', 'young-dragon', 'spider-swarm', 'fighter', 'rogue', 'cleric', 'wizard', 'monk', 'archer', 'reach-guard',
];

const using = (use: string, extra: Record<string, unknown> = {}): Record<string, unknown> =>
  ({ id: 'x', side: 'monsters', at: [4, 4], use, ...extra });

/** The one combatant of an encounter made of `use` entries, on a map big enough for a Huge creature. */
function creature(use: string, extra: Record<string, unknown> = {}): EncounterCombatant {
  const result = parseEncounter(encounter([using(use, extra)], { width: 12, height: 12 }), 'e.json');
  if (!result.ok) throw new Error(result.error);
  const first = result.value.combatants[0];
  if (first === undefined) throw new Error('no combatant');
  return first;
}

describe('the bestiary (fixtures/creatures)', () => {
  const files = readdirSync(CREATURES_DIR).filter((f) => f.endsWith('.json'));

  it('holds at least 25 creatures, the required ones among them', () => {
    expect(files.length).toBeGreaterThanOrEqual(25);
    expect(creatureNames()).toEqual(expect.arrayContaining(REQUIRED));
  });

  it.each(files.map((f) => f.slice(0, -5)))('%s parses inside an encounter', (name) => {
    const raw = loadCreature(name);
    if (!raw.ok) throw new Error(raw.error);
    expect(raw.value).not.toHaveProperty('id');
    expect(raw.value).not.toHaveProperty('side');
    expect(raw.value).not.toHaveProperty('at');
    expect(typeof raw.value['name']).toBe('string');
    expect(typeof raw.value['notes']).toBe('string');
    const c = creature(name);
    expect(c.stats.name).toBe(raw.value['name']);
    expect(c.hp).toBeGreaterThan(0);
    // The file itself, given an id, side and square, is a valid combatant (no `use` needed).
    const direct = parseEncounter(encounter([{ ...raw.value, id: 'x', side: 'a', at: [4, 4] }], { width: 12, height: 12 }), 'e.json');
    expect(direct.ok ? 'ok' : direct.error).toBe('ok');
  });

  it('gives the hydra an attack of opportunity per head', () => {
    expect(creature('hydra').stats.aooPerRound).toBeGreaterThan(1);
    expect(creature('hydra').stats.size).toBe('huge');
  });

  it.each(['zombie', 'skeleton', 'ghoul'])('makes the %s undead and immune to critical hits', (name) => {
    const { stats } = creature(name);
    expect(stats.creatureType).toBe('undead');
    expect(stats.critImmune).toBe(true);
  });

  it('has a Large troll with 10 ft reach and a Large, long dire wolf with 5 ft', () => {
    expect(creature('troll').stats).toMatchObject({ size: 'large', reach: 10 });
    expect(creature('dire-wolf').stats).toMatchObject({ size: 'large', shape: 'long', reach: 5 });
  });

  it('arms the reach guard with a reach weapon and the monk with a lethal unarmed strike', () => {
    expect(creature('reach-guard').stats.attacks[0]).toMatchObject({ name: 'glaive', reachWeapon: true });
    const monk = creature('monk').stats;
    expect(monk.feats).toContain('improved-unarmed-strike');
    expect(monk.attacks[0]).toMatchObject({ unarmed: true, nonlethal: false });
  });
});

describe('"use" in encounters', () => {
  it('merges the creature with the overrides, the overrides winning and attacks replaced whole', () => {
    const claw = { name: 'claw', kind: 'natural', bonus: [1], damage: '1d4' };
    const c = creature('orc', { hp: 12, attacks: [claw] });
    expect(c.hp).toBe(12);
    expect(c.stats.maxHp).toBe(12);
    expect(c.stats.attacks.map((a) => a.name)).toEqual(['claw']);
    expect(c.stats).toMatchObject({ id: 'x', side: 'monsters', name: 'Orc', ac: { total: 13, touch: 10, flatFooted: 13 } });
  });

  it('numbers several unnamed users of one creature, and keeps a given name', () => {
    const data = encounter([
      { id: 'a', side: 'm', at: [1, 1], use: 'orc' },
      { id: 'b', side: 'm', at: [2, 1], use: 'orc' },
      { id: 'c', side: 'm', at: [3, 1], use: 'orc', name: 'Grishnak' },
      { id: 'd', side: 'h', at: [4, 1], use: 'wolf' },
    ]);
    const result = parseEncounter(data, 'e.json');
    if (!result.ok) throw new Error(result.error);
    expect(result.value.combatants.map((c) => c.stats.name)).toEqual(['Orc 1', 'Orc 2', 'Grishnak', 'Wolf']);
  });

  it('reports an unknown creature on one line with the JSON path and the known names', () => {
    const data = encounter([using('orc'), { ...using('goblin'), id: 'y', at: [5, 4] }, { ...using('orcc'), id: 'z', at: [6, 4] }]);
    const result = parseEncounter(data, 'e.json');
    if (result.ok) throw new Error('expected an error');
    expect(result.error).not.toContain('\n');
    expect(result.error).toMatch(/^e\.json: combatants\[2\]\.use: expected a creature of fixtures\/creatures \(.*\borc\b.*\), got "orcc"$/);
    expect(result.error).toContain('goblin');
  });

  it('reports a use that is not a string, and refuses names that look like paths', () => {
    const notString = expandUses(encounter([using('orc', { use: 3 })]), 'e.json', '');
    expect(notString).toEqual({ ok: false, error: 'e.json: combatants[0].use: expected a creature name (string), got 3' });
    const path = parseEncounter(encounter([using('../creatures/orc')]), 'e.json');
    expect(path.ok ? '' : path.error).toContain('combatants[0].use: expected a creature of fixtures/creatures');
    expect(loadCreature('../package').ok).toBe(false);
  });

  it('leaves an encounter without use untouched and lets the schema report what is not an encounter', () => {
    const plain = encounter([{ id: 'x', side: 'a', at: [0, 0], hp: 3, ac: { total: 10, touch: 10, flatFooted: 10 } }]);
    expect(expandUses(plain, 'e.json', '')).toEqual({ ok: true, value: plain });
    expect(expandUses(42, 'e.json', '')).toEqual({ ok: true, value: 42 });
  });

  it('still reports errors of the merged combatant at its path', () => {
    const result = parseEncounter(encounter([using('orc', { hp: 'lots' })]), 'e.json');
    expect(result.ok ? '' : result.error).toMatch(/^e\.json: combatants\[0\]\.hp: expected \w+, got "lots"$/);
  });

  it('works in a scenario, with the path under encounter', () => {
    const good = parseScenario({
      format: 'd20sim/scenario@1',
      encounter: encounter([{ id: 'f', side: 'h', at: [1, 1], use: 'fighter' }, { id: 'o', side: 'm', at: [2, 1], use: 'ogre' }]),
      script: [],
    }, 's.json');
    if (!good.ok) throw new Error(good.error);
    expect(good.value.encounter.combatants[1]?.stats).toMatchObject({ name: 'Ogre', size: 'large', reach: 10 });
    const bad = parseScenario({ format: 'd20sim/scenario@1', encounter: encounter([using('dragon')]), script: [] }, 's.json');
    expect(bad.ok ? '' : bad.error).toMatch(/^s\.json: encounter\.combatants\[0\]\.use: expected a creature of fixtures\/creatures \(.*\), got "dragon"$/);
  });

  it.each(['patrol-4v4', 'ogre-ambush-4v4'])('loads the bundled %s encounter', (name) => {
    const result = loadEncounter(`fixtures/encounters/${name}.json`);
    if (!result.ok) throw new Error(result.error);
    const sides = result.value.combatants.map((c) => c.stats.side);
    expect(sides.filter((s) => s === 'heroes')).toHaveLength(4);
    expect(sides.filter((s) => s === 'monsters')).toHaveLength(4);
  });

  it('surprises the heroes in the ogre ambush', () => {
    const result = loadEncounter('fixtures/encounters/ogre-ambush-4v4.json');
    if (!result.ok) throw new Error(result.error);
    for (const c of result.value.combatants) expect(c.aware).toBe(c.stats.side === 'monsters');
  });
});
