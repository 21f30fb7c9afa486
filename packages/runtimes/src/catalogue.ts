import data from './catalogue.json' with { type: 'json' };

/** A small catalogue across common agent domains, in JSON Schema: the same in every runtime. */
export interface CatalogueTool {
  readonly name: string;
  readonly description: string;
  readonly parameters: {
    readonly type: 'object';
    readonly properties: Readonly<
      Record<string, { readonly type: 'string'; readonly description: string }>
    >;
  };
}

/** The tools of `catalogue.json` (kept as data, one entry a tool), each parameter a string. */
export const catalogue: readonly CatalogueTool[] = data.tools.map(
  ({ name, description, parameters }) => ({
    name,
    description,
    parameters: {
      type: 'object',
      properties: Object.fromEntries(
        parameters.map((parameter) => [
          parameter.name,
          { type: 'string', description: parameter.description },
        ]),
      ),
    },
  }),
);

/** Requests and the tool each needs, labelled by hand: every runtime must pick it first. */
export const requests: readonly { readonly query: string; readonly tool: string }[] = data.requests;
