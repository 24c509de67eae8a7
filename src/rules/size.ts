// THR-2 space and natural reach by size.
import type { Shape, Size } from '../model/stats.ts';

export interface SizeRow {
  /** Side of the square space, in squares (Tiny and smaller share a square: counted as 1). */
  readonly space: number;
  /** Natural reach in feet by shape. */
  readonly reach: { readonly tall: number; readonly long: number };
  /** Tiny or smaller (VAR-2 applies to these). */
  readonly tinyOrSmaller: boolean;
}

// THR-2: space and natural reach (tall / long) by size.
export const SIZE_TABLE = {
  fine: { space: 1, reach: { tall: 0, long: 0 }, tinyOrSmaller: true },
  diminutive: { space: 1, reach: { tall: 0, long: 0 }, tinyOrSmaller: true },
  tiny: { space: 1, reach: { tall: 0, long: 0 }, tinyOrSmaller: true },
  small: { space: 1, reach: { tall: 5, long: 5 }, tinyOrSmaller: false },
  medium: { space: 1, reach: { tall: 5, long: 5 }, tinyOrSmaller: false },
  large: { space: 2, reach: { tall: 10, long: 5 }, tinyOrSmaller: false },
  huge: { space: 3, reach: { tall: 15, long: 10 }, tinyOrSmaller: false },
  gargantuan: { space: 4, reach: { tall: 20, long: 15 }, tinyOrSmaller: false },
  colossal: { space: 6, reach: { tall: 30, long: 20 }, tinyOrSmaller: false },
} as const satisfies Record<Size, SizeRow>;

/** Side of the creature's space in squares (THR-2). */
export const spaceOf = (size: Size): number => SIZE_TABLE[size].space;

/** Natural reach in feet (THR-2). */
export const naturalReach = (size: Size, shape: Shape): number => SIZE_TABLE[size].reach[shape];

/** Tiny, Diminutive or Fine (VAR-2). */
export const isTinyOrSmaller = (size: Size): boolean => SIZE_TABLE[size].tinyOrSmaller;
