import type { OpenAIRequest, WireObject } from '@shortlist/test-servers';

const functionOf = (tool: WireObject) => tool.function as { name: string; parameters?: unknown };

/** The text of the last message of a role in a request, e.g. the last tool result. */
export function lastContent(request: OpenAIRequest, role: string): string {
  const message = [...(request.body.messages ?? [])].reverse().find((m) => m.role === role);
  if (message === undefined) return '';
  if (typeof message.content === 'string') return message.content;
  if (Array.isArray(message.content)) {
    return message.content
      .map((part: { text?: string }) => (typeof part.text === 'string' ? part.text : ''))
      .join('');
  }
  return '';
}

interface JsonSchemaLike {
  type?: string | string[];
  enum?: unknown[];
  properties?: Record<string, JsonSchemaLike>;
  required?: string[];
}

/** Minimal valid arguments for an offered tool, read from its definition as a model would. */
export function argsFor(request: OpenAIRequest, name: string): Record<string, unknown> {
  const definition = request.body.tools?.find((tool) => functionOf(tool).name === name);
  if (definition === undefined) throw new Error(`${name} was not offered`);
  const schema = (functionOf(definition).parameters ?? {}) as JsonSchemaLike;
  const sample = (property: JsonSchemaLike): unknown => {
    if (property.enum !== undefined) return property.enum[0];
    const type = Array.isArray(property.type) ? property.type[0] : property.type;
    if (type === 'number' || type === 'integer') return 1;
    if (type === 'boolean') return true;
    if (type === 'array') return [];
    if (type === 'object') return {};
    return 'x';
  };
  const args: Record<string, unknown> = {};
  for (const key of schema.required ?? []) args[key] = sample(schema.properties?.[key] ?? {});
  return args;
}
