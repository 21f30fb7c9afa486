import { serveHttp } from '@shortlist/mcp';
import { mcpInitialize, sendMcpRequest } from '@shortlist/test-servers';
import type { HostileCase } from '../hostile-case.js';
import { hostileGateway } from '../mcp-upstream.js';

const token = 'hostile-token-0123456789abcdef';

/** The status of a raw initialize POST to `url`'s port on 127.0.0.1 carrying this Host header. */
async function statusWithHost(url: URL, host: string): Promise<number> {
  const headers = { authorization: `Bearer ${token}` };
  const body = mcpInitialize('hostile');
  return (await sendMcpRequest(url, { address: '127.0.0.1', host, headers, body })).status;
}

/** Serves the hostile gateway on `bind` with a token, sends one request with `host`, and closes. */
async function answerTo(bind: string, host: string): Promise<number> {
  const { gateway } = await hostileGateway();
  try {
    const served = await serveHttp(gateway, { host: bind, token });
    try {
      return await statusWithHost(served.url, host);
    } finally {
      await served.close();
    }
  } finally {
    await gateway.close();
  }
}

const wants = (expected: number) => (status: unknown) =>
  status === expected ? undefined : `answered ${status}, not ${expected}`;

/** Item 13: issue 23's Host header findings (DNS rebinding on a wide bind, a malformed Host). */
export const hostCases: HostileCase[] = [
  {
    item: 13,
    name: 'Host: evil.example to a gateway bound to 0.0.0.0 with a token',
    wants: 'answer',
    run: () => answerTo('0.0.0.0', 'evil.example'),
    check: wants(403),
  },
  {
    item: 13,
    name: 'a malformed Host header ("[zz") on loopback',
    wants: 'answer',
    run: () => answerTo('127.0.0.1', '[zz'),
    check: wants(400),
  },
];
