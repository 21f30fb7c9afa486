#!/usr/bin/env node
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ShortlistError } from '@shortlist/core';
import { benchUsage, parseBenchArgs } from './parse-args.js';
import { readDefinitions } from './read-definitions.js';
import { renderMarkdown } from './render-markdown.js';
import { runBench } from './run-bench.js';

try {
  const command = parseBenchArgs(process.argv.slice(2));
  if (command.help) {
    process.stdout.write(`${benchUsage}\n`);
  } else {
    const definitions = command.definitionsPath
      ? await readDefinitions(command.definitionsPath)
      : undefined;
    // A benchmarks folder holding MetaTool also gives the intent() rows.
    const path = command.definitionsPath;
    const metatool =
      path && statSync(path).isDirectory() && existsSync(join(path, 'metatool', 'queries.jsonl'))
        ? join(path, 'metatool')
        : undefined;
    const report = await runBench({
      ...(metatool ? { metatool } : {}),
      ...command.options,
      ...(definitions ? { definitions } : {}),
      onProgress: (message) => process.stderr.write(`… ${message}\n`),
    });
    process.stdout.write(
      command.json ? `${JSON.stringify(report, null, 2)}\n` : renderMarkdown(report),
    );
  }
} catch (error) {
  process.stderr.write(`${ShortlistError.isInstance(error) ? error.message : String(error)}\n`);
  process.exitCode = 1;
}
