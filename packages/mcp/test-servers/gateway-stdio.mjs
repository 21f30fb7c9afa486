// Runs the built gateway on stdin/stdout for the stdio tests: node gateway-stdio.mjs CONFIG_JSON [MODE]
// [--also-http] (serve the same gateway over HTTP too, printing its URL on stderr, so a test can
// open a second session on it).
import { createGateway, serveHttp, serveStdio } from '../dist/index.js';

const gateway = await createGateway({
  config: JSON.parse(process.argv[2]),
  cacheDirectory: false,
  upstreamStderr: 'ignore',
});
const mode = process.argv[3]?.startsWith('--') ? 'search' : (process.argv[3] ?? 'search');
await serveStdio(gateway, { mode });
if (process.argv.includes('--also-http')) {
  process.stderr.write(`http ${(await serveHttp(gateway, { mode })).url.href}\n`);
}
