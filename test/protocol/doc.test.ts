// docs/protocol.md is generated and current, and its examples are messages the schemas accept.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { OPPORTUNITY_TRANSCRIPT, renderProtocolDoc, TRANSCRIPT, type TranscriptLine } from '../../scripts/protocol-schema.ts';
import { ClientMessageSchema, parseClientLine, ServerMessageSchema } from '../../src/protocol/messages.ts';
import { PROTOCOL_SCHEMAS, protocolJsonSchemaDocument, protocolJsonSchemas } from '../../src/protocol/schema.ts';

const messages = (lines: readonly TranscriptLine[]) => lines.filter((l): l is Exclude<TranscriptLine, { note: string }> => !('note' in l));

describe('docs/protocol.md', () => {
  it('is up to date (npx tsx scripts/protocol-schema.ts)', () => {
    expect(readFileSync(new URL('../../docs/protocol.md', import.meta.url), 'utf8')).toBe(renderProtocolDoc());
  });

  it('shows a JSON Schema for every message type, with references that resolve', () => {
    const doc = protocolJsonSchemaDocument('d20sim-protocol/1');
    const defs = doc.$defs as Record<string, unknown>;
    expect(Object.keys(defs)).toEqual(Object.keys(PROTOCOL_SCHEMAS));
    const refs = [...JSON.stringify(defs).matchAll(/"\$ref":"#\/\$defs\/([^"]+)"/g)].map((m) => m[1]!);
    expect(refs.length).toBeGreaterThan(5);
    for (const ref of refs) expect(defs).toHaveProperty([ref]);
    const server = protocolJsonSchemas().ServerMessage as { oneOf: { $ref: string }[] };
    expect(server.oneOf.map((o) => o.$ref.split('/').at(-1))).toEqual(['hello', 'command-request', 'opportunity-request', 'event', 'error', 'end']);
  });

  it.each([
    ['the session', TRANSCRIPT],
    ['the opportunity', OPPORTUNITY_TRANSCRIPT],
  ])('%s example: engine lines are server messages, client lines get the replies shown', (_name, lines) => {
    const shown = messages(lines);
    for (const [i, line] of shown.entries()) {
      if (line.from === 'engine') {
        expect(ServerMessageSchema.safeParse(line.message).error).toBeUndefined();
        continue;
      }
      const text = typeof line.message === 'string' ? line.message : JSON.stringify(line.message);
      const parsed = parseClientLine(text);
      const reply = shown[i + 1]?.message as { type?: string; code?: string; message?: string } | undefined;
      if (parsed.ok) {
        expect(ClientMessageSchema.safeParse(JSON.parse(text)).success).toBe(true);
        // A well-formed line refused later (another side's creature, the rules, a "with" the reactor lacks).
        if (reply?.type === 'error') expect(reply.message).not.toMatch(/^invalid (message|JSON)/);
      } else {
        expect(reply).toMatchObject({ type: 'error', code: parsed.code, message: parsed.message });
      }
    }
  });
});
