// The JSON Schemas of the protocol's messages, generated from the zod schemas (docs/protocol.md shows them).
import { z } from 'zod';
import { SquareSchema } from '../io/encounter.ts';
import {
  ClientMessageSchema, CommandMessageSchema, CommandRequestSchema, EndSchema, ErrorMessageSchema, EventMessageSchema, HelloSchema,
  ObservationSchema, OpportunityMessageSchema, OpportunityRequestSchema, ServerMessageSchema,
} from './messages.ts';
import { StepSchema } from './step.ts';

/** Every schema by name, in the order the documentation shows them; references read `#/$defs/<name>`. */
export const PROTOCOL_SCHEMAS = {
  ClientMessage: ClientMessageSchema,
  command: CommandMessageSchema,
  opportunity: OpportunityMessageSchema,
  ServerMessage: ServerMessageSchema,
  hello: HelloSchema,
  'command-request': CommandRequestSchema,
  'opportunity-request': OpportunityRequestSchema,
  event: EventMessageSchema,
  error: ErrorMessageSchema,
  end: EndSchema,
  Step: StepSchema,
  Observation: ObservationSchema,
  Square: SquareSchema,
} as const;

export type SchemaName = keyof typeof PROTOCOL_SCHEMAS;
type JsonSchema = Record<string, unknown>;

/** The JSON Schema (draft 2020-12) of each message type; the input side, so fields with defaults are optional. */
export function protocolJsonSchemas(): Record<SchemaName, JsonSchema> {
  const registry = z.registry<{ id: string }>();
  for (const [id, schema] of Object.entries(PROTOCOL_SCHEMAS)) registry.add(schema, { id });
  const { schemas } = z.toJSONSchema(registry, {
    io: 'input',
    uri: (id) => `#/$defs/${id}`,
    // z.int() bounds every integer to the safe range: true of any JSON number a program sends, so left unsaid.
    override: ({ jsonSchema }) => {
      if (jsonSchema.minimum === Number.MIN_SAFE_INTEGER) delete jsonSchema.minimum;
      if (jsonSchema.maximum === Number.MAX_SAFE_INTEGER) delete jsonSchema.maximum;
    },
  });
  const out = {} as Record<SchemaName, JsonSchema>;
  for (const id of Object.keys(PROTOCOL_SCHEMAS) as SchemaName[]) {
    const { $schema: _drop, $id: _id, ...schema } = schemas[id] as JsonSchema;
    out[id] = schema;
  }
  return out;
}

/** All the schemas as one document, each under `$defs`. */
export function protocolJsonSchemaDocument(version: string): JsonSchema {
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: version,
    description: 'd20sim serve protocol: one JSON object per line; ClientMessage from the client, ServerMessage from the engine',
    $defs: protocolJsonSchemas(),
  };
}
