import { mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { fixture, runCli } from './test-run-cli.js';

interface JsonPick {
  rank: number;
  name: string;
  score: number;
  sources: Record<string, { rank: number; score: number }>;
  tokens?: number;
}
interface JsonSelection {
  query: string;
  pipeline: string;
  picks: JsonPick[];
  totalTokens?: number;
}

// Each test starts the built CLI as a child process; a busy machine needs more than 5 s.
vi.setConfig({ testTimeout: 60_000 });

/** Collapses the padding that aligns Markdown columns, so rows compare by content. */
const squash = (text: string) => text.replace(/ {2,}/g, ' ').replace(/-{3,}/g, '---');

const json = <T>(text: string): T => JSON.parse(text) as T;

describe('shortlist select', () => {
  it('picks from an OpenAI tool file and prints JSON when piped', async () => {
    const result = await runCli([
      'select',
      'will it rain in Lisbon tomorrow, what is the forecast',
      '--tools',
      fixture('openai-tools.json'),
    ]);
    // One note says why JSON and how to get the table; the JSON itself stays on stdout.
    expect(result.stderr).toBe(
      'shortlist: printing JSON because standard output is not a terminal; pass --format table for the table, or --json to silence this note\n',
    );
    expect(result.code).toBe(0);
    const selection = json<JsonSelection>(result.stdout);
    expect(selection.pipeline).toBe('lexical');
    expect(selection.picks[0]!.name).toBe('get_weather');
    expect(selection.picks[0]!.sources.bm25!.rank).toBe(1);
    expect(selection.picks[0]!.sources.tfidf!.rank).toBe(1);
    expect(selection.picks.length).toBeLessThanOrEqual(5);
    const tokens = selection.picks.map((pick) => pick.tokens!);
    expect(tokens.every((count) => count > 10)).toBe(true);
    expect(selection.totalTokens).toBe(tokens.reduce((a, b) => a + b, 0));
  });

  it('picks from an Anthropic tool file and prints a table when asked', async () => {
    const result = await runCli([
      'select',
      'refund that card payment, then post a message in the team chat',
      '--tools',
      fixture('anthropic-tools.json'),
      '--format',
      'table',
      '--limit',
      '2',
    ]);
    expect(result.code).toBe(0);
    const lines = result.stdout.trim().split('\n');
    expect(lines[0]).toMatch(
      /^#\s+tool\s+score\s+bigrams #\s+bm25 #\s+name #\s+opening #\s+pieces #\s+tfidf #\s+tokens$/,
    );
    expect(lines).toHaveLength(5);
    expect(
      lines
        .slice(1, 3)
        .map((line) => line.split(/\s+/)[1])
        .sort(),
    ).toEqual(['post_chat_message', 'refund_payment']);
    expect(lines[3]).toMatch(/^2 tools, \d+ tokens of 4000$/);
    expect(lines[4]).toMatch(
      /^confidence: first pick right \d+%( \(unsure: more likely wrong than right\))?, a right tool in the first five \d+%$/,
    );
  });

  it('reads an MCP tools/list result from standard input', async () => {
    const input = await readFile(fixture('mcp-tools.json'), 'utf8');
    const result = await runCli(
      ['select', 'search for files matching *.ts', '--tools', '-', '--pipeline', 'bm25'],
      { input },
    );
    expect(result.code).toBe(0);
    const selection = json<JsonSelection>(result.stdout);
    expect(selection.pipeline).toBe('bm25');
    expect(selection.picks[0]!.name).toBe('search_files');
    expect(Object.keys(selection.picks[0]!.sources)).toEqual(['bm25']);
    expect(selection.totalTokens).toBeUndefined();
  });

  it('keeps the picks within --budget, counted with the real tokenizer', async () => {
    const wide = json<JsonSelection>(
      (
        await runCli([
          'select',
          'email invoice customer meeting weather',
          '--tools',
          fixture('openai-tools.json'),
        ])
      ).stdout,
    );
    const allTokens = wide.totalTokens!;
    const budget = Math.floor(allTokens / 2);
    const result = await runCli([
      'select',
      'email invoice customer meeting weather',
      '--tools',
      fixture('openai-tools.json'),
      '--budget',
      String(budget),
    ]);
    const tight = json<JsonSelection>(result.stdout);
    expect(tight.totalTokens).toBeLessThanOrEqual(budget);
    expect(tight.picks.length).toBeLessThan(wide.picks.length);
  });

  it('uses the bundled sample catalogue without --tools', async () => {
    const result = await runCli([
      'select',
      'refund the duplicate charge for order 1042',
      '--limit',
      '3',
    ]);
    expect(result.code).toBe(0);
    const selection = json<JsonSelection>(result.stdout);
    expect(selection.picks).toHaveLength(3);
    expect(selection.picks.map((pick) => pick.name)).toContain('payments_refund');
  });
});

describe('shortlist demo', () => {
  it('prints picks for every bundled sample query', async () => {
    const queries = json<string[]>(
      await readFile(new URL('../data/sample-queries.json', import.meta.url), 'utf8'),
    );
    const result = await runCli(['demo']);
    expect(result.code).toBe(0);
    const selections = json<JsonSelection[]>(result.stdout);
    expect(selections.map((selection) => selection.query)).toEqual(queries);
    for (const selection of selections) expect(selection.picks.length).toBeLessThanOrEqual(3);
    expect(selections.filter((selection) => selection.picks.length > 0).length).toBeGreaterThan(
      queries.length / 2,
    );
    const table = await runCli(['demo', '--format', 'table']);
    expect(table.stdout).toContain(`› ${queries[0]}`);
  });
});

describe('errors', () => {
  const oneLine = (stderr: string) => {
    expect(stderr.trim().split('\n')).toHaveLength(1);
    return stderr.trim();
  };

  it('reports a missing tools file in one line and exits 1', async () => {
    const result = await runCli(['select', 'x', '--tools', '/nonexistent/tools.json']);
    expect(result.code).toBe(1);
    expect(oneLine(result.stderr)).toBe(
      'shortlist: cannot read tools from /nonexistent/tools.json (ENOENT)',
    );
    expect(result.stdout).toBe('');
  });

  it('reports a file that is not a catalogue', async () => {
    const notJson = await runCli(['select', 'x', '--tools', '-'], { input: '{ nope' });
    expect(notJson.code).toBe(1);
    expect(oneLine(notJson.stderr)).toMatch(/^shortlist: standard input is not JSON/);
    const duplicate = await runCli(['select', 'x', '--tools', '-'], {
      input: JSON.stringify([
        { name: 'a', description: '' },
        { name: 'a', description: '' },
      ]),
    });
    expect(oneLine(duplicate.stderr)).toMatch(/both named "a"; tool names must be unique/);
  });

  it('names an unknown pipeline and what is missing for the OpenAI ones', async () => {
    const unknown = await runCli(['select', 'x', '--pipeline', 'magic']);
    expect(unknown.code).toBe(1);
    expect(oneLine(unknown.stderr)).toMatch(
      /unknown pipeline "magic"; choose one of lexical, bm25, tfidf, orama, semantic, hybrid/,
    );
    const semantic = await runCli(['select', 'x', '--pipeline', 'semantic']);
    expect(semantic.code).toBe(1);
    expect(oneLine(semantic.stderr)).toMatch(/needs OPENAI_API_KEY set, or --base-url/);
  });

  it('rejects bad option values before doing any work', async () => {
    const result = await runCli(['select', 'x', '--limit', 'many']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("option '-l, --limit <n>' argument 'many' is invalid");
  });
});

describe('--help', () => {
  it.each([
    [[], 'Usage: shortlist [options] [command]'],
    [['select'], 'Usage: shortlist select [options] [query]'],
    [['demo'], 'Usage: shortlist demo [options]'],
    [['eval'], 'Usage: shortlist eval [options] <dataset>'],
    [['bench'], 'Usage: shortlist bench [options]'],
    [['report'], 'Usage: shortlist report [options]'],
    [['abstention'], 'Usage: shortlist abstention [options]'],
  ])('shortlist %j --help', async (command, usage) => {
    const result = await runCli([...command, '--help']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(usage);
  });
});

describe('shortlist abstention', () => {
  it("asks each catalogue its own, the other sets' and leave-out requests, as JSON", async () => {
    const dir = await mkdtemp(join(tmpdir(), 'shortlist-abstention-'));
    try {
      for (const name of ['bfcl', 'metatool', 'sealtools']) {
        await symlink(fixture('benchmarks/tiny'), join(dir, name));
      }
      const result = await runCli(['abstention', '--benchmarks', dir, '--json']);
      expect(result.code).toBe(0);
      const reports = JSON.parse(result.stdout) as {
        catalogue: string;
        counts: Record<string, number>;
        outcomes: { kind: string }[];
      }[];
      expect(reports.map((report) => report.catalogue)).toEqual(['bfcl', 'metatool', 'sealtools']);
      // Every test-split request of the tiny set: as its own, from each of the two others, left out.
      const { own, foreign, leaveOut, leaveOutSibling } = reports[0]!.counts;
      expect(own).toBeGreaterThan(0);
      expect(foreign).toBe(2 * own!);
      expect(leaveOut! + leaveOutSibling!).toBe(own);
      expect(new Set(reports[0]!.outcomes.map((outcome) => outcome.kind))).toEqual(
        new Set(['own', 'foreign', 'leave-out']),
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('refuses a split other than train or test, saying which to use', async () => {
    const result = await runCli(['abstention', '--split', 'dev']);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(
      /--split must be train \(to choose settings on\) or test \(to report\), got "dev"/,
    );
  });
});

describe('shortlist eval', () => {
  const dataset = fixture('benchmarks/tiny');

  it('evaluates pipelines side by side with a paired comparison, as JSON', async () => {
    const result = await runCli([
      'eval',
      dataset,
      '--pipeline',
      'lexical,bm25',
      '--pipeline',
      'tfidf',
    ]);
    expect(result.code).toBe(0);
    const output = json<{
      dataset: string;
      queries: number;
      reports: {
        name: string;
        queries: number;
        metrics: Record<string, { mean: number; low: number; high: number }>;
        tokens?: { mean: number };
      }[];
      comparisons: {
        a: string;
        b: string;
        metrics: Record<string, { difference: { mean: number } }>;
      }[];
      gate: { passed: boolean };
    }>(result.stdout);
    expect(output.dataset).toBe('tiny');
    expect(output.queries).toBe(6);
    expect(output.reports.map((report) => report.name)).toEqual(['lexical', 'bm25', 'tfidf']);
    const lexical = output.reports[0]!;
    expect(lexical.metrics['hit@1']!.mean).toBeGreaterThanOrEqual(4 / 6);
    expect(lexical.metrics['ndcg@10']!.mean).toBeLessThan(1);
    expect(lexical.tokens!.mean).toBeGreaterThan(0);
    expect(output.reports[1]!.tokens).toBeUndefined();
    expect(output.comparisons.map((c) => `${c.a}-${c.b}`)).toEqual([
      'lexical-bm25',
      'lexical-tfidf',
    ]);
    const difference = output.comparisons[0]!.metrics.mrr!.difference.mean;
    expect(difference).toBeCloseTo(
      lexical.metrics.mrr!.mean - output.reports[1]!.metrics.mrr!.mean,
      12,
    );
    expect(output.gate.passed).toBe(true);
  });

  it('exits 0 when every --min threshold is met and 2 when one is not', async () => {
    const passed = await runCli(['eval', dataset, '--min', 'hit@1=0.5', '--min', 'ndcg@10=50%']);
    expect(passed.code).toBe(0);
    const failed = await runCli(['eval', dataset, '--min', 'hit@1=0.5', '--min', 'ndcg@10=0.999']);
    expect(failed.code).toBe(2);
    expect(failed.stderr).toMatch(
      /^shortlist: gate failed: lexical ndcg@10 = 0\.\d{4} < 0\.999\n$/,
    );
    expect(json<{ gate: { passed: boolean } }>(failed.stdout).gate.passed).toBe(false);
  });

  it('rejects a malformed --min and a dataset folder that is not one', async () => {
    const badMin = await runCli(['eval', dataset, '--min', 'accuracy=0.5']);
    expect(badMin.code).toBe(1);
    expect(badMin.stderr).toMatch(/--min "accuracy=0.5" is not METRIC=VALUE/);
    const overOne = await runCli(['eval', dataset, '--min', 'mrr=60']);
    expect(overOne.stderr).toMatch(/fraction between 0 and 1 \(0\.60\) or a percentage \(60%\)/);
    const missing = await runCli(['eval', fixture('benchmarks')]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/cannot read .*tools\.jsonl \(ENOENT\)/);
  });

  it('prints Markdown tables with intervals when asked for a table, sampling deterministically', async () => {
    const first = await runCli(['eval', dataset, '--sample', '4', '--format', 'table', '--groups']);
    const second = await runCli([
      'eval',
      dataset,
      '--sample',
      '4',
      '--format',
      'table',
      '--groups',
    ]);
    expect(first.code).toBe(0);
    expect(first.stdout).toContain('tiny: 4 queries (sampled by id hash), 6 tools');
    expect(squash(first.stdout)).toMatch(
      /\| lexical \| tiny \| 4 \| \d+\.\d \[\d+\.\d, \d+\.\d\] \|/,
    );
    expect(first.stdout).toContain('lexical on tiny, by group:');
    const strip = (text: string) => squash(text).replace(/\| [\d.]+ \| [\d.]+ \|$/gm, '');
    expect(strip(second.stdout)).toBe(strip(first.stdout));
  });
});

describe('shortlist report', () => {
  it('writes the benchmarks page with the reference figures beside the pipelines', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'shortlist-report-'));
    try {
      const out = join(dir, 'benchmarks.md');
      // A hand-written part of the page it replaces is kept, where it was.
      const kept =
        '<!-- hand-written -->\n\n## Learning through the MCP gateway\n\nprinted by a lab script';
      await writeFile(out, `# Benchmarks\n\n## Learning from use\n\nold table\n\n${kept}\n`);
      const result = await runCli([
        'report',
        '--benchmarks',
        fixture('benchmarks'),
        '--out',
        out,
        '--pipeline',
        'lexical,bm25',
      ]);
      expect(result.code).toBe(0);
      const page = squash(await readFile(out, 'utf8'));
      expect(page).toMatch(
        /^# Benchmarks\n\nGenerated by `node packages\/cli\/dist\/bin.js report`/,
      );
      expect(page).toMatch(/\| tiny \| 6 \| 60\.00 \| \d+\.\d \[\d+\.\d, \d+\.\d\] \| \d+\.\d \[/);
      expect(page).toContain(
        'Plain-BM25 reference (benchmarks README, percent, no interval): hit@1 50.00, recall@5 80.00, ndcg@10 60.00, mrr 55.00.',
      );
      expect(page).toContain('Paired comparison, lexical − bm25');
      expect(page).toContain('### lexical by group');
      expect(page).not.toContain('old table');
      expect(page).toMatch(
        /\n## Learning from use\n[\s\S]*\n<!-- hand-written -->\n\n## Learning through the MCP gateway\n\nprinted by a lab script\n/,
      );
      expect(result.stdout).toContain(`wrote ${out}`);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('shortlist bench', () => {
  it('runs the speed benchmark and prints its figures as JSON when piped', async () => {
    const result = await runCli([
      'bench',
      '--sizes',
      '200',
      '--rankers',
      'bm25',
      '--queries',
      '20',
      '--no-budget',
      '--vector-sizes',
      '300',
      '--vector-dimensions',
      '64',
    ]);
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('');
    const report = json<{
      rankers: { ranker: string; size: number; p50Us: number }[];
      budget?: unknown;
      vectors: { kind: string; size: number; dimensions: number; identical: boolean }[];
    }>(result.stdout);
    expect(report.rankers.map((entry) => [entry.ranker, entry.size])).toEqual([['bm25', 200]]);
    expect(report.rankers[0]!.p50Us).toBeGreaterThan(0);
    expect(report.budget).toBeUndefined();
    expect(report.vectors.map((v) => [v.kind, v.size, v.dimensions, v.identical])).toEqual([
      ['semantic', 300, 64, true],
      ['intent', 300, 64, true],
    ]);
  });

  it('rejects an unknown ranker in one line', async () => {
    const result = await runCli(['bench', '--sizes', '200', '--rankers', 'magic', '--no-budget']);
    expect(result.code).toBe(1);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toMatch(/^shortlist: runBench\(\): options\.rankers must be ids among/);
  });
});
