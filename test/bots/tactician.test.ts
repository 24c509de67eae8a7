// The tactician bot: AVOID-1/AVOID-2 (no needless opportunities), FLK-1/SNK-1 (flanking for sneak attacks),
// focus fire, CORE-10 (defensive casting), THR-4 (reach), AOO-4 (keeping the last opportunity), and the
// contract that every command it returns is one of the legal ones.
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Command } from '../../src/model/commands.ts';
import type { CombatEvent } from '../../src/model/events.ts';
import type { Controller } from '../../src/bots/controller.ts';
import { observe } from '../../src/bots/observation.ts';
import { bruteBot } from '../../src/bots/simple.ts';
import { tacticianBot } from '../../src/bots/tactician.ts';
import { createCombat, type Combat } from '../../src/combat/combat.ts';
import { playMatch } from '../../src/combat/match.ts';
import { isFlanking } from '../../src/engine/attack-context.ts';
import { loadEncounter } from '../../src/io/encounter.ts';
import { encounter, fighter, orc, wizard, type RawCombatant } from '../support/encounters.ts';
import { requestFor, same } from '../support/bots.ts';


/** Plays the current creature's whole turn with `bot`; returns each command with what legal.ts said it provokes. */
function playTurn(combat: Combat, bot: Controller): { command: Command; provokes: readonly string[] }[] {
  const prompt = combat.prompt;
  if (prompt.kind !== 'command') throw new Error('no command prompt');
  const actor = prompt.actor;
  const out: { command: Command; provokes: readonly string[] }[] = [];
  for (let guard = 0; guard < 10; guard++) {
    const p = combat.prompt;
    if (p.kind !== 'command' || p.actor !== actor || combat.state.turn?.actor !== actor) break;
    const request = requestFor(combat);
    const command = bot.chooseCommand(request);
    const listed = request.legal.find((l) => same(l.command, command));
    expect(listed !== undefined || command.type === 'EndTurn', `not a legal command: ${JSON.stringify(command)}`).toBe(true);
    out.push({ command, provokes: listed?.provokes ?? [] });
    expect(combat.send(command).ok).toBe(true);
    if (command.type === 'EndTurn') break;
  }
  return out;
}

/** Ends the turns of everyone before `who` in the order (they stop being flat-footed, FF-1). */
function skipTo(combat: Combat, who: string): void {
  for (let guard = 0; guard < 20; guard++) {
    const p = combat.prompt;
    if (p.kind !== 'command' || p.actor === who) return;
    combat.send({ type: 'EndTurn', actor: p.actor });
  }
}

const of = <T extends CombatEvent['type']>(events: readonly CombatEvent[], type: T) =>
  events.filter((e): e is Extract<CombatEvent, { type: T }> => e.type === type);

const rogue = (over: Partial<RawCombatant> = {}): RawCombatant => ({
  id: 'rogue', side: 'heroes', at: [9, 3], hp: 20, ac: { total: 16, touch: 13, flatFooted: 13 }, init: 3, dex: 16,
  attacks: [{ name: 'rapier', kind: 'melee', bonus: [5], damage: '1d6+1', crit: { range: 18, multiplier: 2 } }],
  sneakAttack: 2, sneakAttackLevels: 3, feats: ['dodge'],
  ...over,
});

describe('tactician: no needless attacks of opportunity (AVOID-1, AVOID-2)', () => {
  it('takes a 5-foot step and full-attacks the foe 10 ft away rather than moving out of a threatened square', () => {
    const combat = createCombat(
      encounter([
        fighter({ at: [2, 2] }),
        orc({ id: 'brute-orc', at: [1, 2], hp: 30 }),
        orc({ id: 'orc', at: [4, 2] }),
      ]),
      { seed: 1, initiative: ['brute-orc', 'orc', 'fighter'] },
    );
    skipTo(combat, 'fighter');
    const request = requestFor(combat);
    // The alternative the brute takes: a move that provokes from the adjacent orc.
    expect(request.legal.some((l) => l.command.type === 'Move' && l.provokes.includes('brute-orc'))).toBe(true);
    const turn = playTurn(combat, tacticianBot());
    expect(turn[0]!.command.type).toBe('FiveFootStep');
    expect(turn[1]!.command).toMatchObject({ type: 'FullAttack', targets: ['orc'] });
    expect(turn.every((t) => t.provokes.length === 0)).toBe(true);
    expect(of(combat.events, 'OpportunityProvoked')).toHaveLength(0);
  });

  it('gets clear of a threatening foe with a 5-foot step or a withdraw, never a provoking move', () => {
    const combat = createCombat(
      encounter([
        wizard({ at: [3, 3], spells: {}, attacks: [{ name: 'light crossbow', kind: 'ranged', bonus: [3], damage: '1d8', crit: { range: 19, multiplier: 2 }, rangeIncrement: 80 }] }),
        orc({ at: [4, 3], hp: 12 }),
      ]),
      { seed: 2, initiative: ['orc', 'wizard'] },
    );
    skipTo(combat, 'wizard');
    const turn = playTurn(combat, tacticianBot());
    expect(['FiveFootStep', 'Withdraw']).toContain(turn[0]!.command.type);
    expect(turn.every((t) => t.provokes.length === 0)).toBe(true);
    expect(of(combat.events, 'OpportunityProvoked')).toHaveLength(0);
    // And it still shoots when the step got it clear.
    if (turn[0]!.command.type === 'FiveFootStep') expect(turn.some((t) => t.command.type === 'Attack')).toBe(true);
  });
});

describe('tactician: flanking for sneak attacks (FLK-1, SNK-1)', () => {
  it('moves a rogue to the square that flanks its target with an ally, then sneak attacks', () => {
    const combat = createCombat(
      encounter([
        fighter({ at: [4, 3], hp: 38 }),
        rogue({ at: [9, 3] }),
        orc({ at: [5, 3], hp: 12 }),
      ]),
      { seed: 3, initiative: ['orc', 'fighter', 'rogue'] },
    );
    skipTo(combat, 'rogue');
    const bot = tacticianBot();
    const first = bot.chooseCommand(requestFor(combat));
    expect(first.type).toBe('Move');
    expect(combat.send(first).ok).toBe(true);
    expect(combat.state.creatures.rogue!.at).toEqual([6, 3]);
    expect(isFlanking(combat.state, 'rogue', 'orc')).toBe(true);
    expect(bot.chooseCommand(requestFor(combat))).toMatchObject({ type: 'Attack', target: 'orc' });
  });
});

describe('tactician: focus fire', () => {
  it('attacks the wounded foe of two alike', () => {
    const combat = createCombat(
      encounter([
        wizard({ at: [1, 1], init: 5 }),
        fighter({ at: [5, 3], init: 1 }),
        orc({ id: 'orc-a', at: [6, 2], hp: 12, init: 3 }),
        orc({ id: 'orc-b', at: [6, 4], hp: 12, init: 2 }),
      ]),
      // The wizard's two missiles deal 4 + 4 to orc-b.
      { dice: { roll: ((sides: number) => (sides === 4 ? 3 : sides === 20 ? 10 : 1)) as never }, initiative: ['wizard', 'orc-a', 'orc-b', 'fighter'] },
    );
    expect(combat.send({ type: 'CastSpell', actor: 'wizard', spell: 'magic-missile', target: 'orc-b', at: null, defensively: false }).ok).toBe(true);
    combat.send({ type: 'EndTurn', actor: 'wizard' });
    skipTo(combat, 'fighter');
    expect(combat.state.creatures['orc-b']!.hp).toBe(4);
    const command = tacticianBot().chooseCommand(requestFor(combat));
    expect(command).toMatchObject({ type: 'FullAttack', targets: ['orc-b'] });
  });
});

describe('tactician: casting in a threatened square (CORE-10, PROV-3)', () => {
  const cornered = (over: Partial<RawCombatant>) =>
    createCombat(encounter([wizard({ at: [0, 0], ...over }), orc({ at: [1, 1], hp: 12 })]), { seed: 4, initiative: ['orc', 'wizard'] });

  it('casts defensively when a foe threatens every square it could step to and Concentration makes DC 16 likely', () => {
    // Concentration +8, Combat Casting +4: DC 16 on 4 or better (85%).
    const combat = cornered({ skills: { concentration: 8 }, feats: ['combat-casting'] });
    skipTo(combat, 'wizard');
    const command = tacticianBot().chooseCommand(requestFor(combat));
    expect(command).toMatchObject({ type: 'CastSpell', spell: 'magic-missile', target: 'orc', defensively: true });
  });

  it('does not gamble on a defensive cast it would likely fail', () => {
    // Concentration +0: DC 16 on 16 or better (25%).
    const combat = cornered({ skills: { concentration: 0 } });
    skipTo(combat, 'wizard');
    const command = tacticianBot().chooseCommand(requestFor(combat));
    expect(command.type === 'CastSpell' && command.defensively).toBe(false);
  });

  it('steps out of reach and casts normally when it can', () => {
    const combat = createCombat(encounter([wizard({ at: [3, 3] }), orc({ at: [4, 3], hp: 12 })]), { seed: 5, initiative: ['orc', 'wizard'] });
    skipTo(combat, 'wizard');
    const turn = playTurn(combat, tacticianBot());
    expect(turn[0]!.command.type).toBe('FiveFootStep');
    expect(turn[1]!.command).toMatchObject({ type: 'CastSpell', spell: 'magic-missile', defensively: false });
    expect(of(combat.events, 'OpportunityProvoked')).toHaveLength(0);
  });
});

describe('tactician: reach and healing', () => {
  it('a glaive wielder with a foe adjacent steps back to the 10-ft ring and attacks (THR-4)', () => {
    const guard = fighter({
      id: 'guard', at: [3, 3], hp: 20,
      attacks: [{ name: 'glaive', kind: 'melee', bonus: [4], damage: '1d10+1', crit: { range: 20, multiplier: 3 }, reachWeapon: true }],
    });
    const combat = createCombat(encounter([guard, orc({ at: [4, 3], hp: 12 })]), { seed: 6, initiative: ['orc', 'guard'] });
    skipTo(combat, 'guard');
    const turn = playTurn(combat, tacticianBot());
    expect(turn[0]!.command.type).toBe('FiveFootStep');
    expect(turn[1]!.command).toMatchObject({ type: 'Attack', target: 'orc', with: 'glaive' });
  });

  it('a cleric heals a dying friend in reach', () => {
    const cleric: RawCombatant = {
      id: 'cleric', side: 'heroes', at: [2, 3], hp: 20, ac: { total: 17, touch: 10, flatFooted: 17 }, init: 0,
      attacks: [{ name: 'mace', kind: 'melee', bonus: [3], damage: '1d8+1' }],
      skills: { concentration: 8 }, casterLevel: 3, spells: { 'cure-light-wounds': 2 },
    };
    const combat = createCombat(
      encounter([cleric, fighter({ at: [3, 3], hp: -3, maxHp: 38 }), orc({ at: [8, 3], hp: 12 })]),
      { seed: 7, initiative: ['orc', 'cleric', 'fighter'] },
    );
    skipTo(combat, 'cleric');
    const command = tacticianBot().chooseCommand(requestFor(combat));
    expect(command).toMatchObject({ type: 'CastSpell', spell: 'cure-light-wounds', target: 'fighter' });
  });
});

describe('tactician: attacks of opportunity (AOO-4)', () => {
  it('keeps its last opportunity for a caster when a weak foe provokes, and takes it otherwise', () => {
    const bot = tacticianBot();
    const combat = createCombat(
      encounter([
        fighter({ at: [4, 3] }),
        orc({ id: 'goblin', at: [5, 3], hp: 4, attacks: [{ name: 'club', kind: 'melee', bonus: [0], damage: '1d3' }] }),
        wizard({ id: 'mage', side: 'monsters', at: [3, 3], hp: 12, spells: { 'magic-missile': 3 } }),
      ]),
      { seed: 8, initiative: ['fighter', 'goblin', 'mage'] },
    );
    const state = combat.state;
    const request = (against: string) => ({ reactor: 'fighter', against, trigger: 'move' as const, observation: observe(state, combat.events, 'heroes'), state });
    expect(bot.chooseOpportunity(request('goblin')).take).toBe(false);
    expect(bot.chooseOpportunity({ ...request('mage'), trigger: 'spell' }).take).toBe(true);
  });
});

describe('tactician: only legal commands', () => {
  const files = ['skirmish-4v4.json', 'patrol-4v4.json', 'ogre-ambush-4v4.json']
    .map((f) => new URL(`../../fixtures/encounters/${f}`, import.meta.url).pathname)
    .filter((f) => existsSync(f));

  for (const file of files) {
    for (const seat of ['heroes', 'monsters'] as const) {
      it(`every command over a whole fight is in request.legal or EndTurn (${file.split('/').pop()}, ${seat})`, () => {
        const loaded = loadEncounter(file);
        if (!loaded.ok) throw new Error(loaded.error);
        const inner = tacticianBot();
        const bad: Command[] = [];
        let count = 0;
        const checked: Controller = {
          name: 'checked',
          chooseOpportunity: (r) => inner.chooseOpportunity(r),
          chooseCommand: (request) => {
            const command = inner.chooseCommand(request);
            count++;
            if (command.type !== 'EndTurn' && !request.legal.some((l) => same(l.command, command))) bad.push(command);
            return command;
          },
        };
        const controllers = seat === 'heroes' ? { heroes: checked, monsters: bruteBot() } : { heroes: bruteBot(), monsters: checked };
        const { combat, stopped } = playMatch(loaded.value, { seed: 3, controllers, maxRounds: 30 });
        expect(bad).toEqual([]);
        expect(count).toBeGreaterThan(3);
        expect(stopped || combat.state.phase === 'ended').toBe(true);
      });
    }
  }
});
