// Commands on the wire: the SPEC step form ({ "actor", "action", ... }), its zod schema and the way back from a Command.
import { z } from 'zod';
import { SquareSchema } from '../io/encounter.ts';
import { parseScenarioStep } from '../io/scenario.ts';
import { STEP_ACTIONS, type Command, type CommandType, type StepAction } from '../model/commands.ts';
import { SPELL_IDS } from '../model/stats.ts';

/** A command as a client sends it and as `legal` lists it. */
export type Step = { readonly actor: string; readonly action: StepAction } & Readonly<Record<string, unknown>>;

const ACTION_OF = Object.fromEntries(Object.entries(STEP_ACTIONS).map(([action, type]) => [type, action])) as Record<CommandType, StepAction>;

/** The step form of an internal command: `type` becomes `action`; the other fields keep their names. */
export function toStep(command: Command): Step {
  const { type, actor, ...rest } = command;
  return { actor, action: ACTION_OF[type], ...rest };
}

/** The internal command of a step that passed `StepSchema` (parsed by the same code as scenario files). */
export function fromStep(step: unknown, where: string): { ok: true; command: Command } | { ok: false; error: string } {
  const parsed = parseScenarioStep(step, where);
  return parsed.ok ? { ok: true, command: parsed.value } : { ok: false, error: parsed.error };
}

// The shapes below mirror the step schemas of src/io/scenario.ts (input side: optional fields take SPEC defaults).
const Id = z.string().meta({ description: 'a creature id' });
const Path = z.array(SquareSchema).min(1, { error: 'expected a non-empty path of [x, y] squares' }).meta({
  description: 'the squares entered, in order, each adjacent to the one before',
});
const PowerAttack = z.int().min(0, { error: 'expected an integer >= 0' }).optional().meta({ description: 'Power Attack penalty (default 0)' });
const AttackName = z.string().nullable().optional().meta({ description: 'attack name from the stat block; null or absent: the default' });

const step = <A extends StepAction, S extends z.ZodRawShape>(action: A, shape: S, description: string) =>
  z.object({ actor: Id, action: z.literal(action), ...shape }).meta({ title: action, description });

const targeted = <A extends StepAction>(action: A, description: string) => step(action, { target: Id }, description);
const bare = <A extends StepAction>(action: A, description: string) => step(action, {}, description);

export const StepSchema = z
  .discriminatedUnion('action', [
    step('move', { path: Path }, 'a move action along a path'),
    step('five-foot-step', { to: SquareSchema }, 'a 5-foot step to an adjacent square'),
    step('withdraw', { path: Path }, 'withdraw (full-round): the first square left does not provoke from seen foes'),
    step('tumble', { path: Path, through: z.boolean().optional() }, 'move while tumbling past (or through) foes'),
    step(
      'attack',
      { target: Id, with: AttackName, powerAttack: PowerAttack, nonlethal: z.boolean().optional(), manyshot: z.boolean().optional() },
      'one attack (standard action)',
    ),
    step(
      'full-attack',
      { target: Id.optional(), targets: z.array(Id).min(1).optional(), with: AttackName, stepAfter: SquareSchema.nullable().optional(), powerAttack: PowerAttack, nonlethal: z.boolean().optional() },
      'all attacks (full-round action): "target" or "targets", optionally a 5-foot step after',
    ),
    step('charge', { target: Id, path: Path, powerAttack: PowerAttack }, 'charge along a straight path and attack'),
    step(
      'spring-attack',
      { path: Path, target: Id, then: z.array(SquareSchema).optional(), powerAttack: PowerAttack },
      'move, attack, move on (Spring Attack)',
    ),
    step(
      'cast',
      { spell: z.enum(SPELL_IDS), target: Id.nullable().optional(), at: SquareSchema.nullable().optional(), defensively: z.boolean().optional() },
      'cast a spell (defensively: no opportunity, a Concentration check)',
    ),
    targeted('touch', 'deliver a held touch spell'),
    targeted('trip', 'trip attempt'),
    targeted('disarm', 'disarm attempt'),
    targeted('ignore-flanker', 'disregard a flanker'),
    bare('drink-potion', 'drink a potion'),
    bare('stand-up', 'stand up from prone'),
    bare('pick-up', 'pick up a dropped weapon'),
    bare('total-defense', 'total defense'),
    bare('draw-weapon', 'draw a weapon'),
    bare('end-turn', 'end the turn'),
  ])
  .meta({ title: 'Step', description: 'A command in the SPEC step form' });
