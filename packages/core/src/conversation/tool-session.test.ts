import { describe, expect, it } from 'vitest';
import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import { MAX_EXAMPLE_QUERY_LENGTH, type ToolExample } from '../learning/tool-example.js';
import { pipe } from '../pipeline/pipe.js';
import { lengthPacker, overlapRanker, recordingLearner, testFusion } from '../test-plugins.js';
import { toolSession } from './tool-session.js';

const catalogue = [
  { name: 'post_message', description: 'post a chat message to a channel' },
  { name: 'send_email', description: 'send an email message' },
  { name: 'create_issue', description: 'create an issue in the tracker' },
  { name: 'close_issue', description: 'close an issue in the tracker' },
  { name: 'list_files', description: 'list files in a folder' },
  { name: 'read_file', description: 'read a file' },
];
const picker = () => pipe(overlapRanker()).index(catalogue);
/** A picker whose `learn()` records what it is taught: the one door a session teaches through. */
const learningPicker = (taught: ToolExample[]) =>
  pipe(overlapRanker(), recordingLearner(taught)).fuse(testFusion).index(catalogue);

describe('toolSession', () => {
  it('keeps earlier tools offered and appends new ones, so the list is append-only', async () => {
    const session = toolSession(await picker(), { limit: 2, maxTools: 6 });
    const first = await session.offer('post a chat message');
    expect(first.names).toEqual(['post_message', 'send_email']);
    const second = await session.offer('create an issue in the tracker');
    expect(second.names.slice(0, 2)).toEqual(['post_message', 'send_email']);
    expect(second.added).toEqual(['create_issue', 'close_issue']);
    expect(second.evicted).toEqual([]);
    expect(second.tools.map((tool) => tool.name)).toEqual(second.names);
    expect(second.selection.picks.map((pick) => pick.name)).toEqual([
      'create_issue',
      'close_issue',
    ]);
  });

  it('makes room by dropping the stalest unpinned tool, never one the model called', async () => {
    const session = toolSession(await picker(), { limit: 2, maxTools: 3 });
    await session.offer('post a chat message'); // post_message, send_email
    const second = await session.offer('read a file', { called: ['post_message'] });
    expect(second.names).toContain('post_message');
    expect(second.evicted).toEqual(['send_email']);
    const third = await session.offer('create an issue in the tracker');
    expect(third.names).toContain('post_message');
    expect(third.names).toContain('create_issue');
    expect(third.names).toHaveLength(3);
  });

  it('caps the offered tokens when the pipeline packs', async () => {
    const packed = await pipe(overlapRanker()).pack(lengthPacker(1000)).index(catalogue);
    const session = toolSession(packed, { limit: 2, maxTools: 6, maxTokens: 70 });
    await session.offer('post a chat message'); // 32 + 21 tokens
    const next = await session.offer('create an issue in the tracker'); // 29 each: only one fits
    const tokens = next.names.map((name) => packed.get(name)!.description.length);
    expect(tokens.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(70);
    expect(next.names).toContain('create_issue');
  });

  it('asks for a packing pipeline when maxTokens cannot be counted', async () => {
    const session = toolSession(await picker(), { maxTokens: 100 });
    await expect(session.offer('send an email')).rejects.toThrow(/add \.pack\(budget\(n\)\)/);
  });

  it('teaches the picker what the model called after a search, once', async () => {
    const taught: ToolExample[] = [];
    const session = toolSession(await learningPicker(taught), { limit: 2 });
    const found = await session.search('close the ticket issue');
    expect(found.picks[0]!.name).toBe('close_issue');
    expect(session.offered).toContain('close_issue');
    await session.called(['close_issue', 'not_offered_tool']);
    await session.called(['close_issue']);
    expect(taught).toEqual([{ query: 'close the ticket issue', tool: 'close_issue' }]);
  });

  it('refuses a store as learn: calls teach the picker, and a store belongs to the pipeline', async () => {
    const live = await picker();
    expect(() => toolSession(live, { learn: { addExamples() {} } as never })).toThrow(
      /give a store to the pipeline/,
    );
  });

  it('keeps the agent loop going when learning fails, and reports the error', async () => {
    const errors: unknown[] = [];
    const failing = recordingLearner();
    const live = await pipe(overlapRanker(), {
      ...failing,
      async doIndex(tools) {
        const index = await failing.doIndex(tools);
        return {
          ...index,
          async doLearn() {
            throw new Error('store down');
          },
        };
      },
    })
      .fuse(testFusion)
      .index(catalogue);
    const session = toolSession(live, { onLearnError: (error) => errors.push(error) });
    await session.offer('send an email');
    const next = await session.offer('send an email', { called: ['send_email'] });
    expect(next.names).toContain('send_email');
    expect(errors).toHaveLength(1);
  });

  it('forgets tools removed from the catalogue', async () => {
    const live = await picker();
    const session = toolSession(live, { limit: 2 });
    await session.offer('post a chat message');
    await live.remove(['post_message']);
    const next = await session.offer('read a file');
    expect(next.names).not.toContain('post_message');
  });

  it('rejects options that cannot work', async () => {
    const live = await picker();
    expect(() => toolSession(live, { limit: 0 })).toThrow(InvalidArgumentError);
    expect(() => toolSession(live, { limit: 8, maxTools: 4 })).toThrow(/below limit/);
    await expect(toolSession(live).offer('x', { called: 'a' as never })).rejects.toThrow(
      InvalidArgumentError,
    );
  });
});

describe('toolSession learning from a whole history', () => {
  it('teaches under the source the conversation speaks for', async () => {
    const taught: ToolExample[] = [];
    const session = toolSession(await learningPicker(taught), { limit: 2, source: 'alice' });
    await session.offer('close an issue in the tracker');
    await session.offer('and now?', { called: ['close_issue'] });
    expect(taught).toEqual([
      { query: 'close an issue in the tracker', tool: 'close_issue', source: 'alice' },
    ]);
  });

  it('learns a tool once, from the query it was first called under, though the history repeats', async () => {
    const taught: ToolExample[] = [];
    const session = toolSession(await learningPicker(taught), { limit: 2 });
    await session.offer('close an issue in the tracker');
    await session.offer('create an issue in the tracker', { called: ['close_issue'] });
    // The next turn passes the whole history again and picks close_issue under a new query.
    await session.offer('close the other issue too', { called: ['close_issue'] });
    await session.offer('list files', { called: ['close_issue'] });
    expect(taught).toEqual([{ query: 'close an issue in the tracker', tool: 'close_issue' }]);
  });

  it("teaches a pre-selected call under the user's own message, not the conversation query", async () => {
    const taught: ToolExample[] = [];
    const session = toolSession(await learningPicker(taught), { limit: 2 });
    const request = 'close an issue in the tracker';
    // An adapter's conversation query repeats the last user message to weight it.
    await session.offer(`${request}\n${request}\nearlier context`, { request });
    await session.offer(`${request}\n${request}`, { request, called: ['close_issue'] });
    expect(taught).toEqual([{ query: request, tool: 'close_issue' }]);
  });

  it('teaches nothing for a tool removed from the catalogue since it was offered', async () => {
    const taught: ToolExample[] = [];
    const live = await learningPicker(taught);
    const session = toolSession(live, { limit: 2 });
    await session.offer('close an issue in the tracker');
    await live.remove(['close_issue']);
    await session.called(['close_issue', 'create_issue']);
    expect(taught).toEqual([{ query: 'close an issue in the tracker', tool: 'create_issue' }]);
  });
});

describe('toolSession learning from tool search', () => {
  it('teaches the search query and the user request the search served, through the picker', async () => {
    const taught: { query: string; tool: string }[] = [];
    const withRecorder = await pipe(overlapRanker(), recordingLearner(taught))
      .fuse(testFusion)
      .index(catalogue);
    const session = toolSession(withRecorder, { limit: 2 });
    await session.offer('the thing from yesterday is done');
    await session.search('close issue tracker');
    await session.called(['close_issue']);
    expect(taught).toEqual([
      { query: 'close issue tracker', tool: 'close_issue' },
      { query: 'the thing from yesterday is done', tool: 'close_issue' },
    ]);
  });

  it('takes the request a search serves from the adapter, and learns nothing with learn: false', async () => {
    const taught: { query: string; tool: string }[] = [];
    const picker = await pipe(overlapRanker(), recordingLearner(taught))
      .fuse(testFusion)
      .index(catalogue);
    const session = toolSession(picker, { limit: 2 });
    await session.search('read file', { request: 'what does the readme say' });
    await session.called(['read_file']);
    expect(taught).toEqual([
      { query: 'read file', tool: 'read_file' },
      { query: 'what does the readme say', tool: 'read_file' },
    ]);
    const quiet = toolSession(picker, { limit: 2, learn: false });
    await quiet.search('list files');
    await quiet.called(['list_files']);
    expect(taught).toHaveLength(2);
  });

  it('keeps an example query within what an example holds', async () => {
    const taught: { query: string; tool: string }[] = [];
    const picker = await pipe(overlapRanker(), recordingLearner(taught))
      .fuse(testFusion)
      .index(catalogue);
    const session = toolSession(picker, { limit: 2 });
    const long = `${'earlier turns '.repeat(200)}send an email`;
    await session.offer(long);
    await session.called(['send_email']);
    expect(taught[0]!.query.length).toBe(MAX_EXAMPLE_QUERY_LENGTH);
    expect(taught[0]!.query.endsWith('send an email')).toBe(true);
  });
});
