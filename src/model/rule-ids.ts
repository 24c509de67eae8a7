// Rule IDs of ../shared/RULES.md; events cite them so a log explains itself.
export const RULE_IDS = [
  'CORE-1', 'CORE-2', 'CORE-3', 'CORE-4', 'CORE-5', 'CORE-6', 'CORE-7', 'CORE-8', 'CORE-9', 'CORE-10', 'CORE-11', 'CORE-12',
  'INIT-1', 'INIT-2', 'INIT-3', 'SURP-1', 'SURP-2', 'FF-1', 'FF-2', 'FF-3',
  'THR-1', 'THR-2', 'THR-3', 'THR-4', 'THR-5', 'THR-6', 'THR-7',
  'PROV-1', 'PROV-2', 'PROV-3', 'PROV-4', 'PROV-5',
  'AVOID-1', 'AVOID-2', 'AVOID-3', 'AVOID-4', 'AVOID-5', 'AVOID-6',
  'AOO-1', 'AOO-2', 'AOO-3', 'AOO-4', 'AOO-5', 'AOO-6',
  'RES-1', 'RES-2', 'RES-3', 'RES-4', 'RES-5', 'RES-6',
  'DEX-1', 'DEX-2', 'DEX-3', 'DEX-4', 'DEX-5',
  'FLK-1', 'FLK-2', 'FLK-3', 'FLK-4',
  'SNK-1', 'SNK-2', 'SNK-3', 'SNK-4', 'SNK-5', 'SNK-6', 'SNK-7', 'SNK-8',
  'VAR-1', 'VAR-2', 'VAR-3',
] as const;

export type RuleId = (typeof RULE_IDS)[number];
