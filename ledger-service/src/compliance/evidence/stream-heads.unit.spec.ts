import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { StreamHeads } from './stream-heads.js';

const digest = (text: string): Buffer => createHash('sha256').update(text).digest();
const latin1 = (bytes: Buffer): string => bytes.toString('latin1');

describe('StreamHeads', () => {
  it('keeps the head of every stream of a file with more streams than its first arrays hold', () => {
    const heads = new StreamHeads();
    const streams = 5_000;
    for (let stream = 0; stream < streams; stream += 1) {
      expect(heads.link(`"s-${stream}"`, 0, undefined, latin1(digest(`${stream}:0`)), 0)).toEqual({ entryPoint: false });
    }
    for (let stream = 0; stream < streams; stream += 1) {
      expect(heads.link(`"s-${stream}"`, 1, digest(`${stream}:0`), latin1(digest(`${stream}:1`)), 0)).toEqual({ entryPoint: false });
    }
    // The first stream's head moved on to version 1: version 0's hash no longer links.
    const stale = heads.link('"s-0"', 2, digest('0:0'), latin1(digest('0:2')), 0);
    expect(stale).toEqual({
      broken: `lists prevHash ${digest('0:0').toString('hex')}; expected ${digest('0:1').toString('hex')}, the hash of version 1 of its stream in the file`,
    });
    // A broken link leaves the head as it was: the right hash still links.
    expect(heads.link('"s-0"', 2, digest('0:1'), latin1(digest('0:2')), 0)).toEqual({ entryPoint: false });
    expect(heads.link(`"s-${streams - 1}"`, 2, digest(`${streams - 1}:1`), latin1(digest('x')), 0)).toEqual({ entryPoint: false });
  });

  it('takes versions skipped only as far as the leaves listed since can hold them', () => {
    const heads = new StreamHeads();
    heads.link('"a"', 0, undefined, latin1(digest('a0')), 0);
    expect(heads.link('"a"', 3, digest('any'), latin1(digest('a3')), 2)).toEqual({ entryPoint: true });
    expect(heads.link('"a"', 7, digest('any'), latin1(digest('a7')), 4)).toEqual({
      broken: 'follows version 3 of its stream in the file; expected version 4 (the 2 events listed by hash since cannot hold versions 4 to 6)',
    });
  });
});
