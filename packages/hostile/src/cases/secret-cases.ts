import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createGateway } from '@shortlist/mcp';
import type { HostileCase } from '../hostile-case.js';

const secret = 'sk-Live-Do-Not-Print-4242';
/** The forms a careless upstream echoes a secret in, as the gateway must never repeat them. */
const secretForms = [
  secret.toLowerCase(),
  Buffer.from(secret).toString('base64').slice(4, -4).toLowerCase(),
  Buffer.from(secret).toString('base64url').slice(4, -4).toLowerCase(),
];

/** An upstream that refuses every request with a 401 echoing the URL and credentials, encoded. */
async function echoingUpstream() {
  const server = createServer((req, res) => {
    const echo = `${req.url} ${req.headers.authorization}`;
    res.writeHead(401, { 'content-type': 'text/plain' });
    res.end(
      `bad credentials: ${echo}, ${echo.toLowerCase()}, ${Buffer.from(echo).toString('base64')}, ${Buffer.from(echo).toString('base64url')}`,
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Why `lines` are wrong: empty, or one repeats a form of the secret. */
function leak(lines: readonly string[], what: string): string | undefined {
  if (lines.length === 0) return `no ${what} at all`;
  const leaked = lines.find((line) =>
    secretForms.some((form) => line.toLowerCase().includes(form)),
  );
  return leaked === undefined ? undefined : `a ${what} repeats the secret: ${leaked}`;
}

/** A stdio upstream that prints its secret to stderr, as is, lower-cased and in base64, then idles. */
const leakingUpstream = `
const secret = process.env.SECRET_TOKEN;
console.error('starting with token ' + secret);
console.error('lower ' + secret.toLowerCase() + ' and base64 ' + Buffer.from(secret).toString('base64'));
console.error('ready');
setInterval(() => {}, 1000);
`;

/** Item 13: issue 23's secret leaks, through \`@shortlist/mcp\`'s \`createGateway\`. */
export const secretCases: HostileCase[] = [
  {
    item: 13,
    name: 'an upstream echoing its ?api_key= and bearer secret, lower-cased and base64',
    wants: 'answer',
    run: async () => {
      const upstream = await echoingUpstream();
      const warnings: string[] = [];
      try {
        const gateway = await createGateway({
          config: {
            mcpServers: {
              remote: {
                url: `${upstream.url}?api_key=${secret}`,
                headers: { Authorization: `Bearer ${secret}` },
              },
            },
          },
          cacheDirectory: false,
          reconnectDelayMs: 60_000,
          onWarning: (message) => warnings.push(message),
        });
        for (let waited = 0; warnings.length === 0 && waited < 5000; waited += 50) await sleep(50);
        await gateway.close();
      } finally {
        await upstream.close();
      }
      return warnings;
    },
    check: (answer) => leak(answer as string[], 'warning'),
  },
  {
    item: 13,
    name: 'a stdio upstream printing its secret env to stderr, lower-cased and base64',
    wants: 'answer',
    run: async () => {
      const lines: string[] = [];
      const gateway = await createGateway({
        config: {
          mcpServers: {
            local: {
              command: process.execPath,
              args: ['-e', leakingUpstream],
              env: { SECRET_TOKEN: secret },
            },
          },
        },
        cacheDirectory: false,
        startWaitMs: 200,
        reconnectDelayMs: 60_000,
        upstreamStderr: (line) => lines.push(line),
        onWarning: () => undefined,
      });
      try {
        for (let waited = 0; !lines.includes('ready') && waited < 5000; waited += 50)
          await sleep(50);
      } finally {
        await gateway.close();
      }
      return lines;
    },
    check: (answer) => {
      const lines = answer as string[];
      if (!lines.some((line) => line.startsWith('starting with token')))
        return `the upstream's stderr never arrived: ${lines.join(' | ')}`;
      return leak(lines, 'stderr line');
    },
  },
];
