// Events: past-tense facts carrying every die rolled and the rule IDs behind them.
import type { CreatureId, SideName, Square } from './ids.ts';
import type { RuleId } from './rule-ids.ts';
import type { ActionCost } from './state.ts';
import type { Condition, SpellId } from './stats.ts';
import type { Maneuver } from './commands.ts';

/** What provoked an attack of opportunity (SPEC `provokedBy`). */
export type Trigger = 'move' | 'spell' | 'ranged' | 'distracting' | 'unarmed' | 'enter-space' | 'trip' | 'disarm' | 'ignore-flanker';

export type MoveMode = 'move' | 'five-foot-step' | 'withdraw' | 'tumble' | 'charge' | 'spring-attack';

export type AcKind = 'normal' | 'touch';

interface Cited {
  readonly rules: readonly RuleId[];
}

export type CombatEvent = Cited &
  (
    | { readonly type: 'InitiativeRolled'; readonly id: CreatureId; readonly d20: number; readonly modifier: number; readonly total: number }
    | { readonly type: 'InitiativeTieRolled'; readonly id: CreatureId; readonly d20: number }
    | { readonly type: 'InitiativeSet'; readonly order: readonly CreatureId[]; readonly scripted: boolean }
    | { readonly type: 'SurpriseRoundBegan'; readonly aware: readonly CreatureId[] }
    | { readonly type: 'RoundBegan'; readonly round: number }
    | { readonly type: 'TurnBegan'; readonly id: CreatureId; readonly round: number; readonly surprise: boolean; readonly limited: boolean }
    | { readonly type: 'TurnSkipped'; readonly id: CreatureId; readonly reason: 'unaware' | 'cannot-act' }
    | { readonly type: 'FlatFootedEnded'; readonly id: CreatureId }
    | { readonly type: 'StabilizationRolled'; readonly id: CreatureId; readonly d100: number; readonly stable: boolean }
    | { readonly type: 'ActionStarted'; readonly id: CreatureId; readonly action: string; readonly cost: ActionCost }
    | { readonly type: 'Moved'; readonly id: CreatureId; readonly from: Square; readonly to: Square; readonly mode: MoveMode }
    | { readonly type: 'MovementStopped'; readonly id: CreatureId; readonly at: Square; readonly reason: 'dropped' | 'tumble-failed' }
    | {
        readonly type: 'TumbleChecked';
        readonly id: CreatureId;
        readonly past: CreatureId;
        readonly through: boolean;
        readonly d20: number;
        readonly bonus: number;
        readonly total: number;
        readonly dc: number;
        readonly success: boolean;
      }
    | { readonly type: 'OpportunityProvoked'; readonly by: CreatureId; readonly reactor: CreatureId; readonly trigger: Trigger; readonly at: Square }
    | { readonly type: 'OpportunityDeclined'; readonly reactor: CreatureId; readonly against: CreatureId }
    | { readonly type: 'OpportunityTaken'; readonly reactor: CreatureId; readonly against: CreatureId; readonly with: string; readonly trigger: Trigger }
    | { readonly type: 'OpportunityFoiled'; readonly reactor: CreatureId; readonly against: CreatureId; readonly reason: 'dropped' | 'disarmed' | 'chain-ended' }
    | {
        readonly type: 'ManeuverRolled';
        readonly attacker: CreatureId;
        readonly target: CreatureId;
        readonly maneuver: Exclude<Maneuver, 'touch'>;
        readonly kind: 'regular' | 'opportunity';
        readonly provokedBy: Trigger | null;
        readonly attackerD20: number;
        readonly attackerTotal: number;
        readonly defenderD20: number;
        readonly defenderTotal: number;
        readonly success: boolean;
      }
    | { readonly type: 'PowerAttackChosen'; readonly id: CreatureId; readonly amount: number }
    | { readonly type: 'FlankerIgnored'; readonly id: CreatureId; readonly flanker: CreatureId }
    | {
        readonly type: 'AttackRolled';
        readonly attacker: CreatureId;
        readonly target: CreatureId;
        readonly weapon: string;
        readonly kind: 'regular' | 'opportunity';
        readonly provokedBy: Trigger | null;
        readonly d20: number;
        readonly bonus: number;
        readonly total: number;
        readonly ac: number;
        readonly acKind: AcKind;
        readonly hit: boolean;
        readonly threat: boolean;
        readonly confirmD20: number | null;
        readonly critical: boolean;
        readonly flanking: boolean;
        readonly deniedDex: boolean;
        readonly missChance: number;
        readonly d100: number | null;
        readonly sneak: boolean;
      }
    | {
        readonly type: 'DamageDealt';
        readonly source: CreatureId | null;
        readonly target: CreatureId;
        readonly cause: 'attack' | 'spell' | 'bleeding' | 'exertion';
        readonly dice: readonly number[];
        /** Faces of the damage dice (0 when none were rolled); sneak dice are always d6. */
        readonly dieSize: number;
        readonly sneakDice: readonly number[];
        readonly amount: number;
        /** Nonlethal damage: counted apart from hit points (unconscious once it exceeds them). */
        readonly nonlethal?: boolean;
      }
    | {
        readonly type: 'HealingReceived';
        readonly source: CreatureId;
        readonly target: CreatureId;
        readonly dice: readonly number[];
        readonly dieSize: number;
        readonly amount: number;
      }
    | { readonly type: 'EffectStarted'; readonly id: CreatureId; readonly effect: 'total-defense' | 'charged' | 'fighting-defensively' }
    | { readonly type: 'SpellBegun'; readonly caster: CreatureId; readonly spell: SpellId; readonly target: CreatureId | null; readonly defensively: boolean }
    | {
        readonly type: 'ConcentrationChecked';
        readonly id: CreatureId;
        readonly d20: number;
        readonly bonus: number;
        readonly total: number;
        readonly dc: number;
        readonly success: boolean;
        readonly reason: 'defensive' | 'damage' | 'grappling';
      }
    | { readonly type: 'ChargeHeld'; readonly id: CreatureId; readonly spell: SpellId }
    | { readonly type: 'ChargeDischarged'; readonly id: CreatureId; readonly spell: SpellId }
    | { readonly type: 'ConditionGained'; readonly id: CreatureId; readonly condition: Condition }
    | { readonly type: 'ConditionLost'; readonly id: CreatureId; readonly condition: Condition }
    | { readonly type: 'SpellResolved'; readonly caster: CreatureId; readonly spell: SpellId }
    | { readonly type: 'SpellLost'; readonly caster: CreatureId; readonly spell: SpellId; readonly reason: 'concentration' | 'dropped' }
    | { readonly type: 'ActionFoiled'; readonly id: CreatureId; readonly action: string; readonly reason: 'dropped' }
    | { readonly type: 'TurnEnded'; readonly id: CreatureId }
    | { readonly type: 'CombatEnded'; readonly winner: SideName | null }
  );

export type EventType = CombatEvent['type'];
export type EventOf<T extends EventType> = Extract<CombatEvent, { type: T }>;
