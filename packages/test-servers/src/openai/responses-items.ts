let ids = 0;

/** A fresh id with the API's prefix for its kind. */
export const nextId = (prefix: string): string => `${prefix}_${(++ids).toString(36)}`;

/** A Responses assistant message item. */
export const message = (text: string) => ({
  type: 'message',
  id: nextId('msg'),
  role: 'assistant',
  status: 'completed',
  content: [{ type: 'output_text', text, annotations: [] }],
});

/** A Responses function call item. */
export const functionCall = (name: string, args: unknown = {}) => ({
  type: 'function_call',
  id: nextId('fc'),
  call_id: nextId('call'),
  name,
  arguments: JSON.stringify(args),
  status: 'completed',
});

/** A client-executed tool search call, as the model writes it. */
export const toolSearchCall = (args: unknown) => ({
  type: 'tool_search_call',
  id: nextId('tsc'),
  call_id: nextId('call'),
  arguments: args,
  execution: 'client',
  status: 'completed',
});
