import type { Command } from 'commander';
import { loadOptional } from '../optional-package.js';
import { positiveNumber } from '../options.js';
import { stderrLine } from '../terminal-text.js';
import { readConfig } from './mcp-config.js';

/** What `login` and `logout` read from `shortlist mcp`'s own flags. */
interface SignInFlags {
  readonly config: string;
  readonly authDir?: string;
}

const loadMcp = () =>
  loadOptional('@shortlist/mcp', 'shortlist mcp login', () => import('@shortlist/mcp'));

async function target(command: Command, server: string) {
  const flags = command.optsWithGlobals<SignInFlags>();
  return {
    config: await readConfig(flags.config),
    server,
    ...(flags.authDir ? { authDirectory: flags.authDir } : {}),
  };
}

/**
 * Registers `shortlist mcp login <server>` and `logout <server>`: the MCP authorization flow
 * for an upstream reached by URL, run once in a terminal so the gateway never has to prompt.
 */
export function mcpLoginCommands(mcp: Command): void {
  mcp
    .command('login <server>')
    .description(
      'sign the gateway in to an upstream that asks for OAuth: prints a URL to open, then keeps the tokens in a user-only file',
    )
    .option(
      '--timeout-seconds <s>',
      'longest wait for the browser to come back (default 300)',
      positiveNumber,
    )
    .action(async (server: string, options: { timeoutSeconds?: number }, command: Command) => {
      const { signInUpstream } = await loadMcp();
      const result = await signInUpstream({
        ...(await target(command, server)),
        onAuthorizationUrl: (url) =>
          stderrLine(`shortlist mcp: open this URL to sign in to "${server}":\n${url.href}`),
        ...(options.timeoutSeconds ? { timeoutMs: options.timeoutSeconds * 1000 } : {}),
      });
      stderrLine(
        result.signedIn
          ? `shortlist mcp: signed in to "${server}" (${result.tools} tools); tokens kept in ${result.path}`
          : `shortlist mcp: "${server}" let the gateway in without signing in (${result.tools} tools)`,
      );
    });
  mcp
    .command('logout <server>')
    .description(
      "forget an upstream's sign-in: revoke its token where the server allows, delete the file",
    )
    .action(async (server: string, _options: unknown, command: Command) => {
      const { signOutUpstream } = await loadMcp();
      const had = await signOutUpstream(await target(command, server));
      stderrLine(
        had
          ? `shortlist mcp: signed out of "${server}"`
          : `shortlist mcp: "${server}" had no sign-in to forget`,
      );
    });
}
