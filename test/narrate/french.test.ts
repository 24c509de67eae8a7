// French narration: every event of real fights and scripted scenarios reads as a French sentence using the
// French SRD's terms, says something exactly when the English narration does, and never says it in English.
import { describe, expect, it } from 'vitest';
import type { Combat } from '../../src/combat/combat.ts';
import { runScenario } from '../../src/combat/scenario.ts';
import { parseScenario } from '../../src/io/scenario.ts';
import type { CombatEvent, EventOf } from '../../src/model/events.ts';
import { narrate } from '../../src/narrate/english.ts';
import { narrateFrench } from '../../src/narrate/french.ts';
import { LANGS, isLang, narrator } from '../../src/narrate/index.ts';
import { fight, scenario, scenarioFiles } from '../support/fights.ts';

/** A fighter next to an orc steps back: a 5-foot step out of the orc's threatened square. */
function fiveFootStep(): Combat {
  const fighter = {
    id: 'fighter', side: 'heroes', at: [2, 2], hp: 12,
    ac: { total: 17, touch: 11, flatFooted: 16 },
    attacks: [{ name: 'longsword', kind: 'melee', bonus: [5], damage: '1d8+3' }],
  };
  const orc = {
    id: 'orc', side: 'monsters', at: [3, 2], hp: 10,
    ac: { total: 13, touch: 10, flatFooted: 13 },
    attacks: [{ name: 'falchion', kind: 'melee', bonus: [4], damage: '2d4+4' }],
  };
  const parsed = parseScenario(
    {
      format: 'd20sim/scenario@1',
      encounter: { format: 'd20sim/encounter@1', map: { width: 8, height: 6 }, combatants: [fighter, orc] },
      initiative: ['fighter', 'orc'],
      script: [{ actor: 'fighter', action: 'five-foot-step', to: [1, 2] }],
    },
    'five-foot-step.json',
  );
  if (!parsed.ok) throw new Error(parsed.error);
  return runScenario(parsed.value).combat;
}

const only = <T extends CombatEvent['type']>(combat: Combat, type: T): EventOf<T>[] =>
  combat.events.filter((e): e is EventOf<T> => e.type === type);

const french = (combat: Combat, event: CombatEvent): string => {
  const line = narrateFrench(event, combat.state);
  if (line === null) throw new Error(`no French narration for ${event.type}`);
  return line;
};

/** Both narrations of every event: French speaks exactly when English does, and differently. */
function expectParallel(combat: Combat): number {
  let spoken = 0;
  for (const event of combat.events) {
    const en = narrate(event, combat.state);
    let fr: string | null = null;
    expect(() => (fr = narrateFrench(event, combat.state)), event.type).not.toThrow();
    if (en === null) {
      expect(fr, event.type).toBeNull();
      continue;
    }
    expect(fr, event.type).toBeTypeOf('string');
    expect(fr, event.type).not.toBe(en);
    expect((fr as unknown as string).trim(), event.type).not.toBe('');
    expect(fr as unknown as string, event.type).not.toMatch(/undefined|NaN|\[object/);
    spoken++;
  }
  return spoken;
}

describe('narrateFrench', () => {
  it.each([1, 5, 11, 42])('narrates a whole 4-against-4 fight (seed %i) alongside the English', (seed) => {
    const combat = fight(seed);
    expect(combat.events.some((e) => e.type === 'CombatEnded') || combat.state.round > 1).toBe(true);
    expect(expectParallel(combat)).toBeGreaterThan(10);
    const lines = combat.events.map((e) => narrateFrench(e, combat.state)).filter((l): l is string => l !== null);
    expect(lines).toContain("Ordre d'initiative : " + combat.state.order.map((id) => combat.state.stats[id]!.name).join(', '));
    expect(lines.some((l) => /attaque .* : d20 \d+[+-]\d+ = \d+ contre CA \d+/.test(l))).toBe(true);
  });

  it.each(['duel', 'ambush'])('narrates the %s encounter alongside the English', (name) => {
    expect(expectParallel(fight(11, name))).toBeGreaterThan(5);
  });

  it('narrates every event of every scripted scenario', () => {
    expect(scenarioFiles.length).toBeGreaterThan(30);
    for (const file of scenarioFiles) expectParallel(scenario(file));
  });

  it("calls an attack of opportunity an « attaque d'opportunité », from provocation to attack", () => {
    const combat = scenario('001-prov2-three-squares-one-foe.json');
    const [provoked] = only(combat, 'OpportunityProvoked');
    const aoo = only(combat, 'AttackRolled').find((e) => e.kind === 'opportunity');
    expect(provoked && aoo).toBeTruthy();
    expect(french(combat, provoked!)).toBe("  orc s'expose à une attaque d'opportunité de fighter en quittant une case qu'il contrôle");
    expect(french(combat, aoo!)).toContain("attaque d'opportunité");
    expect(french(combat, aoo!)).toBe(
      "  fighter porte une attaque d'opportunité contre orc avec son épée longue : d20 10+8 = 18 contre CA 13 - touché",
    );
    expect(narrate(aoo!, combat.state)).not.toBe(french(combat, aoo!));
  });

  it('narrates a spell, the attack of opportunity it provokes and the Concentration check', () => {
    const combat = scenario('004-prov3-pickup-then-cast-combat-reflexes.json');
    const [begun] = only(combat, 'SpellBegun');
    const spellAoo = only(combat, 'OpportunityProvoked').find((e) => e.trigger === 'spell');
    const [check] = only(combat, 'ConcentrationChecked');
    expect(french(combat, begun!)).toBe('  wizard lance le sort projectile magique sur orc');
    expect(french(combat, spellAoo!)).toBe("  wizard s'expose à une attaque d'opportunité d'orc en lançant un sort");
    expect(french(combat, check!)).toMatch(/^ {2}wizard, test de Concentration \(.+\) : d20 \d+\+\d+ = \d+ contre DD \d+ - (réussite|échec)$/);
    const [resolved] = only(combat, 'SpellResolved');
    expect(french(combat, resolved!)).toBe('  Le sort projectile magique de wizard fait effet');
  });

  it('says « pas de placement de 1,50 mètre » for a 5-foot step', () => {
    for (const combat of [fiveFootStep(), scenario('061-core6-full-attack-then-five-foot-step.json')]) {
      const step = only(combat, 'Moved').find((e) => e.mode === 'five-foot-step');
      expect(step).toBeDefined();
      expect(french(combat, step!)).toContain('pas de placement de 1,50 mètre');
      expect(only(combat, 'OpportunityProvoked')).toEqual([]);
    }
    const combat = fiveFootStep();
    const step = only(combat, 'Moved')[0]!;
    expect(french(combat, step)).toBe('  fighter fait un pas de placement de 1,50 mètre de (2 ; 2) à (1 ; 2)');
    expect(narrate(step, combat.state)).toBe('  fighter takes a 5-foot step (2,2) -> (1,2)');
  });

  it('says « pris au dépourvu » when a flat-footed target loses its Dex bonus', () => {
    const combat = scenario('048-surp2-full-attack-refused-in-surprise-round.json');
    const attack = only(combat, 'AttackRolled').find((e) => e.deniedDex && e.rules.includes('DEX-1'));
    expect(attack).toBeDefined();
    expect(french(combat, attack!)).toContain('pris au dépourvu');
    expect(narrate(attack!, combat.state)).toContain('target denied Dex');
    expect(french(combat, only(combat, 'SurpriseRoundBegan')[0]!)).toBe('== Round de surprise == (combattants avertis : goblin)');
  });

  it('names flanking, sneak attack and critical hits in French', () => {
    const flanked = scenario('025-flk1-flanking-a-large-creature.json');
    const sneak = only(flanked, 'AttackRolled').find((e) => e.flanking && e.sneak)!;
    expect(french(flanked, sneak)).toMatch(/\[prise en tenaille, attaque sournoise\]$/);
    const damage = only(flanked, 'DamageDealt').find((e) => e.sneakDice.length > 0)!;
    expect(french(flanked, damage)).toMatch(/subit \d+ points de dégâts \(attaque sournoise [\d+]+\)$/);
    const crit = scenario('038-core3-times-three-critical.json');
    const critical = only(crit, 'AttackRolled').find((e) => e.critical)!;
    expect(french(crit, critical)).toMatch(/confirmation d20 \d+ - coup critique !/);
  });

  it('narrates a fabricated event of each special kind', () => {
    const combat = scenario('001-prov2-three-squares-one-foe.json');
    const say = (event: CombatEvent) => narrateFrench(event, combat.state);
    const base = {
      type: 'AttackRolled', attacker: 'fighter', target: 'orc', weapon: 'glaive', kind: 'regular', provokedBy: null, d20: 15,
      bonus: 6, total: 21, ac: 14, acKind: 'normal', hit: false, threat: false, confirmD20: null, critical: false,
      flanking: false, deniedDex: false, missChance: 50, d100: 12, sneak: false, rules: ['CORE-2', 'CORE-11'],
    } as const satisfies CombatEvent;
    expect(say(base)).toBe('  fighter attaque orc avec sa coutille : d20 15+6 = 21 contre CA 14 - raté (camouflage total, d% 12)');
    expect(say({ ...base, weapon: 'tail whip' })).toContain("avec l'arme « tail whip »");
    expect(say({ type: 'Moved', id: 'orc', from: [1, 1], to: [2, 1], mode: 'withdraw', rules: [] })).toBe('  orc bat en retraite de (1 ; 1) à (2 ; 1)');
    expect(say({ type: 'OpportunityProvoked', by: 'orc', reactor: 'fighter', trigger: 'trip', at: [1, 1], rules: [] })).toContain('croc-en-jambe');
    expect(say({ type: 'OpportunityTaken', reactor: 'fighter', against: 'orc', with: 'trip', trigger: 'move', rules: [] })).toBe(
      "  fighter saisit l'occasion (croc-en-jambe)",
    );
    expect(say({ type: 'ConditionGained', id: 'orc', condition: 'totally-concealed', rules: [] })).toBe("  orc bénéficie d'un camouflage total");
    expect(say({ type: 'ConditionGained', id: 'orc', condition: 'holding-charge:shocking-grasp', rules: [] })).toBe(
      '  orc conserve la charge du sort décharge électrique',
    );
    const damage = only(combat, 'DamageDealt')[0]!;
    expect(say({ ...damage, source: null, cause: 'exertion', amount: 1 })).toContain('hors de combat');
    expect(say({ ...damage, amount: 1, nonlethal: true })).toBe('  orc subit 1 point de dégâts non létaux');
    expect(say({ type: 'StabilizationRolled', id: 'orc', d100: 7, stable: true, rules: [] })).toBe('  orc est mourant : d% 7 - son état devient stable');
    expect(say({ type: 'ActionFoiled', id: 'orc', action: 'five-foot step', reason: 'dropped', rules: [] })).toBe(
      "  orc s'écroule : impossible de faire son pas de placement de 1,50 mètre",
    );
    expect(say({ type: 'TumbleChecked', id: 'orc', past: 'fighter', through: false, d20: 9, bonus: 8, total: 17, dc: 15, success: true, rules: [] })).toBe(
      "  orc tente un test d'Acrobaties pour passer à côté de fighter : d20 9+8 = 17 contre DD 15 - réussite",
    );
    expect(say({ type: 'CombatEnded', winner: null, rules: [] })).toBe('Le combat est terminé : plus personne ne tient debout.');
  });
});

describe('narrator', () => {
  it('picks the narration of each language', () => {
    expect(LANGS).toEqual(['en', 'fr']);
    expect(narrator('en')).toBe(narrate);
    expect(narrator('fr')).toBe(narrateFrench);
    expect(isLang('fr')).toBe(true);
    expect(isLang('de')).toBe(false);
  });
});
