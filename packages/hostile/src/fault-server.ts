import {
  type EmbeddingsFault,
  hfEmbeddingsWire,
  openAIEmbeddingsWire,
  startEmbeddingsServer,
  type WireItem,
} from '@shortlist/test-servers';

/** How the server answers the next request; each request takes one, then it answers normally. */
export type ServerFault =
  | { kind: 'stall-body' }
  | { kind: 'retry-after'; header: string; value: string }
  | { kind: 'component'; value: number }
  /** A 400 whose `x-echo` header repeats `value`, as a server echoing the Authorization header. */
  | { kind: 'echo-key'; value: string }
  /** Every vector all zeros. */
  | { kind: 'zeros' }
  /** OpenAI only: every item claims index 0. */
  | { kind: 'same-index' };

export interface FaultServer {
  /** `…/v1` for the OpenAI SDK. */
  readonly openaiURL: string;
  /** The feature-extraction endpoint for the Hugging Face SDK. */
  readonly hfURL: string;
  readonly requests: () => number;
  script(...faults: ServerFault[]): void;
  close(): Promise<void>;
}

const rewrite = (change: (item: WireItem) => WireItem): EmbeddingsFault => ({
  kind: 'rewrite',
  items: (items) => items.map(change),
});

/** The shared embeddings server's form of a hostile fault. */
function toFault(fault: ServerFault): EmbeddingsFault {
  switch (fault.kind) {
    case 'stall-body':
      return fault;
    case 'retry-after':
      return {
        kind: 'status',
        status: 429,
        headers: { [fault.header]: fault.value },
        body: { error: { message: 'slow down' } },
      };
    case 'echo-key':
      return { kind: 'status', status: 400, headers: { 'x-echo': fault.value } };
    case 'component':
      return rewrite((item) => ({
        ...item,
        embedding: item.embedding.map((v, i) => (i === 2 ? fault.value : v)),
      }));
    case 'zeros':
      return rewrite((item) => ({ ...item, embedding: item.embedding.map(() => 0) }));
    case 'same-index':
      return rewrite((item) => ({ ...item, index: 0 }));
  }
}

/**
 * The shared embeddings servers of `@shortlist/test-servers` on 127.0.0.1, one per wire (OpenAI's
 * `POST /v1/embeddings` and Hugging Face feature extraction), both scripted with the same faults:
 * a case talks to one of them.
 */
export async function startFaultServer(dimensions = 8): Promise<FaultServer> {
  const openai = await startEmbeddingsServer({ wire: openAIEmbeddingsWire, dimensions });
  const hf = await startEmbeddingsServer({ wire: hfEmbeddingsWire(), dimensions });
  const servers = [openai, hf];
  return {
    openaiURL: openai.url,
    hfURL: hf.url,
    requests: () => openai.requests.length + hf.requests.length,
    script: (...faults) => {
      for (const server of servers) server.script(...faults.map(toFault));
    },
    close: async () => {
      await Promise.all(servers.map((server) => server.close()));
    },
  };
}
