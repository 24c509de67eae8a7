// Identifiers and grid coordinates shared by every layer (plain JSON).
export type CreatureId = string;
export type SideName = string;
/** A square as [x, y], 0-based, x to the right, y down; each square is 5 ft. */
export type Square = readonly [number, number];

export const sameSquare = (a: Square, b: Square): boolean => a[0] === b[0] && a[1] === b[1];
