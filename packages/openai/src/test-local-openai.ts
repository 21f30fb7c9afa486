import { type OpenAIServer, startOpenAIServer } from '@shortlist/test-servers';
import OpenAI from 'openai';
import { afterAll, beforeAll, beforeEach } from 'vitest';

export interface LocalOpenAI {
  readonly server: OpenAIServer;
  /** The real client on the server, retrying twice as the fault tests expect. */
  readonly client: OpenAI;
}

/**
 * The local model server for one test file, with a real client on it: started before the file's
 * tests, cleared before each, closed after them.
 */
export function localOpenAI(): LocalOpenAI {
  let server: OpenAIServer | undefined;
  let client: OpenAI | undefined;
  beforeAll(async () => {
    server = await startOpenAIServer();
    client = new OpenAI({ apiKey: 'test-key', baseURL: server.baseURL, maxRetries: 2 });
  });
  afterAll(() => server?.close());
  beforeEach(() => server?.reset());
  return {
    get server() {
      if (!server) throw new Error('localOpenAI(): the server starts in beforeAll');
      return server;
    },
    get client() {
      if (!client) throw new Error('localOpenAI(): the client is made in beforeAll');
      return client;
    },
  };
}
