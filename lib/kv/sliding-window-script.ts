/**
 * One atomic sliding-log check: drop hits older than the window, count, admit when under the
 * limit. Time comes from the Redis server so that every function instance agrees on it. Exact
 * at window boundaries, unlike a fixed window, which lets twice the limit through across one.
 * Returns {allowed 0|1, count, ms until the oldest hit leaves}.
 */
export const slidingWindowScript = `
local key = KEYS[1]
local limit = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local member = ARGV[3]
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', key, '-inf', now - window)
local count = redis.call('ZCARD', key)
local allowed = 0
if count < limit then
  redis.call('ZADD', key, now, member)
  count = count + 1
  allowed = 1
end
redis.call('PEXPIRE', key, window)
local oldest = redis.call('ZRANGE', key, 0, 0, 'WITHSCORES')
local reset = 0
if oldest[2] then reset = tonumber(oldest[2]) + window - now end
return {allowed, count, reset}
`;

export function parseSlidingWindowReply(reply: unknown) {
  const [allowed, count, resetMs] = (reply as (number | string)[]).map(Number);
  return { allowed: allowed === 1, count, resetMs: Math.max(0, resetMs) };
}
