// Small valid documents for io tests; each test changes one thing to provoke one error.
export const combatant = (id: string, at: [number, number], extra: Record<string, unknown> = {}): Record<string, unknown> => ({
  id,
  side: id === 'orc' ? 'monsters' : 'heroes',
  at,
  hp: 10,
  ac: { total: 13, touch: 10, flatFooted: 13 },
  attacks: [{ name: 'axe', kind: 'melee', bonus: [4], damage: '1d12+3' }],
  ...extra,
});

export const encounter = (combatants: unknown[], map: Record<string, unknown> = {}): Record<string, unknown> => ({
  format: 'd20sim/encounter@1',
  map: { width: 12, height: 8, ...map },
  combatants,
});

export const scenario = (extra: Record<string, unknown> = {}): Record<string, unknown> => ({
  format: 'd20sim/scenario@1',
  encounter: encounter([combatant('fighter', [1, 1]), combatant('orc', [2, 1])]),
  script: [],
  ...extra,
});
