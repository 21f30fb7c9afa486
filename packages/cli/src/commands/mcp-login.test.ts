import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../test-run-cli.js';

describe('shortlist mcp login / logout', { timeout: 60_000 }, () => {
  let directory: string;
  let config: string;

  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), 'shortlist-cli-login-'));
    config = join(directory, 'servers.json');
    await writeFile(
      config,
      JSON.stringify({
        mcpServers: {
          local: { command: 'node', args: ['server.js'] },
          keyed: { url: 'http://127.0.0.1:9/mcp', headers: { Authorization: 'Bearer abc' } },
          hosted: { url: 'http://127.0.0.1:9/mcp' },
        },
      }),
    );
  });
  afterAll(() => rm(directory, { recursive: true, force: true }));

  it('refuses, in one line, a server that is not in the config, runs locally or has a static token', async () => {
    const auth = ['--auth-dir', join(directory, 'auth')];
    const unknown = await runCli(['mcp', 'login', 'github', '--config', config, ...auth]);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toBe(
      'shortlist: no upstream named "github"; the config has local, keyed, hosted\n',
    );
    const local = await runCli(['mcp', '--config', config, 'login', 'local', ...auth]);
    expect(local.stderr).toMatch(
      /upstream "local" runs as a local command; only a server reached by "url" signs in/,
    );
    const keyed = await runCli(['mcp', 'login', 'keyed', '--config', config, ...auth]);
    expect(keyed.stderr).toMatch(/static Authorization header.*remove the header to sign in/);
    // Nothing answers on port 9: the sign-in fails at once, without a prompt or a file.
    const hosted = await runCli(['mcp', 'login', 'hosted', '--config', config, ...auth]);
    expect(hosted.code).toBe(1);
    expect(hosted.stderr).toMatch(
      /^shortlist: signing in to upstream "hosted" failed: nothing answered; check that its url is right/,
    );
    expect(hosted.stderr).not.toMatch(/open this URL/);
  });

  it('logs out of a server with no sign-in, and refuses --auth-resource without --auth-issuer', async () => {
    const out = await runCli([
      'mcp',
      'logout',
      'hosted',
      '--config',
      config,
      '--auth-dir',
      directory,
    ]);
    expect(out.code).toBe(0);
    expect(out.stderr).toBe('shortlist mcp: "hosted" had no sign-in to forget\n');
    const flags = await runCli([
      'mcp',
      '--config',
      config,
      '--http',
      '0',
      '--auth-resource',
      'https://gateway.example.com/mcp',
    ]);
    expect(flags.code).toBe(1);
    expect(flags.stderr).toMatch(
      /--auth-resource and --auth-scope describe the tokens of --auth-issuer/,
    );
  });
});
