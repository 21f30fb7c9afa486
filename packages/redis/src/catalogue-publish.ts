import type { Redis } from 'ioredis';

/** One change to the shared catalogue, as it travels in the stream. */
export type Change = { op: 'add'; name: string; tool: string } | { op: 'remove'; name: string };

/**
 * Appends changes to the stream and records them in the state hash, atomically, after checking
 * that both keys hold what we write there and that the state is whole: a state hash that is gone
 * (evicted) is rebuilt from a stream that still holds every change, and refused (`STATELOST`)
 * when the stream was trimmed, rather than recreated with only the newest changes.
 */
const PUBLISH = `
local stream, state = KEYS[1], KEYS[2]
for _, key in ipairs({ { stream, 'stream' }, { state, 'hash' } }) do
  local found = redis.call('TYPE', key[1]).ok
  if found ~= key[2] and found ~= 'none' then
    return redis.error_reply('WRONGTYPE key ' .. key[1] .. ' holds a ' .. found .. ', not a ' .. key[2])
  end
end
if redis.call('EXISTS', state) == 0 and redis.call('EXISTS', stream) == 1 then
  local info = redis.call('XINFO', 'STREAM', stream)
  local fields = {}
  for i = 1, #info, 2 do fields[info[i]] = info[i + 1] end
  if fields['entries-added'] == nil or fields['entries-added'] ~= fields['length'] then
    return redis.error_reply('STATELOST ' .. ARGV[3])
  end
  for _, entry in ipairs(redis.call('XRANGE', stream, '-', '+')) do
    local record = {}
    for i = 1, #entry[2], 2 do record[entry[2][i]] = entry[2][i + 1] end
    if record.op == 'add' and record.name and record.tool then
      redis.call('HSET', state, record.name, record.tool)
    elseif record.op == 'remove' and record.name then
      redis.call('HSET', state, record.name, '')
    end
  end
end
for i = 4, #ARGV, 3 do
  local op, name, tool = ARGV[i], ARGV[i + 1], ARGV[i + 2]
  if op == 'add' then
    redis.call('XADD', stream, 'MAXLEN', '~', ARGV[1], '*', 'op', 'add', 'name', name, 'tool', tool)
    redis.call('HSET', state, name, tool)
  else
    redis.call('XADD', stream, 'MAXLEN', '~', ARGV[1], '*', 'op', 'remove', 'name', name)
    redis.call('HSET', state, name, '')
  end
end
if ARGV[2] ~= '' then redis.call('XTRIM', stream, 'MINID', '~', ARGV[2]) end
return 1
`;

/** What a reader or publisher says when the state hash of a trimmed stream is gone. */
export function stateLostMessage(stream: string, stateKey: string): string {
  return `the catalogue state ${stateKey} is gone while older changes were trimmed from ${stream}, so the changes only it held are lost (evicted? maxmemory-policy must be noeviction, or volatile-* as these keys have no TTL, never allkeys-*); set maxmemory-policy noeviction, delete ${stream}, and add the catalogue's tools again through sync.add`;
}

/** Publishes `changes` in one script call (see `PUBLISH`); rejects with Redis's reply error. */
export function publishChanges(
  client: Redis,
  keys: { stream: string; stateKey: string },
  changes: readonly Change[],
  trim: { maxEntries: number; minId: string | undefined },
): Promise<unknown> {
  const args: (string | number)[] = [
    trim.maxEntries,
    trim.minId ?? '',
    stateLostMessage(keys.stream, keys.stateKey),
  ];
  for (const change of changes) {
    args.push(change.op, change.name, change.op === 'add' ? change.tool : '');
  }
  return client.eval(PUBLISH, 2, keys.stream, keys.stateKey, ...args);
}
