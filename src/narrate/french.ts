// Events as French sentences: the same facts as english.ts, in the vocabulary of the French SRD 3.5
// (attaque d'opportunité, case contrôlée, pas de placement de 1,50 mètre, pris au dépourvu, prendre en tenaille...).
// Creature names, side names and unknown weapon names come from the encounter file and are kept as written;
// a creature's gender is unknown, so adjectives and pronouns about it use the masculine (le combattant).
import type { CombatEvent, EventOf, MoveMode, Trigger } from '../model/events.ts';
import type { CombatState } from '../model/state.ts';
import type { Square } from '../model/ids.ts';
import type { Condition, PlainCondition, SpellId } from '../model/stats.ts';
import type { ACTION_NAMES } from '../rules/actions.ts';

type Narrators = { [T in CombatEvent['type']]: (event: EventOf<T>, name: (id: string) => string) => string | null };

/** A square: French writes coordinates with a semicolon, the comma being the decimal mark. */
const sq = (s: Square): string => `(${s[0]} ; ${s[1]})`;
const signed = (n: number): string => (n >= 0 ? `+${n}` : `${n}`);
/** "1 point", "8 points" (French singular for 0 and 1). */
const points = (n: number): string => `${n} point${Math.abs(n) >= 2 ? 's' : ''}`;
/** "de X", elided to "d'X" before a vowel (d'Orc 2, d'alpha). */
const de = (name: string): string => (/^[aeiouyàâäéèêëîïôöùûüæœ]/i.test(name) ? `d'${name}` : `de ${name}`);
const verdict = (success: boolean): string => (success ? 'réussite' : 'échec');

/** Official French names of the spells (Manuel des Joueurs 3.5). */
export const SPELL_NAMES_FR: { readonly [S in SpellId]: string } = {
  'magic-missile': 'projectile magique',
  'acid-arrow': 'flèche acide',
  'shocking-grasp': 'décharge électrique',
  'cure-light-wounds': 'soins légers',
  invisibility: 'invisibilité',
  'greater-invisibility': 'invisibilité suprême',
};

const spellName = (spell: SpellId): string => SPELL_NAMES_FR[spell];
const isSpell = (name: string): name is SpellId => Object.hasOwn(SPELL_NAMES_FR, name);

/** "avec ..." for the common SRD weapons and natural attacks; keyed by the lower-cased English name. */
const WEAPONS_FR: Readonly<Record<string, string>> = {
  'unarmed strike': 'à mains nues',
  longsword: 'avec son épée longue',
  'short sword': 'avec son épée courte',
  greatsword: 'avec son épée à deux mains',
  'bastard sword': 'avec son épée bâtarde',
  rapier: 'avec sa rapière',
  dagger: 'avec sa dague',
  scimitar: 'avec son cimeterre',
  falchion: 'avec son cimeterre à deux mains',
  battleaxe: "avec sa hache d'armes",
  greataxe: 'avec sa grande hache',
  handaxe: 'avec sa hachette',
  club: 'avec son gourdin',
  greatclub: 'avec sa massue',
  quarterstaff: 'avec son bâton',
  'light mace': "avec sa masse d'armes légère",
  'heavy mace': "avec sa masse d'armes lourde",
  morningstar: 'avec son morgenstern',
  warhammer: 'avec son marteau de guerre',
  flail: "avec son fléau d'armes",
  glaive: 'avec sa coutille',
  guisarme: 'avec sa guisarme',
  halberd: 'avec sa hallebarde',
  longspear: 'avec sa pique',
  spear: 'avec sa lance',
  shortspear: 'avec son épieu',
  'spiked chain': 'avec sa chaîne cloutée',
  whip: 'avec son fouet',
  sap: 'avec sa matraque',
  javelin: 'avec son javelot',
  shortbow: 'avec son arc court',
  longbow: 'avec son arc long',
  'light crossbow': 'avec son arbalète légère',
  'heavy crossbow': 'avec son arbalète lourde',
  sling: 'avec sa fronde',
  bite: "d'un coup de dents",
  claw: "d'un coup de griffes",
  slam: "d'un coup",
  gore: "d'un coup de corne",
  tail: "d'un coup de queue",
  tentacle: "d'un coup de tentacule",
};

function weaponText(weapon: string): string {
  if (isSpell(weapon)) return `avec le sort ${spellName(weapon)}`;
  return WEAPONS_FR[weapon.toLowerCase()] ?? `avec l'arme « ${weapon} »`;
}

/** What made the mover lower its guard, after "s'expose à une attaque d'opportunité de X". */
const TRIGGER_FR: { readonly [T in Trigger]: string } = {
  move: "en quittant une case qu'il contrôle",
  spell: 'en lançant un sort',
  ranged: 'en effectuant une attaque à distance',
  distracting: 'par une action qui détourne son attention du combat',
  unarmed: 'en attaquant à mains nues',
  'enter-space': 'en pénétrant dans son espace',
  trip: 'en tentant un croc-en-jambe',
  disarm: 'en tentant un désarmement',
  'ignore-flanker': 'en tournant le dos à un adversaire qui le prend en tenaille',
};

/** The verb of each movement, between the mover and "de (x ; y) à (x ; y)". */
const MOVE_FR: { readonly [M in MoveMode]: string } = {
  move: 'se déplace',
  'five-foot-step': 'fait un pas de placement de 1,50 mètre',
  withdraw: 'bat en retraite',
  tumble: 'se déplace en Acrobaties',
  charge: 'charge',
  'spring-attack': 'se déplace (Attaque éclair)',
};

type ActionName = (typeof ACTION_NAMES)[keyof typeof ACTION_NAMES];

/** What a creature that drops can no longer do: "impossible de ...". */
const ACTION_FR: { readonly [A in ActionName]: string } = {
  move: 'poursuivre son déplacement',
  'five-foot step': 'faire son pas de placement de 1,50 mètre',
  withdraw: 'achever sa retraite',
  tumble: 'achever son déplacement en Acrobaties',
  attack: 'porter son attaque',
  'full attack': 'porter son attaque à outrance',
  charge: 'mener sa charge à terme',
  'spring attack': 'porter son Attaque éclair',
  'cast a spell': 'lancer son sort',
  touch: 'porter son attaque de contact',
  'drink a potion': 'boire sa potion',
  'stand up': 'se relever',
  'pick up an item': "ramasser l'objet",
  'total defense': 'se mettre en défense totale',
  'draw a weapon': 'dégainer son arme',
  trip: 'faire son croc-en-jambe',
  disarm: 'tenter son désarmement',
  'ignore a flanker': "ignorer l'adversaire qui le prend en tenaille",
  'end turn': 'finir son tour',
};

const actionText = (action: string): string =>
  Object.hasOwn(ACTION_FR, action) ? ACTION_FR[action as ActionName] : `mener à bien son action (${action})`;

/** "X ..." when a condition starts, and when it ends. */
const CONDITIONS_FR: { readonly [C in PlainCondition]: readonly [gained: string, lost: string] } = {
  prone: ['tombe à terre', 'se relève'],
  invisible: ['devient invisible', 'redevient visible'],
  'greater-invisible': ["devient invisible (invisibilité suprême)", "redevient visible : son invisibilité suprême prend fin"],
  blinded: ['est aveuglé', "n'est plus aveuglé"],
  concealed: ["bénéficie d'un camouflage", "ne bénéficie plus d'aucun camouflage"],
  'totally-concealed': ["bénéficie d'un camouflage total", "perd son camouflage total"],
  grappling: ['est engagé dans une lutte', 'sort de la lutte'],
  helpless: ['est sans défense', "n'est plus sans défense"],
  stunned: ['est étourdi', "n'est plus étourdi"],
  climbing: ['escalade une paroi', "cesse d'escalader"],
  entangled: ['est enchevêtré', "n'est plus enchevêtré"],
  unconscious: ['perd connaissance', 'reprend connaissance'],
  disarmed: ['est désarmé', "n'est plus désarmé"],
};

function conditionText(condition: Condition, gained: boolean): string {
  if (condition.startsWith('holding-charge:')) {
    const spell = condition.slice('holding-charge:'.length) as SpellId;
    return gained ? `conserve la charge du sort ${spellName(spell)}` : `ne conserve plus la charge du sort ${spellName(spell)}`;
  }
  const pair = CONDITIONS_FR[condition as PlainCondition];
  return pair ? pair[gained ? 0 : 1] : `${gained ? 'est désormais' : "n'est plus"} ${condition}`;
}

const MANEUVER_FR: { readonly [M in EventOf<'ManeuverRolled'>['maneuver']]: (target: string) => string } = {
  trip: (target) => `tente un croc-en-jambe contre ${target}`,
  disarm: (target) => `tente de désarmer ${target}`,
};

/** The form an attack of opportunity takes (AOO-5): a named attack, or trip / disarm / touch. */
function opportunityForm(form: string): string {
  if (form === 'trip') return 'croc-en-jambe';
  if (form === 'disarm') return 'désarmement';
  if (form === 'touch') return 'attaque de contact';
  return weaponText(form);
}

/** Why a defender lost its Dex bonus, from the rule IDs the attack cites (see engine/decide-attack.ts). */
function deniedDexNote(e: EventOf<'AttackRolled'>): string {
  if (e.rules.includes('DEX-1')) return 'défenseur pris au dépourvu';
  if (e.rules.includes('DEX-3')) return 'défenseur immobilisé, privé de son bonus de Dextérité';
  return 'défenseur privé de son bonus de Dextérité';
}

function attackText(e: EventOf<'AttackRolled'>, name: (id: string) => string): string {
  const verb = e.kind === 'opportunity' ? `porte une attaque d'opportunité contre ${name(e.target)}` : `attaque ${name(e.target)}`;
  const notes = [e.flanking ? 'prise en tenaille' : '', e.deniedDex ? deniedDexNote(e) : '', e.sneak ? 'attaque sournoise' : ''].filter(Boolean);
  const roll = `d20 ${e.d20}${signed(e.bonus)} = ${e.total} contre CA ${e.ac}${e.acKind === 'touch' ? ' (contact)' : ''}`;
  const concealment = e.missChance >= 50 ? 'camouflage total' : 'camouflage';
  const outcome = e.critical
    ? 'coup critique !'
    : e.hit
    ? 'touché'
    : e.threat || (e.d100 !== null && !e.hit)
    ? `raté (${concealment}${e.d100 !== null ? `, d% ${e.d100}` : ''})`
    : 'raté';
  const confirm = e.confirmD20 !== null ? `, confirmation d20 ${e.confirmD20}` : '';
  return `  ${name(e.attacker)} ${verb} ${weaponText(e.weapon)} : ${roll}${confirm} - ${outcome}${notes.length ? ` [${notes.join(', ')}]` : ''}`;
}

const CONCENTRATION_REASON_FR: { readonly [R in EventOf<'ConcentrationChecked'>['reason']]: string } = {
  defensive: 'incantation sur la défensive',
  damage: "blessure pendant l'incantation",
  grappling: 'incantation en pleine lutte',
};

const EFFECTS_FR: { readonly [E in EventOf<'EffectStarted'>['effect']]: string } = {
  'total-defense': 'se met en défense totale',
  charged: "a chargé et reste à découvert jusqu'à son prochain tour",
  'fighting-defensively': 'combat sur la défensive',
};

const NARRATORS: Narrators = {
  InitiativeRolled: (e, n) => `${n(e.id)} fait son jet d'initiative : d20 ${e.d20}${signed(e.modifier)} = ${e.total}`,
  InitiativeTieRolled: (e, n) => `${n(e.id)} relance le d20 pour départager une égalité d'initiative : ${e.d20}`,
  InitiativeSet: (e, n) => `Ordre d'initiative : ${e.order.map(n).join(', ')}`,
  SurpriseRoundBegan: (e, n) => `== Round de surprise == (combattants avertis : ${e.aware.map(n).join(', ')})`,
  RoundBegan: (e) => `== Début du round ${e.round} ==`,
  TurnBegan: (e, n) => `Au tour ${de(n(e.id))}${e.limited ? ' (une seule action simple ou de mouvement)' : ''}`,
  TurnSkipped: (e, n) => (e.reason === 'unaware' ? `${n(e.id)} n'a pas remarqué le danger et n'agit pas` : null),
  FlatFootedEnded: () => null,
  StabilizationRolled: (e, n) =>
    `  ${n(e.id)} est mourant : d% ${e.d100} - ${e.stable ? 'son état devient stable' : 'il perd 1 point de vie'}`,
  ActionStarted: () => null,
  Moved: (e, n) => `  ${n(e.id)} ${MOVE_FR[e.mode]} de ${sq(e.from)} à ${sq(e.to)}`,
  MovementStopped: (e, n) =>
    e.reason === 'dropped'
      ? `  ${n(e.id)} s'écroule en ${sq(e.at)} ; son déplacement s'arrête là`
      : `  ${n(e.id)} s'arrête en ${sq(e.at)}, sans atteindre l'espace de son adversaire`,
  OpportunityProvoked: (e, n) => `  ${n(e.by)} s'expose à une attaque d'opportunité ${de(n(e.reactor))} ${TRIGGER_FR[e.trigger]}`,
  OpportunityDeclined: (e, n) => `  ${n(e.reactor)} ne profite pas de l'ouverture`,
  OpportunityTaken: (e, n) => `  ${n(e.reactor)} saisit l'occasion${e.with === 'attack' ? '' : ` (${opportunityForm(e.with)})`}`,
  OpportunityFoiled: (e, n) =>
    `  L'attaque d'opportunité ${de(n(e.reactor))} contre ${n(e.against)} n'a pas lieu (${
      e.reason === 'chain-ended'
        ? "la chaîne d'attaques s'est interrompue"
        : e.reason === 'disarmed'
        ? `${n(e.reactor)} a été désarmé`
        : `${n(e.reactor)} n'est plus en état d'agir`
    })`,
  ManeuverRolled: (e, n) =>
    `  ${n(e.attacker)} ${MANEUVER_FR[e.maneuver](n(e.target))}${e.kind === 'opportunity' ? " (attaque d'opportunité)" : ''} : ${
      e.attackerTotal
    } (d20 ${e.attackerD20}) contre ${e.defenderTotal} (d20 ${e.defenderD20}) - ${verdict(e.success)}`,
  TumbleChecked: (e, n) =>
    `  ${n(e.id)} tente un test d'Acrobaties pour passer ${e.through ? "à travers l'espace" : 'à côté'} ${de(n(e.past))} : d20 ${e.d20}${signed(
      e.bonus,
    )} = ${e.total} contre DD ${e.dc} - ${verdict(e.success)}`,
  PowerAttackChosen: (e, n) => `  ${n(e.id)} utilise Attaque en puissance (${e.amount})`,
  FlankerIgnored: (e, n) => `  ${n(e.id)} ignore ${n(e.flanker)} et lui tourne le dos`,
  AttackRolled: attackText,
  DamageDealt: (e, n) =>
    e.cause === 'bleeding'
      ? null
      : e.cause === 'exertion'
      ? `  ${n(e.target)} fait un effort alors qu'il est hors de combat et perd 1 point de vie`
      : `  ${n(e.target)} subit ${points(e.amount)} de dégâts${e.nonlethal ? ' non létaux' : ''}${
          e.sneakDice.length ? ` (attaque sournoise ${e.sneakDice.join('+')})` : ''
        }`,
  HealingReceived: (e, n) => `  ${n(e.target)} récupère ${points(e.amount)} de vie`,
  EffectStarted: (e, n) => `  ${n(e.id)} ${EFFECTS_FR[e.effect]}`,
  SpellBegun: (e, n) =>
    `  ${n(e.caster)} lance${e.defensively ? ' sur la défensive' : ''} le sort ${spellName(e.spell)}${e.target ? ` sur ${n(e.target)}` : ''}`,
  ConcentrationChecked: (e, n) =>
    `  ${n(e.id)}, test de Concentration (${CONCENTRATION_REASON_FR[e.reason]}) : d20 ${e.d20}${signed(e.bonus)} = ${e.total} contre DD ${
      e.dc
    } - ${verdict(e.success)}`,
  ChargeHeld: (e, n) => `  ${n(e.id)} conserve la charge du sort ${spellName(e.spell)}`,
  ChargeDischarged: () => null,
  ConditionGained: (e, n) => `  ${n(e.id)} ${conditionText(e.condition, true)}`,
  ConditionLost: (e, n) => `  ${n(e.id)} ${conditionText(e.condition, false)}`,
  SpellResolved: (e, n) => `  Le sort ${spellName(e.spell)} ${de(n(e.caster))} fait effet`,
  SpellLost: (e, n) =>
    `  ${n(e.caster)} perd le sort ${spellName(e.spell)} (${e.reason === 'concentration' ? 'test de Concentration raté' : "il s'est écroulé"})`,
  ActionFoiled: (e, n) => `  ${n(e.id)} s'écroule : impossible de ${actionText(e.action)}`,
  TurnEnded: () => null,
  CombatEnded: (e) =>
    e.winner ? `Le combat est terminé : le camp « ${e.winner} » l'emporte.` : 'Le combat est terminé : plus personne ne tient debout.',
};

export function narrateFrench(event: CombatEvent, state: CombatState): string | null {
  const name = (id: string): string => state.stats[id]?.name ?? id;
  return (NARRATORS[event.type] as (e: CombatEvent, n: (id: string) => string) => string | null)(event, name);
}
