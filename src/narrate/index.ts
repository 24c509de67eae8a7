// Narration languages: one narrator per language, all with the shape of english.ts.
import type { CombatEvent } from '../model/events.ts';
import type { CombatState } from '../model/state.ts';
import { narrate } from './english.ts';
import { narrateFrench } from './french.ts';

export const LANGS = ['en', 'fr'] as const;
export type Lang = (typeof LANGS)[number];

/** One event as a line of text, or null for events that say nothing worth printing. */
export type Narrate = (event: CombatEvent, state: CombatState) => string | null;

const NARRATORS: { readonly [L in Lang]: Narrate } = { en: narrate, fr: narrateFrench };

export const isLang = (value: string): value is Lang => (LANGS as readonly string[]).includes(value);

export function narrator(lang: Lang): Narrate {
  return NARRATORS[lang];
}
