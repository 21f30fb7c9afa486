import type OpenAI from 'openai';
import type {
  ResponseInputItem,
  ResponseOutputItem,
  Tool,
} from 'openai/resources/responses/responses';

/** What the test's tools do when called: record the call and answer with its name. */
export function recordingHandlers() {
  const executed: string[] = [];
  return {
    executed,
    run: (name: string, args: string) => {
      executed.push(name);
      return `${name} ran with ${args}`;
    },
  };
}

/**
 * The loop a user writes around `responses.create`: send, run the function calls, repeat until
 * the model answers. `extra` adds items after each response (tool search outputs).
 */
export async function responsesLoop(
  client: OpenAI,
  input: ResponseInputItem[],
  tools: (input: ResponseInputItem[]) => Promise<Tool[]> | Tool[],
  run: (name: string, args: string) => string,
  extra: (output: ResponseOutputItem[]) => Promise<ResponseInputItem[]> = async () => [],
): Promise<string> {
  for (let step = 0; step < 8; step++) {
    const response = await client.responses.create({
      model: 'gpt-5.4',
      input,
      tools: await tools(input),
    });
    input.push(...(response.output as ResponseInputItem[]), ...(await extra(response.output)));
    const calls = response.output.filter((item) => item.type === 'function_call');
    if (calls.length === 0 && !response.output.some((item) => item.type === 'tool_search_call')) {
      return response.output_text;
    }
    for (const call of calls) {
      input.push({
        type: 'function_call_output',
        call_id: call.call_id,
        output: run(call.name, call.arguments),
      });
    }
  }
  throw new Error('the loop did not finish in 8 steps');
}
