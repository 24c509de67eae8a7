// INIT-1, INIT-2: initiative order from rolled totals, modifiers and tie roll-offs.
export interface InitiativeEntry {
  readonly id: string;
  readonly total: number;
  readonly modifier: number;
  /** Roll-off results, in the order rolled (INIT-2). */
  readonly rollOffs: readonly number[];
}

/** Highest total first; ties by higher modifier, then by roll-offs. */
export function compareInitiative(a: InitiativeEntry, b: InitiativeEntry): number {
  if (a.total !== b.total) return b.total - a.total;
  if (a.modifier !== b.modifier) return b.modifier - a.modifier;
  for (let i = 0; i < Math.min(a.rollOffs.length, b.rollOffs.length); i++) {
    if (a.rollOffs[i] !== b.rollOffs[i]) return b.rollOffs[i]! - a.rollOffs[i]!;
  }
  return 0;
}

/** Groups of entries still tied after totals, modifiers and the roll-offs so far. */
export function tiedGroups(entries: readonly InitiativeEntry[]): string[][] {
  const sorted = [...entries].sort(compareInitiative);
  const groups: string[][] = [];
  let current: InitiativeEntry[] = [];
  for (const e of sorted) {
    if (current.length > 0 && compareInitiative(current[0]!, e) !== 0) {
      if (current.length > 1) groups.push(current.map((x) => x.id));
      current = [];
    }
    current.push(e);
  }
  if (current.length > 1) groups.push(current.map((x) => x.id));
  return groups;
}
