// Intervals for comparing two studies' win rates: independent runs, and paired runs (the same seeds).
import { describe, expect, it } from 'vitest';
import { differenceInterval, pairedDifferenceInterval } from '../../src/sim/stats.ts';

describe('differenceInterval', () => {
  it('is centred on p1 - p2 with the two-proportion standard error', () => {
    const [lo, hi] = differenceInterval(934, 1000, 908, 1000);
    expect((lo + hi) / 2).toBeCloseTo(0.026, 12);
    const se = Math.sqrt((0.934 * 0.066) / 1000 + (0.908 * 0.092) / 1000);
    expect(hi - lo).toBeCloseTo(2 * 1.959963984540054 * se, 12);
  });
});

describe('pairedDifferenceInterval', () => {
  it('uses only the discordant runs: 52 won only with the first bot, 26 only with the second, of 1000', () => {
    const [lo, hi] = pairedDifferenceInterval(52, 26, 1000);
    expect((lo + hi) / 2).toBeCloseTo(0.026, 12);
    // se = sqrt(b + c - (b - c)^2 / n) / n
    expect(lo).toBeCloseTo(0.026 - 1.959963984540054 * (Math.sqrt(78 - 0.676) / 1000), 12);
    expect(lo).toBeGreaterThan(0);
    expect(hi).toBeCloseTo(0.0432, 4);
  });

  it('is narrower than the independent interval for the same rates when most runs agree', () => {
    // 908 wins with the second bot; the first wins those less 26, plus 52 others: 934.
    const paired = pairedDifferenceInterval(52, 26, 1000);
    const independent = differenceInterval(934, 1000, 908, 1000);
    expect(paired[1] - paired[0]).toBeLessThan(independent[1] - independent[0]);
    expect(independent[0]).toBeLessThan(paired[0]);
  });

  it('edges: no discordant run is exactly zero; all one way is exactly one; it mirrors', () => {
    expect(pairedDifferenceInterval(0, 0, 500)).toEqual([0, 0]);
    expect(pairedDifferenceInterval(10, 0, 10)).toEqual([1, 1]);
    const [lo, hi] = pairedDifferenceInterval(30, 41, 400);
    const [mlo, mhi] = pairedDifferenceInterval(41, 30, 400);
    expect(mlo).toBeCloseTo(-hi, 12);
    expect(mhi).toBeCloseTo(-lo, 12);
    expect(pairedDifferenceInterval(0, 0, 0)).toEqual([-1, 1]);
  });
});
