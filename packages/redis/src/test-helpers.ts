/** A small catalogue of distinct tools. */
export function catalogue(size: number, offset = 0) {
  const topics = ['mail', 'files', 'weather', 'calendar', 'payments', 'maps', 'music'];
  return Array.from({ length: size }, (_, k) => {
    const i = k + offset;
    return {
      name: `tool_${i}`,
      description: `Tool ${i} handles ${topics[i % topics.length]} task number ${i}`,
      parameters: { type: 'object', properties: { id: { type: 'string' } } },
    };
  });
}

/** Polls until `check` holds (tests fail by their own timeout if it never does). */
export async function eventually(check: () => boolean | Promise<boolean>): Promise<void> {
  while (!(await check())) await new Promise((resolve) => setTimeout(resolve, 10));
}
